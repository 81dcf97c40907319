// SPDX-License-Identifier: MIT
// giflib from the system (Debian: libgif-dev), found through pkg-config's libgif.
#include <gif_lib.h>
