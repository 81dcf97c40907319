// SPDX-License-Identifier: MIT
// libpng and libjpeg behind two calls: memory in, gray out, errors as messages, not longjmps.

#include "CImageCodecs.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>
#include <jpeglib.h>

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
                  uint8_t *gray, char *message, size_t message_size) {
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
  if (passes == 1) {
    context.rows = malloc(row_bytes);
    if (context.rows == NULL) png_error(png, "out of memory");
    for (uint32_t y = 0; y < height; y++) {
      png_read_row(png, context.rows, NULL);
      png_row_to_gray(context.rows, channels, width, gray + (size_t)y * width);
    }
  } else {
    // Adam7 fills every row in seven passes: the whole image is kept until the last.
    context.rows = malloc(row_bytes * height);
    if (context.rows == NULL) png_error(png, "out of memory");
    for (int pass = 0; pass < passes; pass++) {
      for (uint32_t y = 0; y < height; y++) {
        png_read_row(png, context.rows + row_bytes * y, NULL);
      }
    }
    for (uint32_t y = 0; y < height; y++) {
      png_row_to_gray(context.rows + row_bytes * y, channels, width, gray + (size_t)y * width);
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
  jmp_buf jump;
  char *message;
  size_t message_size;
  uint8_t *row;
};

static void jpeg_failed(j_common_ptr info) {
  struct jpeg_context *context = (struct jpeg_context *)info->err;
  char text[JMSG_LENGTH_MAX];
  (*info->err->format_message)(info, text);
  set_message(context->message, context->message_size, text);
  longjmp(context->jump, 1);
}

// Corrupt-data warnings: the caller's verification of every symbol decides, not the warnings.
static void jpeg_warned(j_common_ptr info, int level) {
  (void)info;
  (void)level;
}

int qr_jpeg_decode(const uint8_t *data, size_t size, uint32_t width, uint32_t height,
                   uint8_t *gray, char *message, size_t message_size) {
  struct jpeg_decompress_struct info;
  struct jpeg_context context = {.message = message, .message_size = message_size};
  info.err = jpeg_std_error(&context.manager);
  context.manager.error_exit = jpeg_failed;
  context.manager.emit_message = jpeg_warned;
  if (setjmp(context.jump)) {
    free(context.row);
    jpeg_destroy_decompress(&info);
    return -1;
  }
  jpeg_create_decompress(&info);
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
