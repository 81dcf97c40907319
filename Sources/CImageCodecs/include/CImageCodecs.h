// SPDX-License-Identifier: MIT
// PNG and JPEG images in memory to 8-bit gray, with libpng's and libjpeg's errors caught here.
//
// Both libraries report errors by longjmp; the setjmp and every longjmp stay inside these C
// functions, so no Swift frame is ever jumped over. The caller has found the image's extent and
// its size (width × height) and checked them against its limits before calling; the functions
// refuse an image whose header disagrees.
#ifndef CIMAGECODECS_H
#define CIMAGECODECS_H

#include <stddef.h>
#include <stdint.h>

/// What the decoders return when the image would need more than `max_memory` bytes.
#define QR_IMAGE_MEMORY (-2)
/// What `qr_jpeg_decode` returns when the image has more than `max_scans` scans.
#define QR_IMAGE_SCANS (-3)

/// Decodes the PNG in `data[0..<size]` into `width * height` gray bytes at `gray`.
///
/// Any bit depth and colour type: palettes and transparency are expanded, 16-bit samples scaled
/// to 8 bits, colour weighted to BT.601 luma, and alpha composited over white. Rows are decoded
/// one at a time, interlaced or not, so the working memory is a row; no ancillary chunk libpng
/// inflates may exceed `max_memory` bytes. Returns 0, or -1 with a lowercase message (no
/// trailing period) in `message`.
int qr_png_decode(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                  size_t max_memory, uint8_t *gray, char *message, size_t message_size);

/// Decodes the baseline, extended or progressive JPEG in `data[0..<size]` into `width * height`
/// gray bytes at `gray`: gray and YCbCr give their luma, RGB its BT.601 luma, CMYK and YCCK the
/// luma of the colour they print (Adobe's inverted CMYK recognised).
///
/// libjpeg's memory manager may hold at most `max_memory` bytes (its coefficient buffers for a
/// progressive image, 2 bytes a sample, are what grows), and its progress monitor stops the
/// decoding at scan `max_scans + 1`. Returns 0; `QR_IMAGE_MEMORY` or `QR_IMAGE_SCANS` when a
/// limit was reached; or -1; each with a message as `qr_png_decode`.
int qr_jpeg_decode(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                   size_t max_memory, int max_scans, uint8_t *gray, char *message,
                   size_t message_size);

#endif
