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

/// What `qr_frames_open` returns when the library a format needs (libheif) cannot be loaded.
#define QR_IMAGE_LIBRARY (-4)

/// The formats behind `qr_frames`.
enum {
  QR_FRAMES_WEBP = 1,  // libwebp: a still image, or every frame of an animation
  QR_FRAMES_TIFF = 2,  // libtiff: every page (reduced-resolution copies skipped)
  QR_FRAMES_GIF = 3,   // giflib: every frame, composited on the logical screen
  QR_FRAMES_HEIF = 4,  // libheif, loaded at run time: the primary image, rotated and mirrored
};

/// A decoder of the frames of one image in memory, one frame at a time.
typedef struct qr_frames qr_frames;

/// Opens the image in `data[0..<size]`, which is not copied and must outlive the handle.
///
/// Decoding one frame may take at most about `max_memory` bytes besides its gray pixels; a frame
/// that needs more gives `QR_IMAGE_MEMORY`. Returns NULL with `*status` set (-1 and a lowercase
/// message for a malformed image; `QR_IMAGE_MEMORY`; `QR_IMAGE_LIBRARY` with the reason).
qr_frames *qr_frames_open(int format, const uint8_t *data, size_t size, size_t max_memory,
                          int *status, char *message, size_t message_size);

/// Moves to the next frame and gives its size as stored and its orientation (1–8, as EXIF's: the
/// caller applies it; 1 unless the format stores one): 1, or 0 after the last frame, or -1 with a
/// message.
int qr_frames_next(qr_frames *frames, uint32_t *width, uint32_t *height, int *orientation,
                   char *message, size_t message_size);

/// Decodes the frame `qr_frames_next` moved to into `width * height` gray bytes at `gray` (as
/// stored; `orientation` is the one `qr_frames_next` gave): 0, `QR_IMAGE_MEMORY`, or -1 with a
/// message.
int qr_frames_decode(qr_frames *frames, int orientation, uint8_t *gray, char *message,
                     size_t message_size);

/// Frees the handle and everything the libraries hold for it; NULL is allowed.
void qr_frames_close(qr_frames *frames);

/// Why HEIF images cannot be decoded here: "" when libheif is loaded (loading it on the first
/// call; `QRPIPE_LIBHEIF` names another library file to load instead of libheif.so.1), else a
/// short lowercase reason.
const char *qr_heif_problem(void);

/// 1 in a fully static executable (no dynamic loader), where a library loaded with dlopen gets
/// a second C library whose threads cannot start: libheif's decoder must run in another process.
int qr_is_static_process(void);

/// Starts `helper` (qrcapture: `helper --max-pixels max_pixels --max-memory max_memory
/// --output qrframe -`) with `data` as its standard input (an in-memory file) and its standard
/// error in another (`*errors`, read from its start once it has ended); gives the read end of
/// its standard output and its pid. 0, or -1 and errno.
int qr_spawn_image_helper(const char *helper, const uint8_t *data, size_t size,
                          size_t max_pixels, size_t max_memory, int *output, int *errors,
                          int *pid);

/// In a helper started by `qr_spawn_image_helper` (its environment says so): arranges for it to
/// be killed when the process that started it dies, and exits at once if that has happened
/// already. 1 in such a helper, 0 elsewhere, -1 if the kernel refused.
int qr_bind_to_parent(void);

#endif
