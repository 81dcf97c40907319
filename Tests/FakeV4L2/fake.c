// SPDX-License-Identifier: MIT
// LD_PRELOAD fake V4L2 camera: plays one mmap-streaming capture device at $FAKE_V4L2_PATH.
//
// Environment: FAKE_V4L2_PATH (default /dev/video-fake); FAKE_V4L2_FMT=GREY|YUYV|MJPG (default
// GREY); FAKE_V4L2_PAD=N extra bytes per row; FAKE_V4L2_FPS (default 30); FAKE_V4L2_FRAMES=file
// of raw W*H luma frames, cycled (else pixel = x + 3y + 7*sequence), or for MJPG one JPEG image;
// FAKE_V4L2_LOG=file gets
// one line per open/STREAMON/STREAMOFF/munmap/close; failure switches FAKE_V4L2_BUSY=1 (EBUSY
// from S_FMT, REQBUFS and STREAMON), FAKE_V4L2_NOT_CAPTURE=1, FAKE_V4L2_UNPLUG_AFTER=N (ENODEV
// and POLLHUP once N frames were dequeued).
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/videodev2.h>
#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

enum { max_buffers = 8 };
static const uint32_t sizes[][2] = {{640, 480}, {320, 240}, {160, 120}};

static struct {
  int fd, streaming, memfd, count, queued[max_buffers], done[max_buffers], ndone;
  uint32_t fourcc, width, height, stride, size, fps, slot, sequence[max_buffers], used[max_buffers];
  int64_t start, made, dequeued, stamp[max_buffers];
  void *maps[max_buffers];
} dev = {.fd = -1, .memfd = -1};

static long (*real_syscall)(long, ...);
static int (*real_poll)(struct pollfd *, nfds_t, int);
static void *(*real_mmap)(void *, size_t, int, int, int, off_t);
static int (*real_munmap)(void *, size_t);

static int env_int(const char *name, int fallback) {
  const char *text = getenv(name);
  return text != NULL && *text != '\0' ? atoi(text) : fallback;
}

static void resolve(void) {
  if (real_syscall != NULL) return;
  // POSIX guarantees that a function pointer survives the round trip through void *.
  *(void **)&real_poll = dlsym(RTLD_NEXT, "poll");
  *(void **)&real_mmap = dlsym(RTLD_NEXT, "mmap");
  *(void **)&real_munmap = dlsym(RTLD_NEXT, "munmap");
  *(void **)&real_syscall = dlsym(RTLD_NEXT, "syscall");
}

static void note(const char *event) {
  const char *path = getenv("FAKE_V4L2_LOG");
  if (path == NULL) return;
  int fd = (int)real_syscall(SYS_openat, AT_FDCWD, path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (fd < 0) return;
  ssize_t ignored = (ssize_t)real_syscall(SYS_write, fd, event, strlen(event));
  (void)ignored;
  real_syscall(SYS_write, fd, "\n", 1);
  real_syscall(SYS_close, fd);
}

static int is_device(const char *path) {
  const char *mine = getenv("FAKE_V4L2_PATH");
  return path != NULL && strcmp(path, mine != NULL ? mine : "/dev/video-fake") == 0;
}

static int64_t now_ns(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000000000 + t.tv_nsec;
}

static uint32_t device_fourcc(void) {
  const char *name = getenv("FAKE_V4L2_FMT");
  if (name != NULL && strcmp(name, "YUYV") == 0) return V4L2_PIX_FMT_YUYV;
  if (name != NULL && strcmp(name, "MJPG") == 0) return V4L2_PIX_FMT_MJPEG;
  return V4L2_PIX_FMT_GREY;
}

static void set_size(uint32_t width, uint32_t height) {
  dev.width = sizes[0][0];
  dev.height = sizes[0][1];
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
    if (sizes[i][0] == width && sizes[i][1] == height) dev.width = width, dev.height = height;
  int mjpeg = dev.fourcc == V4L2_PIX_FMT_MJPEG;
  dev.stride = mjpeg ? 0 : dev.width * (dev.fourcc == V4L2_PIX_FMT_YUYV ? 2 : 1) + (uint32_t)env_int("FAKE_V4L2_PAD", 0);
  dev.size = mjpeg ? dev.width * dev.height : dev.stride * dev.height;
}

static int open_device(void) {
  if (dev.fd >= 0) return -EBUSY;
  int fd = (int)real_syscall(SYS_openat, AT_FDCWD, "/dev/null", O_RDWR | O_CLOEXEC);
  if (fd < 0) return -errno;
  dev.fd = fd;
  dev.fourcc = device_fourcc();
  dev.fps = (uint32_t)env_int("FAKE_V4L2_FPS", 30);
  set_size(0, 0);
  note("open");
  return fd;
}

static void fill(int index) {
  uint8_t *frame = (uint8_t *)dev.maps[index], luma;
  const char *source = getenv("FAKE_V4L2_FRAMES");
  int file = source != NULL ? (int)real_syscall(SYS_openat, AT_FDCWD, source, O_RDONLY | O_CLOEXEC) : -1;
  dev.used[index] = dev.size;
  if (dev.fourcc == V4L2_PIX_FMT_MJPEG) {  // the file is one JPEG image, sent as every frame
    ssize_t count = file >= 0 ? pread(file, frame, dev.size, 0) : 0;
    dev.used[index] = count > 0 ? (uint32_t)count : 2;
    if (file >= 0) real_syscall(SYS_close, file);
    return;
  }
  size_t area = (size_t)dev.width * dev.height;
  uint8_t *row = malloc(dev.width);
  for (uint32_t y = 0; row != NULL && y < dev.height; y++) {
    if (file >= 0) {
      off_t frames = lseek(file, 0, SEEK_END) / (off_t)area;
      off_t at = frames > 0 ? (off_t)((size_t)(dev.made % frames) * area + y * dev.width) : 0;
      if (pread(file, row, dev.width, at) != (ssize_t)dev.width) memset(row, 0, dev.width);
    }
    uint8_t *line = frame + (size_t)y * dev.stride;
    memset(line, 0xEE, dev.stride);  // padding stays 0xEE, so a reader that ignores it shows
    for (uint32_t x = 0; x < dev.width; x++) {
      luma = file >= 0 ? row[x] : (uint8_t)(x + 3 * y + 7 * (uint32_t)dev.made);
      if (dev.fourcc == V4L2_PIX_FMT_YUYV) line[2 * x] = luma, line[2 * x + 1] = 128;
      else line[x] = luma;
    }
  }
  free(row);
  if (file >= 0) real_syscall(SYS_close, file);
}

// Produces every frame due by now into queued buffers; frames with no queued buffer are lost,
// leaving a gap in the sequence numbers as a real driver does.
static void produce(void) {
  if (!dev.streaming) return;
  int64_t due = (now_ns() - dev.start) / (1000000000 / (int64_t)dev.fps) + 1;
  for (; dev.made < due; dev.made++) {
    for (int i = 0; i < dev.count; i++) {
      if (!dev.queued[i]) continue;
      fill(i);
      dev.queued[i] = 0;
      dev.sequence[i] = (uint32_t)dev.made;
      dev.stamp[i] = now_ns();
      dev.done[dev.ndone++] = i;
      break;
    }
  }
}

static int unplugged(void) {
  int after = env_int("FAKE_V4L2_UNPLUG_AFTER", -1);
  return after >= 0 && dev.dequeued >= after;
}

static int format_ioctl(struct v4l2_format *format, int apply) {
  if (format->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) return -EINVAL;
  if (apply > 0 && env_int("FAKE_V4L2_BUSY", 0)) return -EBUSY;
  if (apply > 0 && dev.count > 0) return -EBUSY;
  uint32_t width = dev.width, height = dev.height;
  if (apply >= 0) set_size(format->fmt.pix.width, format->fmt.pix.height);
  memset(&format->fmt, 0, sizeof format->fmt);
  format->fmt.pix = (struct v4l2_pix_format){.width = dev.width, .height = dev.height,
      .pixelformat = dev.fourcc, .field = V4L2_FIELD_NONE, .bytesperline = dev.stride,
      .sizeimage = dev.size, .colorspace = V4L2_COLORSPACE_SRGB};
  if (apply <= 0 && apply != -2) set_size(width, height);  // TRY_FMT changes nothing
  return 0;
}

static int fake_ioctl(unsigned long request, void *argument) {
  if (unplugged() && request != VIDIOC_STREAMOFF && request != VIDIOC_REQBUFS) return -ENODEV;
  switch (request) {
  case VIDIOC_QUERYCAP: {
    struct v4l2_capability *caps = argument;
    memset(caps, 0, sizeof *caps);
    strcpy((char *)caps->driver, "fake");
    strcpy((char *)caps->card, "Fake QR Camera");
    strcpy((char *)caps->bus_info, "platform:fake");
    caps->version = 0x060100;
    caps->device_caps = (env_int("FAKE_V4L2_NOT_CAPTURE", 0) ? V4L2_CAP_VIDEO_OUTPUT : V4L2_CAP_VIDEO_CAPTURE) | V4L2_CAP_STREAMING;
    caps->capabilities = caps->device_caps | V4L2_CAP_DEVICE_CAPS;
    return 0;
  }
  case VIDIOC_ENUM_FMT: {
    struct v4l2_fmtdesc *desc = argument;
    if (desc->index != 0 || desc->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) return -EINVAL;
    desc->pixelformat = dev.fourcc;
    desc->flags = dev.fourcc == V4L2_PIX_FMT_MJPEG ? V4L2_FMT_FLAG_COMPRESSED : 0;
    strcpy((char *)desc->description, dev.fourcc == V4L2_PIX_FMT_GREY ? "8-bit Greyscale" : dev.fourcc == V4L2_PIX_FMT_YUYV ? "YUYV 4:2:2" : "Motion-JPEG");
    return 0;
  }
  case VIDIOC_G_FMT: return format_ioctl(argument, -2);
  case VIDIOC_TRY_FMT: return format_ioctl(argument, 0);
  case VIDIOC_S_FMT: return format_ioctl(argument, 1);
  case VIDIOC_ENUM_FRAMESIZES: {
    struct v4l2_frmsizeenum *size = argument;
    if (size->pixel_format != dev.fourcc || size->index >= sizeof sizes / sizeof sizes[0]) return -EINVAL;
    size->type = V4L2_FRMSIZE_TYPE_DISCRETE;
    size->discrete.width = sizes[size->index][0];
    size->discrete.height = sizes[size->index][1];
    return 0;
  }
  case VIDIOC_ENUM_FRAMEINTERVALS: {
    struct v4l2_frmivalenum *interval = argument;
    if (interval->pixel_format != dev.fourcc || interval->index > 1) return -EINVAL;
    interval->type = V4L2_FRMIVAL_TYPE_DISCRETE;
    interval->discrete = (struct v4l2_fract){1, interval->index == 0 ? 30 : 15};
    return 0;
  }
  case VIDIOC_G_PARM:
  case VIDIOC_S_PARM: {
    struct v4l2_streamparm *parameters = argument;
    if (parameters->type != V4L2_BUF_TYPE_VIDEO_CAPTURE) return -EINVAL;
    struct v4l2_fract *period = &parameters->parm.capture.timeperframe;
    if (request == VIDIOC_S_PARM && period->numerator > 0)
      dev.fps = (uint32_t)period->denominator / period->numerator >= 23 ? 30 : 15;
    memset(&parameters->parm, 0, sizeof parameters->parm);
    parameters->parm.capture.capability = V4L2_CAP_TIMEPERFRAME;
    parameters->parm.capture.timeperframe = (struct v4l2_fract){1, dev.fps};
    return 0;
  }
  case VIDIOC_REQBUFS: {
    struct v4l2_requestbuffers *request_buffers = argument;
    if (request_buffers->memory != V4L2_MEMORY_MMAP) return -EINVAL;
    if (env_int("FAKE_V4L2_BUSY", 0)) return -EBUSY;
    if (dev.streaming) return -EBUSY;
    if (dev.memfd >= 0) real_syscall(SYS_close, dev.memfd), dev.memfd = -1;
    dev.count = request_buffers->count > max_buffers ? max_buffers : (int)request_buffers->count;
    request_buffers->count = (uint32_t)dev.count;
    request_buffers->capabilities = V4L2_BUF_CAP_SUPPORTS_MMAP;
    memset(dev.queued, 0, sizeof dev.queued);
    dev.ndone = 0;
    if (dev.count == 0) return 0;
    dev.slot = (dev.size + 4095u) & ~4095u;
    dev.memfd = memfd_create("fake-v4l2", MFD_CLOEXEC);
    return dev.memfd >= 0 && ftruncate(dev.memfd, (off_t)dev.slot * dev.count) == 0 ? 0 : -ENOMEM;
  }
  case VIDIOC_QUERYBUF:
  case VIDIOC_QBUF: {
    struct v4l2_buffer *buffer = argument;
    if (buffer->index >= (uint32_t)dev.count || buffer->memory != V4L2_MEMORY_MMAP) return -EINVAL;
    if (request == VIDIOC_QBUF) return dev.queued[buffer->index] = 1, 0;
    buffer->length = dev.size;
    buffer->m.offset = buffer->index * dev.slot;
    buffer->flags = V4L2_BUF_FLAG_MAPPED | V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC;
    return 0;
  }
  case VIDIOC_DQBUF: {
    struct v4l2_buffer *buffer = argument;
    produce();
    if (dev.ndone == 0) return -EAGAIN;
    int index = dev.done[0];
    memmove(dev.done, dev.done + 1, sizeof dev.done[0] * (size_t)--dev.ndone);
    buffer->index = (uint32_t)index;
    buffer->bytesused = dev.used[index];
    buffer->length = dev.size;
    buffer->m.offset = (uint32_t)index * dev.slot;
    buffer->sequence = dev.sequence[index];
    buffer->field = V4L2_FIELD_NONE;
    buffer->flags = V4L2_BUF_FLAG_MAPPED | V4L2_BUF_FLAG_DONE | V4L2_BUF_FLAG_TIMESTAMP_MONOTONIC;
    buffer->timestamp.tv_sec = dev.stamp[index] / 1000000000;
    buffer->timestamp.tv_usec = dev.stamp[index] % 1000000000 / 1000;
    dev.dequeued++;
    return 0;
  }
  case VIDIOC_STREAMON:
    if (env_int("FAKE_V4L2_BUSY", 0)) return -EBUSY;
    if (dev.count == 0) return -EINVAL;
    dev.streaming = 1, dev.start = now_ns(), dev.made = 0;
    return note("STREAMON"), 0;
  case VIDIOC_STREAMOFF:
    dev.streaming = 0, dev.ndone = 0;
    memset(dev.queued, 0, sizeof dev.queued);
    return note("STREAMOFF"), 0;
  default: return -ENOTTY;
  }
}

static void *fake_mmap(void *address, size_t length, int protection, int flags, off_t offset) {
  if (dev.memfd < 0 || offset % dev.slot != 0 || offset / dev.slot >= dev.count) return errno = EINVAL, MAP_FAILED;
  void *mapped = real_mmap(address, length, protection, flags, dev.memfd, offset);
  if (mapped != MAP_FAILED) dev.maps[offset / dev.slot] = mapped;
  return mapped;
}

static int fake_munmap(void *address, size_t length) {
  for (int i = 0; i < max_buffers; i++)
    if (address != NULL && dev.maps[i] == address) dev.maps[i] = NULL, note("munmap");
  return real_munmap(address, length);
}

static int fake_close(int fd) {
  if (dev.streaming) fake_ioctl(VIDIOC_STREAMOFF, NULL);
  dev.fd = -1, dev.count = 0, dev.dequeued = 0;
  if (dev.memfd >= 0) real_syscall(SYS_close, dev.memfd), dev.memfd = -1;
  note("close");
  return (int)real_syscall(SYS_close, fd);
}

static int result(int value) { return value < 0 ? (errno = -value, -1) : value; }

// MARK: interposed entry points

long syscall(long number, ...) {
  resolve();
  va_list list;
  va_start(list, number);
  long a[6];
  // Reading six arguments whatever the call passed is how every syscall() wrapper forwards them
  // on x86-64 and aarch64: the extra ones are whatever the registers hold and are ignored.
  for (int i = 0; i < 6; i++) a[i] = va_arg(list, long);
  va_end(list);
  if (number == SYS_openat && is_device((const char *)a[1])) return result(open_device());
  if (number == SYS_ioctl && a[0] == dev.fd && dev.fd >= 0) return result(fake_ioctl((unsigned long)a[1], (void *)a[2]));
  if (number == SYS_close && a[0] == dev.fd && dev.fd >= 0) return fake_close((int)a[0]);
  if (number == SYS_mmap && a[4] == dev.fd && dev.fd >= 0)
    return (long)fake_mmap((void *)a[0], (size_t)a[1], (int)a[2], (int)a[3], (off_t)a[5]);
  if (number == SYS_munmap) return fake_munmap((void *)a[0], (size_t)a[1]);
  return real_syscall(number, a[0], a[1], a[2], a[3], a[4], a[5]);
}

static int open_any(int directory, const char *path, int flags, va_list list) {
  resolve();
  if (is_device(path)) return result(open_device());
  mode_t mode = (flags & (O_CREAT | O_TMPFILE)) ? va_arg(list, mode_t) : 0;
  return (int)real_syscall(SYS_openat, directory, path, flags, mode);
}

int open(const char *path, int flags, ...) {
  va_list list;
  va_start(list, flags);
  int fd = open_any(AT_FDCWD, path, flags, list);
  va_end(list);
  return fd;
}

int open64(const char *path, int flags, ...) {
  va_list list;
  va_start(list, flags);
  int fd = open_any(AT_FDCWD, path, flags, list);
  va_end(list);
  return fd;
}

int openat(int directory, const char *path, int flags, ...) {
  va_list list;
  va_start(list, flags);
  int fd = open_any(directory, path, flags, list);
  va_end(list);
  return fd;
}

int close(int fd) {
  resolve();
  return fd == dev.fd && fd >= 0 ? fake_close(fd) : (int)real_syscall(SYS_close, fd);
}

int ioctl(int fd, unsigned long request, ...) {
  resolve();
  va_list list;
  va_start(list, request);
  void *argument = va_arg(list, void *);
  va_end(list);
  if (fd == dev.fd && fd >= 0) return result(fake_ioctl(request, argument));
  return (int)real_syscall(SYS_ioctl, fd, request, argument);
}

void *mmap(void *address, size_t length, int protection, int flags, int fd, off_t offset) {
  resolve();
  if (fd == dev.fd && fd >= 0) return fake_mmap(address, length, protection, flags, offset);
  return real_mmap(address, length, protection, flags, fd, offset);
}

void *mmap64(void *address, size_t length, int protection, int flags, int fd, off_t offset) {
  return mmap(address, length, protection, flags, fd, offset);
}

int munmap(void *address, size_t length) {
  resolve();
  return fake_munmap(address, length);
}

int poll(struct pollfd *fds, nfds_t count, int timeout) {
  resolve();
  if (count != 1 || fds[0].fd != dev.fd || dev.fd < 0) return real_poll(fds, count, timeout);
  int64_t deadline = now_ns() + (int64_t)timeout * 1000000;
  for (;;) {
    fds[0].revents = 0;
    if (unplugged()) fds[0].revents = POLLERR | POLLHUP;
    else if (!dev.streaming) fds[0].revents = POLLERR;
    else if (produce(), dev.ndone > 0) fds[0].revents = fds[0].events & (POLLIN | POLLRDNORM);
    if (fds[0].revents != 0) return 1;
    if (timeout >= 0 && now_ns() >= deadline) return 0;
    struct timespec pause = {0, 2000000};
    nanosleep(&pause, NULL);
  }
}
