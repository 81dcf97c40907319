// SPDX-License-Identifier: MIT
// V4L2 constants Swift cannot import as macros, and non-variadic calls through libv4l2 or libc.
#ifndef CV4L2_H
#define CV4L2_H

#include <stddef.h>
#include <stdint.h>
#include <linux/videodev2.h>

// The VIDIOC_* numbers are _IOWR(...) macros, which Swift does not import; these constants do.
static const unsigned long CV4L2_VIDIOC_QUERYCAP = VIDIOC_QUERYCAP;
static const unsigned long CV4L2_VIDIOC_ENUM_FMT = VIDIOC_ENUM_FMT;
static const unsigned long CV4L2_VIDIOC_G_FMT = VIDIOC_G_FMT;
static const unsigned long CV4L2_VIDIOC_S_FMT = VIDIOC_S_FMT;
static const unsigned long CV4L2_VIDIOC_TRY_FMT = VIDIOC_TRY_FMT;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMESIZES = VIDIOC_ENUM_FRAMESIZES;
static const unsigned long CV4L2_VIDIOC_ENUM_FRAMEINTERVALS = VIDIOC_ENUM_FRAMEINTERVALS;
static const unsigned long CV4L2_VIDIOC_G_PARM = VIDIOC_G_PARM;
static const unsigned long CV4L2_VIDIOC_S_PARM = VIDIOC_S_PARM;
static const unsigned long CV4L2_VIDIOC_REQBUFS = VIDIOC_REQBUFS;
static const unsigned long CV4L2_VIDIOC_QUERYBUF = VIDIOC_QUERYBUF;
static const unsigned long CV4L2_VIDIOC_QBUF = VIDIOC_QBUF;
static const unsigned long CV4L2_VIDIOC_DQBUF = VIDIOC_DQBUF;
static const unsigned long CV4L2_VIDIOC_STREAMON = VIDIOC_STREAMON;
static const unsigned long CV4L2_VIDIOC_STREAMOFF = VIDIOC_STREAMOFF;

// The V4L2_PIX_FMT_* codes are v4l2_fourcc(...) macros, likewise invisible to Swift.
static const uint32_t CV4L2_PIX_FMT_GREY = V4L2_PIX_FMT_GREY;
static const uint32_t CV4L2_PIX_FMT_YUYV = V4L2_PIX_FMT_YUYV;
static const uint32_t CV4L2_PIX_FMT_UYVY = V4L2_PIX_FMT_UYVY;
static const uint32_t CV4L2_PIX_FMT_NV12 = V4L2_PIX_FMT_NV12;
static const uint32_t CV4L2_PIX_FMT_NV21 = V4L2_PIX_FMT_NV21;
static const uint32_t CV4L2_PIX_FMT_YUV420 = V4L2_PIX_FMT_YUV420;
static const uint32_t CV4L2_PIX_FMT_YVU420 = V4L2_PIX_FMT_YVU420;
static const uint32_t CV4L2_PIX_FMT_YUV422P = V4L2_PIX_FMT_YUV422P;
static const uint32_t CV4L2_PIX_FMT_RGB24 = V4L2_PIX_FMT_RGB24;
static const uint32_t CV4L2_PIX_FMT_BGR24 = V4L2_PIX_FMT_BGR24;
static const uint32_t CV4L2_PIX_FMT_MJPEG = V4L2_PIX_FMT_MJPEG;
static const uint32_t CV4L2_PIX_FMT_JPEG = V4L2_PIX_FMT_JPEG;

/// Opens a device node through libv4l2 when it is loaded, else with open(2); -1 and errno on failure.
int cv4l2_open(const char *path, int flags);

/// Closes a descriptor from cv4l2_open; -1 and errno on failure.
int cv4l2_close(int fd);

/// Issues one ioctl; -1 and errno on failure (EINTR is returned, not retried).
int cv4l2_ioctl(int fd, unsigned long request, void *argument);

/// Maps a driver buffer; NULL (not MAP_FAILED) and errno on failure.
void *cv4l2_mmap(void *address, size_t length, int protection, int flags, int fd, int64_t offset);

/// Unmaps a buffer from cv4l2_mmap; -1 and errno on failure.
int cv4l2_munmap(void *address, size_t length);

/// 1 when libv4l2.so.0 was loaded (loading it on first call), else 0.
int cv4l2_using_libv4l2(void);

/// Why libv4l2 is not in use: "" when it is, else a short lowercase reason.
const char *cv4l2_libv4l2_problem(void);

#endif
