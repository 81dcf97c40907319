// SPDX-License-Identifier: MIT
// libpng from the system (Debian: libpng-dev), found through pkg-config's libpng.
#include <png.h>
