// SPDX-License-Identifier: MIT
// libwebp and libwebpdemux from the system (Debian: libwebp-dev), found through pkg-config.
#include <webp/decode.h>
#include <webp/demux.h>
