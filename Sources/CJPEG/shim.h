// SPDX-License-Identifier: MIT
// libjpeg-turbo from the system (Debian: libjpeg62-turbo-dev), found through pkg-config's libjpeg.
// jpeglib.h needs FILE and size_t declared first.
#include <stddef.h>
#include <stdio.h>
#include <jpeglib.h>
