// SPDX-License-Identifier: MIT
// libtiff from the system (Debian: libtiff-dev), found through pkg-config's libtiff-4.
#include <tiffio.h>
