// SPDX-License-Identifier: MIT
// V4L2 constants and calls for Swift (filled in by the capture work).
#ifndef CV4L2_H
#define CV4L2_H
#include <linux/videodev2.h>
int cv4l2_placeholder(void);
#endif
