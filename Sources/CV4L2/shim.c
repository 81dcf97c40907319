// SPDX-License-Identifier: MIT
// Loads libv4l2.so.0 at first use and routes the calls through it, or through libc without it.

#include "CV4L2.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <unistd.h>

// libv4l2's open and ioctl are variadic; declaring the pointers variadic makes C emit the
// variadic calling sequence (Swift cannot, and a non-variadic cast is undefined behaviour).
static int (*v4l2_open_p)(const char *, int, ...);
static int (*v4l2_fd_open_p)(int, int);
static int (*v4l2_close_p)(int);
static int (*v4l2_ioctl_p)(int, unsigned long, ...);
static void *(*v4l2_mmap_p)(void *, size_t, int, int, int, int64_t);
static int (*v4l2_munmap_p)(void *, size_t);

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char problem[160];

static void load_libv4l2(void) {
  const char *disabled = getenv("QRPIPE_NO_LIBV4L2");
  if (disabled != NULL && strcmp(disabled, "1") == 0) {
    strcpy(problem, "libv4l2 disabled by QRPIPE_NO_LIBV4L2=1");
    return;
  }
  void *library = dlopen("libv4l2.so.0", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    strcpy(problem, "libv4l2.so.0 not found");
    return;
  }
  // POSIX guarantees that a function pointer survives the round trip through void *.
  *(void **)&v4l2_open_p = dlsym(library, "v4l2_open");
  *(void **)&v4l2_fd_open_p = dlsym(library, "v4l2_fd_open");
  *(void **)&v4l2_close_p = dlsym(library, "v4l2_close");
  *(void **)&v4l2_ioctl_p = dlsym(library, "v4l2_ioctl");
  *(void **)&v4l2_mmap_p = dlsym(library, "v4l2_mmap");
  *(void **)&v4l2_munmap_p = dlsym(library, "v4l2_munmap");
  // libv4l2 prints its own line on stderr for every failed ioctl, EAGAIN from DQBUF included;
  // our errors say the same in the user's terms. Its log still works: LIBV4L2_LOG_FILENAME.
  FILE **log_file = dlsym(library, "v4l2_log_file");
  if (log_file != NULL && *log_file == NULL && getenv("LIBV4L2_LOG_FILENAME") == NULL)
    *log_file = fopen("/dev/null", "we");
  if (v4l2_open_p == NULL || v4l2_fd_open_p == NULL || v4l2_close_p == NULL ||
      v4l2_ioctl_p == NULL || v4l2_mmap_p == NULL || v4l2_munmap_p == NULL) {
    v4l2_open_p = NULL;
    strcpy(problem, "libv4l2.so.0 lacks the v4l2_* functions");
  }
}

int cv4l2_using_libv4l2(void) {
  pthread_once(&load_once, load_libv4l2);
  return v4l2_open_p != NULL;
}

const char *cv4l2_libv4l2_problem(void) {
  pthread_once(&load_once, load_libv4l2);
  return v4l2_open_p != NULL ? "" : problem;
}

int cv4l2_open(const char *path, int flags) {
  // What v4l2_open does (open, then v4l2_fd_open), but only a node that answers VIDIOC_QUERYCAP
  // goes to libv4l2: for any other (/dev/null) its plugins print their own unprefixed perror
  // line ("Failed to query video capabilities"). The plain descriptor is returned instead, and
  // the caller's own QUERYCAP reports it; libv4l2 passes descriptors it does not know to the
  // kernel unchanged, close included.
  int fd = open(path, flags | O_CLOEXEC);
  if (fd < 0 || !cv4l2_using_libv4l2()) return fd;
  struct v4l2_capability capability;
  memset(&capability, 0, sizeof capability);
  if (ioctl(fd, VIDIOC_QUERYCAP, &capability) != 0) return fd;
  if (v4l2_fd_open_p(fd, 0) < 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

int cv4l2_close(int fd) {
  if (cv4l2_using_libv4l2()) return v4l2_close_p(fd);
  return close(fd);
}

int cv4l2_ioctl(int fd, unsigned long request, void *argument) {
  if (cv4l2_using_libv4l2()) return v4l2_ioctl_p(fd, request, argument);
  return ioctl(fd, request, argument);
}

void *cv4l2_mmap(void *address, size_t length, int protection, int flags, int fd, int64_t offset) {
  void *mapped = cv4l2_using_libv4l2()
                     ? v4l2_mmap_p(address, length, protection, flags, fd, offset)
                     : mmap(address, length, protection, flags, fd, (off_t)offset);
  return mapped == MAP_FAILED ? NULL : mapped;
}

int cv4l2_munmap(void *address, size_t length) {
  if (cv4l2_using_libv4l2()) return v4l2_munmap_p(address, length);
  return munmap(address, length);
}
