// SPDX-License-Identifier: MIT
#include "CV4L2.h"
int cv4l2_placeholder(void) { return 0; }
