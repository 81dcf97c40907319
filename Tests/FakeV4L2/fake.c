// SPDX-License-Identifier: MIT
// LD_PRELOAD fake V4L2 camera (filled in by the capture work).
int fake_v4l2_placeholder(void) { return 0; }
