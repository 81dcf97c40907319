// SPDX-License-Identifier: MIT
// libpng and libjpeg behind two calls: memory in, gray out, errors as messages, not longjmps.

#include "CImageCodecs.h"

#include <limits.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>
#include <jpeglib.h>
#include <jerror.h>

// BT.601 luma in 16.16 fixed point, the weights of QRImage's PixelLayout.luma (sum 65536).
static inline uint8_t luma(unsigned red, unsigned green, unsigned blue) {
  return (uint8_t)((19595u * red + 38470u * green + 7471u * blue + 32768u) >> 16);
}

// `value` seen through coverage `alpha` over a white background.
static inline uint8_t over_white(unsigned value, unsigned alpha) {
  return (uint8_t)((value * alpha + 255u * (255u - alpha) + 127u) / 255u);
}

static void set_message(char *message, size_t size, const char *text) {
  if (message == NULL || size == 0) return;
  snprintf(message, size, "%s", text);
}

// MARK: - PNG

struct png_context {
  jmp_buf jump;
  const uint8_t *data;
  size_t size;
  size_t offset;
  char *message;
  size_t message_size;
  uint8_t *rows;  // the row buffer, or the whole image when interlaced
};

static void png_failed(png_structp png, png_const_charp text) {
  struct png_context *context = png_get_error_ptr(png);
  set_message(context->message, context->message_size, text);
  longjmp(context->jump, 1);
}

static void png_warned(png_structp png, png_const_charp text) {
  (void)png;
  (void)text;
}

static void png_read_memory(png_structp png, png_bytep out, size_t count) {
  struct png_context *context = png_get_io_ptr(png);
  if (count > context->size - context->offset) png_error(png, "the image data ends early");
  memcpy(out, context->data + context->offset, count);
  context->offset += count;
}

// One row of 8-bit samples, `channels` per pixel (gray, gray+alpha, RGB, RGBA), to gray.
static void png_row_to_gray(const uint8_t *row, int channels, uint32_t width, uint8_t *out) {
  for (uint32_t x = 0; x < width; x++) {
    const uint8_t *p = row + (size_t)x * (size_t)channels;
    switch (channels) {
      case 1: out[x] = p[0]; break;
      case 2: out[x] = over_white(p[0], p[1]); break;
      case 3: out[x] = luma(p[0], p[1], p[2]); break;
      default: out[x] = over_white(luma(p[0], p[1], p[2]), p[3]); break;
    }
  }
}

int qr_png_decode(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                  size_t max_memory, uint8_t *gray, char *message, size_t message_size) {
  struct png_context context = {
      .data = data, .size = size, .message = message, .message_size = message_size};
  png_structp png =
      png_create_read_struct(PNG_LIBPNG_VER_STRING, &context, png_failed, png_warned);
  if (png == NULL) {
    set_message(message, message_size, "libpng could not start");
    return -1;
  }
  png_infop info = png_create_info_struct(png);
  if (info == NULL) {
    png_destroy_read_struct(&png, NULL, NULL);
    set_message(message, message_size, "libpng could not start");
    return -1;
  }
  if (setjmp(context.jump)) {
    free(context.rows);
    png_destroy_read_struct(&png, &info, NULL);
    return -1;
  }
  png_set_read_fn(png, &context, png_read_memory);
  // The frame was checked against its limit before the call: a header that disagrees is refused
  // below, and no ancillary chunk (iCCP, zTXt, iTXt are inflated by libpng) may grow beyond the
  // caller's memory budget.
  png_set_user_limits(png, width, height);
  png_set_chunk_malloc_max(png, max_memory);
  png_read_info(png, info);
  png_uint_32 found_width = 0, found_height = 0;
  int depth = 0, color = 0, interlace = 0;
  png_get_IHDR(png, info, &found_width, &found_height, &depth, &color, &interlace, NULL, NULL);
  if (found_width != width || found_height != height) png_error(png, "inconsistent image size");
  if (depth == 16) png_set_scale_16(png);
  if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (color == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
  int passes = png_set_interlace_handling(png);
  png_read_update_info(png, info);
  int channels = png_get_channels(png, info);
  size_t row_bytes = png_get_rowbytes(png, info);
  if (channels < 1 || channels > 4 || row_bytes != (size_t)width * (size_t)channels) {
    png_error(png, "unexpected sample layout");
  }
  // One row buffer, interlaced or not: each Adam7 pass writes only its own pixels of a row
  // (libpng's "sparkle" mode, with no display row), and those are converted at once, so an
  // interlaced image costs no more memory than a plain one.
  context.rows = malloc(row_bytes);
  if (context.rows == NULL) png_error(png, "out of memory");
  for (int pass = 0; pass < passes; pass++) {
    for (uint32_t y = 0; y < height; y++) {
      png_read_row(png, context.rows, NULL);
      if (passes == 1) {
        png_row_to_gray(context.rows, channels, width, gray + (size_t)y * width);
        continue;
      }
      if (!PNG_ROW_IN_INTERLACE_PASS(y, pass)) continue;
      uint8_t *out = gray + (size_t)y * width;
      for (uint32_t x = PNG_PASS_START_COL(pass); x < width; x += PNG_PASS_COL_OFFSET(pass)) {
        png_row_to_gray(context.rows + (size_t)x * (size_t)channels, channels, 1, out + x);
      }
    }
  }
  png_read_end(png, NULL);
  free(context.rows);
  png_destroy_read_struct(&png, &info, NULL);
  return 0;
}

// MARK: - JPEG

struct jpeg_context {
  struct jpeg_error_mgr manager;  // first, so that cinfo->err points at the context
  struct jpeg_progress_mgr progress;
  jmp_buf jump;
  char *message;
  size_t message_size;
  uint8_t *row;
  int max_scans;
  int status;  // what the function returns after a longjmp
};

static void jpeg_failed(j_common_ptr info) {
  struct jpeg_context *context = (struct jpeg_context *)info->err;
  char text[JMSG_LENGTH_MAX];
  (*info->err->format_message)(info, text);
  set_message(context->message, context->message_size, text);
  // Without backing store (Debian's libjpeg-turbo has none), a request beyond
  // max_memory_to_use fails as "backing store not supported"; a single one beyond what the
  // library can address as "insufficient memory".
  int code = info->err->msg_code;
  context->status =
      code == JERR_NO_BACKING_STORE || code == JERR_OUT_OF_MEMORY ? QR_IMAGE_MEMORY : -1;
  longjmp(context->jump, 1);
}

// libjpeg calls this while it reads scans: a progressive image costs a pass over its whole
// coefficient buffer per scan, so the count of scans is bounded here as well as by the caller's
// walk of the markers (which libjpeg's own count must agree with).
static void jpeg_progressed(j_common_ptr info) {
  if (!info->is_decompressor) return;
  struct jpeg_context *context = (struct jpeg_context *)info->err;
  j_decompress_ptr decompress = (j_decompress_ptr)info;
  if (decompress->input_scan_number <= context->max_scans) return;
  if (context->message != NULL && context->message_size > 0) {
    snprintf(context->message, context->message_size, "more than %d scans", context->max_scans);
  }
  context->status = QR_IMAGE_SCANS;
  longjmp(context->jump, 1);
}

// Corrupt-data warnings: the caller's verification of every symbol decides, not the warnings.
static void jpeg_warned(j_common_ptr info, int level) {
  (void)info;
  (void)level;
}

int qr_jpeg_decode(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                   size_t max_memory, int max_scans, uint8_t *gray, char *message,
                   size_t message_size) {
  struct jpeg_decompress_struct info;
  struct jpeg_context context = {
      .message = message, .message_size = message_size, .max_scans = max_scans, .status = -1};
  info.err = jpeg_std_error(&context.manager);
  context.manager.error_exit = jpeg_failed;
  context.manager.emit_message = jpeg_warned;
  context.progress.progress_monitor = jpeg_progressed;
  if (setjmp(context.jump)) {
    free(context.row);
    jpeg_destroy_decompress(&info);
    return context.status;
  }
  jpeg_create_decompress(&info);
  // The memory manager's limit: a progressive or multi-scan image keeps coefficients for the
  // whole image (2 bytes a sample of every component), which libjpeg sizes from the header and
  // would otherwise allocate whatever the header claims.
  info.mem->max_memory_to_use = max_memory > (size_t)LONG_MAX ? LONG_MAX : (long)max_memory;
  info.progress = &context.progress;
  jpeg_mem_src(&info, data, (unsigned long)size);
  jpeg_read_header(&info, TRUE);
  if (info.image_width != width || info.image_height != height) {
    set_message(message, message_size, "inconsistent image size");
    jpeg_destroy_decompress(&info);
    return -1;
  }
  int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
  info.out_color_space = cmyk ? JCS_CMYK : JCS_GRAYSCALE;
  jpeg_start_decompress(&info);
  int components = info.output_components;
  if (info.output_width != width || info.output_height != height ||
      components != (cmyk ? 4 : 1)) {
    set_message(message, message_size, "unexpected output layout");
    jpeg_destroy_decompress(&info);
    return -1;
  }
  if (cmyk) {
    context.row = malloc((size_t)width * 4);
    if (context.row == NULL) {
      set_message(message, message_size, "out of memory");
      jpeg_destroy_decompress(&info);
      return -1;
    }
  }
  // Adobe's CMYK JPEGs store inverted samples (0 is full ink); others store plain ink amounts.
  int inverted = info.saw_Adobe_marker;
  while (info.output_scanline < height) {
    JSAMPROW out = cmyk ? context.row : gray + (size_t)info.output_scanline * width;
    uint8_t *destination = gray + (size_t)info.output_scanline * width;
    if (jpeg_read_scanlines(&info, &out, 1) != 1) break;
    if (!cmyk) continue;
    for (uint32_t x = 0; x < width; x++) {
      const uint8_t *p = context.row + (size_t)x * 4;
      unsigned c = inverted ? p[0] : 255u - p[0];
      unsigned m = inverted ? p[1] : 255u - p[1];
      unsigned y = inverted ? p[2] : 255u - p[2];
      unsigned k = inverted ? p[3] : 255u - p[3];
      // Light left after ink: (1 - ink) × (1 - black), per channel.
      destination[x] = luma((c * k + 127u) / 255u, (m * k + 127u) / 255u, (y * k + 127u) / 255u);
    }
  }
  if (info.output_scanline < height) {
    set_message(message, message_size, "the image data ends early");
    free(context.row);
    jpeg_destroy_decompress(&info);
    return -1;
  }
  jpeg_finish_decompress(&info);
  free(context.row);
  jpeg_destroy_decompress(&info);
  return 0;
}
