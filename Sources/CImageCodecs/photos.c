// SPDX-License-Identifier: MIT
// WebP, TIFF, GIF and HEIF in memory to gray frames, one frame at a time, behind one handle.
//
// libwebp, libtiff and giflib are linked (statically in the static tools); libheif is loaded at
// run time with dlopen when it is there (Debian: libheif1), so that no binary needs it to start.
// Errors become messages; no library may longjmp, and none of them does here.

#define _GNU_SOURCE
#include "CImageCodecs.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gif_lib.h>
#include <tiffio.h>
#include <webp/decode.h>
#include <webp/demux.h>

// BT.601 luma in 16.16 fixed point, as codecs.c and QRImage's PixelLayout.luma.
static inline uint8_t luma(unsigned red, unsigned green, unsigned blue) {
  return (uint8_t)((19595u * red + 38470u * green + 7471u * blue + 32768u) >> 16);
}

// `value` seen through coverage `alpha` over a white background.
static inline uint8_t over_white(unsigned value, unsigned alpha) {
  return (uint8_t)((value * alpha + 255u * (255u - alpha) + 127u) / 255u);
}

static void say(char *message, size_t size, const char *format, ...) {
  if (message == NULL || size == 0) return;
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(message, size, format, arguments);
  va_end(arguments);
}

// RGBA rows (R, G, B, A bytes) to gray, alpha over white.
static void rgba_to_gray(const uint8_t *rgba, size_t count, uint8_t *gray) {
  for (size_t i = 0; i < count; i++) {
    const uint8_t *p = rgba + 4 * i;
    gray[i] = over_white(luma(p[0], p[1], p[2]), p[3]);
  }
}

struct qr_frames {
  int format;
  const uint8_t *data;
  size_t size;
  size_t offset;
  size_t max_memory;
  int frame;  // frames announced so far
  uint32_t width, height;
  // WebP
  WebPAnimDecoder *webp_animation;
  int webp_animated;
  // TIFF
  TIFF *tiff;
  int tiff_started;
  char tiff_message[200];
  // GIF
  GifFileType *gif;
  uint8_t *gif_canvas;    // the screen as gray, what the next frame is drawn over
  uint8_t *gif_previous;  // the screen before the current frame (disposal 3)
  uint8_t *gif_line;
  int gif_transparent;  // transparent colour index of the next frame, or -1
  int gif_disposal;
  int gif_last_disposal;
  GifWord gif_last_left, gif_last_top, gif_last_width, gif_last_height;
  // HEIF
  void *heif_context;
  void *heif_handle;
};

// MARK: - WebP

// What libwebp's VP8StatusCode means, in words (decode.h names them only).
static const char *webp_status_text(VP8StatusCode status) {
  switch (status) {
    case VP8_STATUS_OUT_OF_MEMORY: return "libwebp ran out of memory";
    case VP8_STATUS_INVALID_PARAM: return "libwebp refused the decoding parameters";
    case VP8_STATUS_BITSTREAM_ERROR: return "the compressed data are corrupt";
    case VP8_STATUS_UNSUPPORTED_FEATURE: return "it uses a feature libwebp does not support";
    case VP8_STATUS_SUSPENDED: return "libwebp suspended the decoding";
    case VP8_STATUS_USER_ABORT: return "the decoding was aborted";
    case VP8_STATUS_NOT_ENOUGH_DATA: return "the data end early";
    default: return "libwebp could not decode it";
  }
}

static int webp_open(struct qr_frames *frames, char *message, size_t message_size) {
  WebPBitstreamFeatures features;
  if (WebPGetFeatures(frames->data, frames->size, &features) != VP8_STATUS_OK) {
    say(message, message_size, "not a WebP bitstream libwebp can read");
    return -1;
  }
  frames->webp_animated = features.has_animation;
  if (!features.has_animation) {
    frames->width = (uint32_t)features.width;
    frames->height = (uint32_t)features.height;
    return 0;
  }
  WebPData data = {frames->data, frames->size};
  WebPAnimDecoderOptions options;
  if (!WebPAnimDecoderOptionsInit(&options)) {
    say(message, message_size, "libwebp could not start");
    return -1;
  }
  options.color_mode = MODE_RGBA;
  options.use_threads = 0;
  // The decoder holds two canvases of 4 bytes a pixel: checked before it allocates them.
  WebPDemuxer *demuxer = WebPDemux(&data);
  if (demuxer == NULL) {
    say(message, message_size, "malformed animated WebP container");
    return -1;
  }
  uint32_t width = WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_WIDTH);
  uint32_t height = WebPDemuxGetI(demuxer, WEBP_FF_CANVAS_HEIGHT);
  WebPDemuxDelete(demuxer);
  if ((double)width * (double)height * 8.0 > (double)frames->max_memory) return QR_IMAGE_MEMORY;
  frames->webp_animation = WebPAnimDecoderNew(&data, &options);
  if (frames->webp_animation == NULL) {
    say(message, message_size, "malformed animated WebP image");
    return -1;
  }
  frames->width = width;
  frames->height = height;
  return 0;
}

static int webp_next(struct qr_frames *frames) {
  if (frames->webp_animated) return WebPAnimDecoderHasMoreFrames(frames->webp_animation) ? 1 : 0;
  return frames->frame == 0 ? 1 : 0;
}

static int webp_decode(struct qr_frames *frames, uint8_t *gray, char *message,
                       size_t message_size) {
  size_t count = (size_t)frames->width * frames->height;
  if (frames->webp_animated) {
    uint8_t *canvas = NULL;
    int timestamp = 0;
    if (!WebPAnimDecoderGetNext(frames->webp_animation, &canvas, &timestamp)) {
      say(message, message_size, "animated WebP frame %d does not decode", frames->frame - 1);
      return -1;
    }
    rgba_to_gray(canvas, count, gray);
    return 0;
  }
  WebPDecoderConfig config;
  if (!WebPInitDecoderConfig(&config)) {
    say(message, message_size, "libwebp could not start");
    return -1;
  }
  if (WebPGetFeatures(frames->data, frames->size, &config.input) != VP8_STATUS_OK) {
    say(message, message_size, "not a WebP bitstream libwebp can read");
    return -1;
  }
  // Lossy without alpha: libwebp's own Y plane (video range, widened here) is the luma, with no
  // chroma upsampling or RGB conversion; lossless or with alpha: RGBA, composited over white.
  int plain = config.input.format == 1 && !config.input.has_alpha;
  size_t bytes = plain ? count + 2 * ((size_t)(frames->width + 1) / 2) * ((frames->height + 1) / 2)
                       : 4 * count;
  if (bytes > frames->max_memory) return QR_IMAGE_MEMORY;
  config.output.colorspace = plain ? MODE_YUV : MODE_RGBA;
  VP8StatusCode status = WebPDecode(frames->data, frames->size, &config);
  if (status != VP8_STATUS_OK) {
    WebPFreeDecBuffer(&config.output);
    say(message, message_size, "%s (libwebp status %d)", webp_status_text(status), (int)status);
    return -1;
  }
  if ((uint32_t)config.output.width != frames->width ||
      (uint32_t)config.output.height != frames->height) {
    WebPFreeDecBuffer(&config.output);
    say(message, message_size, "inconsistent image size");
    return -1;
  }
  if (plain) {
    const WebPYUVABuffer *yuv = &config.output.u.YUVA;
    for (uint32_t y = 0; y < frames->height; y++) {
      const uint8_t *row = yuv->y + (size_t)y * (size_t)yuv->y_stride;
      uint8_t *out = gray + (size_t)y * frames->width;
      for (uint32_t x = 0; x < frames->width; x++) {
        int value = ((int)row[x] - 16) * 255;
        value = (value + 109) / 219;
        out[x] = (uint8_t)(value < 0 ? 0 : value > 255 ? 255 : value);
      }
    }
  } else {
    const WebPRGBABuffer *rgba = &config.output.u.RGBA;
    for (uint32_t y = 0; y < frames->height; y++) {
      rgba_to_gray(rgba->rgba + (size_t)y * (size_t)rgba->stride, frames->width,
                   gray + (size_t)y * frames->width);
    }
  }
  WebPFreeDecBuffer(&config.output);
  return 0;
}

// MARK: - TIFF

static tmsize_t tiff_read(thandle_t handle, void *buffer, tmsize_t count) {
  struct qr_frames *frames = handle;
  size_t left = frames->size - frames->offset;
  size_t taken = (size_t)count < left ? (size_t)count : left;
  memcpy(buffer, frames->data + frames->offset, taken);
  frames->offset += taken;
  return (tmsize_t)taken;
}

static tmsize_t tiff_write(thandle_t handle, void *buffer, tmsize_t count) {
  (void)handle;
  (void)buffer;
  (void)count;
  return -1;
}

static toff_t tiff_seek(thandle_t handle, toff_t offset, int whence) {
  struct qr_frames *frames = handle;
  uint64_t base = whence == SEEK_CUR ? frames->offset : whence == SEEK_END ? frames->size : 0;
  uint64_t target = base + offset;
  if (target > frames->size) target = frames->size;
  frames->offset = (size_t)target;
  return target;
}

static int tiff_close(thandle_t handle) {
  (void)handle;
  return 0;
}

static toff_t tiff_size(thandle_t handle) { return ((struct qr_frames *)handle)->size; }

static int tiff_map(thandle_t handle, void **base, toff_t *size) {
  (void)handle;
  (void)base;
  (void)size;
  return 0;
}

static void tiff_unmap(thandle_t handle, void *base, toff_t size) {
  (void)handle;
  (void)base;
  (void)size;
}

static int tiff_error(TIFF *tiff, void *user, const char *module, const char *format,
                      va_list arguments) {
  (void)tiff;
  (void)module;
  struct qr_frames *frames = user;
  vsnprintf(frames->tiff_message, sizeof frames->tiff_message, format, arguments);
  return 1;
}

static int tiff_warning(TIFF *tiff, void *user, const char *module, const char *format,
                        va_list arguments) {
  (void)tiff;
  (void)user;
  (void)module;
  (void)format;
  (void)arguments;
  return 1;
}

static void tiff_say(struct qr_frames *frames, char *message, size_t message_size,
                     const char *fallback) {
  say(message, message_size, "%s", frames->tiff_message[0] ? frames->tiff_message : fallback);
}

static int tiff_open(struct qr_frames *frames, char *message, size_t message_size) {
  TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
  if (options == NULL) {
    say(message, message_size, "libtiff could not start");
    return -1;
  }
  TIFFOpenOptionsSetErrorHandlerExtR(options, tiff_error, frames);
  TIFFOpenOptionsSetWarningHandlerExtR(options, tiff_warning, frames);
  TIFFOpenOptionsSetMaxSingleMemAlloc(options, (tmsize_t)frames->max_memory);
  // "m": no memory mapping (the bytes are ours already); "h": read the header only.
  frames->tiff = TIFFClientOpenExt("tiff", "rm", frames, tiff_read, tiff_write, tiff_seek,
                                   tiff_close, tiff_size, tiff_map, tiff_unmap, options);
  TIFFOpenOptionsFree(options);
  if (frames->tiff == NULL) {
    tiff_say(frames, message, message_size, "libtiff could not read the header");
    return -1;
  }
  return 0;
}

// The next page (not a reduced-resolution copy of another): 1, 0 at the end, -1.
static int tiff_next(struct qr_frames *frames, int *orientation, char *message,
                     size_t message_size) {
  for (;;) {
    frames->tiff_message[0] = 0;
    if (frames->tiff_started) {
      if (!TIFFReadDirectory(frames->tiff)) {
        if (frames->tiff_message[0]) {
          tiff_say(frames, message, message_size, "");
          return -1;
        }
        return 0;
      }
    }
    frames->tiff_started = 1;  // from now on, each call moves to the next directory
    uint32_t kind = 0;
    if (TIFFGetField(frames->tiff, TIFFTAG_SUBFILETYPE, &kind) && (kind & FILETYPE_REDUCEDIMAGE)) {
      continue;
    }
    uint32_t width = 0, height = 0;
    uint16_t stored = ORIENTATION_TOPLEFT;
    TIFFGetField(frames->tiff, TIFFTAG_IMAGEWIDTH, &width);
    TIFFGetField(frames->tiff, TIFFTAG_IMAGELENGTH, &height);
    TIFFGetFieldDefaulted(frames->tiff, TIFFTAG_ORIENTATION, &stored);
    frames->width = width;
    frames->height = height;
    *orientation = stored >= 1 && stored <= 8 ? stored : 1;
    return 1;
  }
}

static int tiff_decode(struct qr_frames *frames, int orientation, uint8_t *gray, char *message,
                       size_t message_size) {
  size_t count = (size_t)frames->width * frames->height;
  if (count > frames->max_memory / 4) return QR_IMAGE_MEMORY;
  frames->tiff_message[0] = 0;
  char reason[1024] = "";
  if (!TIFFRGBAImageOK(frames->tiff, reason)) {
    say(message, message_size, "%s", reason);
    return -1;
  }
  TIFFRGBAImage image;
  if (!TIFFRGBAImageBegin(&image, frames->tiff, 1, reason)) {
    say(message, message_size, "%s", reason);
    return -1;
  }
  // Rows as stored: the caller applies the orientation, rotations included, as it does EXIF's.
  image.req_orientation = (uint16_t)orientation;
  uint32_t *raster = malloc(count * 4);
  if (raster == NULL) {
    TIFFRGBAImageEnd(&image);
    return QR_IMAGE_MEMORY;
  }
  int ok = TIFFRGBAImageGet(&image, raster, frames->width, frames->height);
  TIFFRGBAImageEnd(&image);
  if (!ok) {
    free(raster);
    tiff_say(frames, message, message_size, "libtiff could not decode the page");
    return -1;
  }
  for (size_t i = 0; i < count; i++) {
    uint32_t p = raster[i];
    gray[i] = over_white(luma(TIFFGetR(p), TIFFGetG(p), TIFFGetB(p)), TIFFGetA(p));
  }
  free(raster);
  return 0;
}

// MARK: - GIF

static int gif_read(GifFileType *gif, GifByteType *buffer, int count) {
  struct qr_frames *frames = gif->UserData;
  size_t left = frames->size - frames->offset;
  size_t taken = (size_t)count < left ? (size_t)count : left;
  memcpy(buffer, frames->data + frames->offset, taken);
  frames->offset += taken;
  return (int)taken;
}

static void gif_say(int error, char *message, size_t message_size) {
  const char *text = GifErrorString(error);
  say(message, message_size, "%s", text ? text : "giflib failed");
}

static int gif_open(struct qr_frames *frames, char *message, size_t message_size) {
  int error = 0;
  frames->gif = DGifOpen(frames, gif_read, &error);
  if (frames->gif == NULL) {
    gif_say(error, message, message_size);
    return -1;
  }
  GifFileType *gif = frames->gif;
  if (gif->SWidth <= 0 || gif->SHeight <= 0) {
    say(message, message_size, "empty logical screen");
    return -1;
  }
  frames->width = (uint32_t)gif->SWidth;
  frames->height = (uint32_t)gif->SHeight;
  size_t count = (size_t)frames->width * frames->height;
  if (count > frames->max_memory / 2) return QR_IMAGE_MEMORY;
  frames->gif_canvas = malloc(count);
  frames->gif_previous = malloc(count);
  frames->gif_line = malloc(frames->width);
  if (frames->gif_canvas == NULL || frames->gif_previous == NULL || frames->gif_line == NULL) {
    return QR_IMAGE_MEMORY;
  }
  // The background is shown as white (what viewers show through transparency).
  memset(frames->gif_canvas, 255, count);
  frames->gif_transparent = -1;
  return 0;
}

// Reads records up to the next image descriptor: 1, 0 at the trailer, -1.
static int gif_next(struct qr_frames *frames, char *message, size_t message_size) {
  GifFileType *gif = frames->gif;
  for (;;) {
    GifRecordType type;
    if (DGifGetRecordType(gif, &type) == GIF_ERROR) {
      gif_say(gif->Error, message, message_size);
      return -1;
    }
    switch (type) {
      case IMAGE_DESC_RECORD_TYPE:
        if (DGifGetImageDesc(gif) == GIF_ERROR) {
          gif_say(gif->Error, message, message_size);
          return -1;
        }
        return 1;
      case EXTENSION_RECORD_TYPE: {
        int code = 0;
        GifByteType *block = NULL;
        if (DGifGetExtension(gif, &code, &block) == GIF_ERROR) {
          gif_say(gif->Error, message, message_size);
          return -1;
        }
        if (code == GRAPHICS_EXT_FUNC_CODE && block != NULL && block[0] >= 4) {
          frames->gif_disposal = (block[1] >> 2) & 7;
          frames->gif_transparent = (block[1] & 1) ? block[4] : -1;
        }
        while (block != NULL) {
          if (DGifGetExtensionNext(gif, &block) == GIF_ERROR) {
            gif_say(gif->Error, message, message_size);
            return -1;
          }
        }
        break;
      }
      case TERMINATE_RECORD_TYPE:
        return 0;
      default:
        break;
    }
  }
}

static int gif_decode(struct qr_frames *frames, uint8_t *gray, char *message,
                      size_t message_size) {
  GifFileType *gif = frames->gif;
  size_t count = (size_t)frames->width * frames->height;
  // What the previous frame's disposal asks for, before this one is drawn.
  if (frames->gif_last_disposal == 2 || frames->gif_last_disposal == 3) {
    for (GifWord y = frames->gif_last_top; y < frames->gif_last_top + frames->gif_last_height;
         y++) {
      if (y < 0 || (uint32_t)y >= frames->height) continue;
      for (GifWord x = frames->gif_last_left; x < frames->gif_last_left + frames->gif_last_width;
           x++) {
        if (x < 0 || (uint32_t)x >= frames->width) continue;
        size_t at = (size_t)y * frames->width + (size_t)x;
        frames->gif_canvas[at] = frames->gif_last_disposal == 2 ? 255 : frames->gif_previous[at];
      }
    }
  }
  memcpy(frames->gif_previous, frames->gif_canvas, count);
  GifImageDesc *image = &gif->Image;
  ColorMapObject *map = image->ColorMap ? image->ColorMap : gif->SColorMap;
  uint8_t palette[256];
  for (int i = 0; i < 256; i++) palette[i] = 0;
  if (map != NULL) {
    for (int i = 0; i < map->ColorCount && i < 256; i++) {
      GifColorType c = map->Colors[i];
      palette[i] = luma(c.Red, c.Green, c.Blue);
    }
  }
  GifWord width = image->Width, height = image->Height;
  // A frame larger than the screen is drawn clipped, as viewers do; one far larger is refused,
  // as its LZW data could make billions of pixels from a few megabytes.
  if (width < 0 || height < 0 ||
      (size_t)width * (size_t)height > 4 * count + ((size_t)1 << 20)) {
    say(message, message_size, "frame %d is %dx%d on a %ux%u screen", frames->frame - 1,
        (int)width, (int)height, frames->width, frames->height);
    return -1;
  }
  uint8_t *line = frames->gif_line;
  if ((uint32_t)width > frames->width) {
    line = malloc((size_t)width);
    if (line == NULL) return QR_IMAGE_MEMORY;
  }
  static const int starts[] = {0, 4, 2, 1}, steps[] = {8, 8, 4, 2};
  int passes = image->Interlace ? 4 : 1;
  int failed = 0;
  for (int pass = 0; pass < passes && !failed; pass++) {
    int start = image->Interlace ? starts[pass] : 0, step = image->Interlace ? steps[pass] : 1;
    for (GifWord row = start; row < height; row += step) {
      if (DGifGetLine(gif, line, width) == GIF_ERROR) {
        gif_say(gif->Error, message, message_size);
        failed = 1;
        break;
      }
      GifWord y = image->Top + row;
      if (y < 0 || (uint32_t)y >= frames->height) continue;
      uint8_t *out = frames->gif_canvas + (size_t)y * frames->width;
      for (GifWord column = 0; column < width; column++) {
        GifWord x = image->Left + column;
        if (x < 0 || (uint32_t)x >= frames->width) continue;
        if (line[column] == frames->gif_transparent) continue;
        out[x] = palette[line[column]];
      }
    }
  }
  if (line != frames->gif_line) free(line);
  if (failed) return -1;
  memcpy(gray, frames->gif_canvas, count);
  frames->gif_last_disposal = frames->gif_disposal;
  frames->gif_last_left = image->Left;
  frames->gif_last_top = image->Top;
  frames->gif_last_width = width;
  frames->gif_last_height = height;
  frames->gif_disposal = 0;
  frames->gif_transparent = -1;
  return 0;
}

// MARK: - HEIF, through libheif loaded at run time

// The few libheif 1.x declarations used (from heif.h, stable since 1.0), so that building needs
// no libheif-dev.
struct qr_heif_error {
  int code;
  int subcode;
  const char *message;
};
enum { QR_HEIF_COLORSPACE_RGB = 1, QR_HEIF_CHROMA_INTERLEAVED_RGBA = 11,
       QR_HEIF_CHANNEL_INTERLEAVED = 10 };

static struct {
  int tried;
  int loaded;
  char problem[300];
  void *(*context_alloc)(void);
  void (*context_free)(void *);
  struct qr_heif_error (*read_from_memory)(void *, const void *, size_t, const void *);
  struct qr_heif_error (*primary_handle)(void *, void **);
  void (*handle_release)(void *);
  int (*handle_width)(void *);
  int (*handle_height)(void *);
  struct qr_heif_error (*decode_image)(void *, void **, int, int, const void *);
  const uint8_t *(*plane)(const void *, int, int *);
  int (*image_width)(const void *, int);
  int (*image_height)(const void *, int);
  void (*image_release)(void *);
} heif;

static void heif_load(void) {
  if (heif.tried) return;
  heif.tried = 1;
  const char *name = getenv("QRPIPE_LIBHEIF");
  if (name == NULL || name[0] == 0) name = "libheif.so.1";
  void *library = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    snprintf(heif.problem, sizeof heif.problem, "%s is not installed", name);
    return;
  }
  *(void **)&heif.context_alloc = dlsym(library, "heif_context_alloc");
  *(void **)&heif.context_free = dlsym(library, "heif_context_free");
  *(void **)&heif.read_from_memory = dlsym(library, "heif_context_read_from_memory_without_copy");
  *(void **)&heif.primary_handle = dlsym(library, "heif_context_get_primary_image_handle");
  *(void **)&heif.handle_release = dlsym(library, "heif_image_handle_release");
  *(void **)&heif.handle_width = dlsym(library, "heif_image_handle_get_width");
  *(void **)&heif.handle_height = dlsym(library, "heif_image_handle_get_height");
  *(void **)&heif.decode_image = dlsym(library, "heif_decode_image");
  *(void **)&heif.plane = dlsym(library, "heif_image_get_plane_readonly");
  *(void **)&heif.image_width = dlsym(library, "heif_image_get_width");
  *(void **)&heif.image_height = dlsym(library, "heif_image_get_height");
  *(void **)&heif.image_release = dlsym(library, "heif_image_release");
  if (!heif.context_alloc || !heif.context_free || !heif.read_from_memory ||
      !heif.primary_handle || !heif.handle_release || !heif.handle_width ||
      !heif.handle_height || !heif.decode_image || !heif.plane || !heif.image_width ||
      !heif.image_height || !heif.image_release) {
    snprintf(heif.problem, sizeof heif.problem, "%s lacks the functions needed", name);
    dlclose(library);
    return;
  }
  heif.loaded = 1;
}

const char *qr_heif_problem(void) {
  heif_load();
  return heif.loaded ? "" : heif.problem;
}

// libheif's message, on one line: it separates its parts with newlines, which a message
// quoting it would show escaped ("\n").
static void heif_say(struct qr_heif_error error, char *message, size_t message_size) {
  say(message, message_size, "%s", error.message ? error.message : "libheif failed");
  if (message == NULL) return;
  for (char *at = message; *at; at++) {
    if (*at == '\n' || *at == '\r') *at = (at[1] == 0) ? 0 : ' ';
  }
}

static int heif_open(struct qr_frames *frames, char *message, size_t message_size) {
  heif_load();
  if (!heif.loaded) {
    say(message, message_size, "%s", heif.problem);
    return QR_IMAGE_LIBRARY;
  }
  frames->heif_context = heif.context_alloc();
  if (frames->heif_context == NULL) return QR_IMAGE_MEMORY;
  struct qr_heif_error error =
      heif.read_from_memory(frames->heif_context, frames->data, frames->size, NULL);
  if (error.code != 0) {
    heif_say(error, message, message_size);
    return -1;
  }
  error = heif.primary_handle(frames->heif_context, &frames->heif_handle);
  if (error.code != 0) {
    heif_say(error, message, message_size);
    return -1;
  }
  // The size as shown: after the rotation and mirroring libheif applies.
  int width = heif.handle_width(frames->heif_handle);
  int height = heif.handle_height(frames->heif_handle);
  if (width <= 0 || height <= 0) {
    say(message, message_size, "no image size");
    return -1;
  }
  frames->width = (uint32_t)width;
  frames->height = (uint32_t)height;
  return 0;
}

static int heif_decode(struct qr_frames *frames, uint8_t *gray, char *message,
                       size_t message_size) {
  size_t count = (size_t)frames->width * frames->height;
  // libheif's decoded planes (about 1.5 bytes a pixel) and the RGBA image (4).
  if (count > frames->max_memory / 6) return QR_IMAGE_MEMORY;
  void *image = NULL;
  struct qr_heif_error error =
      heif.decode_image(frames->heif_handle, &image, QR_HEIF_COLORSPACE_RGB,
                        QR_HEIF_CHROMA_INTERLEAVED_RGBA, NULL);
  if (error.code != 0 || image == NULL) {
    heif_say(error, message, message_size);
    return -1;
  }
  int stride = 0;
  const uint8_t *pixels = heif.plane(image, QR_HEIF_CHANNEL_INTERLEAVED, &stride);
  int width = heif.image_width(image, QR_HEIF_CHANNEL_INTERLEAVED);
  int height = heif.image_height(image, QR_HEIF_CHANNEL_INTERLEAVED);
  if (pixels == NULL || width != (int)frames->width || height != (int)frames->height ||
      stride < width * 4) {
    heif.image_release(image);
    say(message, message_size, "libheif gave an image of an unexpected layout");
    return -1;
  }
  for (uint32_t y = 0; y < frames->height; y++) {
    rgba_to_gray(pixels + (size_t)y * (size_t)stride, frames->width,
                 gray + (size_t)y * frames->width);
  }
  heif.image_release(image);
  return 0;
}

// MARK: - The handle

qr_frames *qr_frames_open(int format, const uint8_t *data, size_t size, size_t max_memory,
                          int *status, char *message, size_t message_size) {
  struct qr_frames *frames = calloc(1, sizeof *frames);
  if (frames == NULL) {
    *status = QR_IMAGE_MEMORY;
    return NULL;
  }
  frames->format = format;
  frames->data = data;
  frames->size = size;
  frames->max_memory = max_memory;
  int result;
  switch (format) {
    case QR_FRAMES_WEBP: result = webp_open(frames, message, message_size); break;
    case QR_FRAMES_TIFF: result = tiff_open(frames, message, message_size); break;
    case QR_FRAMES_GIF: result = gif_open(frames, message, message_size); break;
    case QR_FRAMES_HEIF: result = heif_open(frames, message, message_size); break;
    default:
      say(message, message_size, "unknown format %d", format);
      result = -1;
  }
  *status = result;
  if (result != 0) {
    qr_frames_close(frames);
    return NULL;
  }
  return frames;
}

int qr_frames_next(qr_frames *frames, uint32_t *width, uint32_t *height, int *orientation,
                   char *message, size_t message_size) {
  *orientation = 1;
  int result;
  switch (frames->format) {
    case QR_FRAMES_WEBP: result = webp_next(frames); break;
    case QR_FRAMES_TIFF: result = tiff_next(frames, orientation, message, message_size); break;
    case QR_FRAMES_GIF: result = gif_next(frames, message, message_size); break;
    default: result = frames->frame == 0 ? 1 : 0; break;
  }
  if (result == 1) {
    frames->frame += 1;
    *width = frames->width;
    *height = frames->height;
  }
  return result;
}

int qr_frames_decode(qr_frames *frames, int orientation, uint8_t *gray, char *message,
                     size_t message_size) {
  switch (frames->format) {
    case QR_FRAMES_WEBP: return webp_decode(frames, gray, message, message_size);
    case QR_FRAMES_TIFF: return tiff_decode(frames, orientation, gray, message, message_size);
    case QR_FRAMES_GIF: return gif_decode(frames, gray, message, message_size);
    case QR_FRAMES_HEIF: return heif_decode(frames, gray, message, message_size);
    default: return -1;
  }
}

void qr_frames_close(qr_frames *frames) {
  if (frames == NULL) return;
  if (frames->webp_animation) WebPAnimDecoderDelete(frames->webp_animation);
  if (frames->tiff) TIFFClose(frames->tiff);
  if (frames->gif) {
    int error = 0;
    DGifCloseFile(frames->gif, &error);
  }
  free(frames->gif_canvas);
  free(frames->gif_previous);
  free(frames->gif_line);
  if (frames->heif_handle) heif.handle_release(frames->heif_handle);
  if (frames->heif_context) heif.context_free(frames->heif_context);
  free(frames);
}

// MARK: - HEIF in a static process

#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/prctl.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <unistd.h>

extern char **environ;

int qr_is_static_process(void) { return getauxval(AT_BASE) == 0; }

// The variable naming the parent a helper was started for (its pid).
static const char helper_variable[] = "QRPIPE_IMAGE_HELPER_OF";

int qr_bind_to_parent(void) {
  const char *value = getenv(helper_variable);
  if (value == NULL) return 0;
  long parent = strtol(value, NULL, 10);
  unsetenv(helper_variable);
  // Killed with its parent: a killed qrdetect leaves no decoder running behind it.
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
  // The parent may have died before the line above: then nobody reads the output.
  if (getppid() != (pid_t)parent) _exit(1);
  return 1;
}

// A descriptor of an anonymous in-memory file holding `data`, read from its start; -1 on failure.
static int memory_file(const char *name, const uint8_t *data, size_t size) {
  int fd = memfd_create(name, MFD_CLOEXEC);
  if (fd < 0) return -1;
  size_t written = 0;
  while (written < size) {
    ssize_t count = write(fd, data + written, size - written);
    if (count <= 0) {
      close(fd);
      return -1;
    }
    written += (size_t)count;
  }
  lseek(fd, 0, SEEK_SET);
  return fd;
}

int qr_spawn_image_helper(const char *helper, const uint8_t *data, size_t size,
                          size_t max_pixels, size_t max_memory, int *output, int *errors,
                          int *pid) {
  int input = memory_file("qrpipe-image", data, size);
  if (input < 0) return -1;
  *errors = memory_file("qrpipe-errors", NULL, 0);
  int pipe_fds[2];
  if (*errors < 0 || pipe2(pipe_fds, O_CLOEXEC) != 0) {
    close(input);
    if (*errors >= 0) close(*errors);
    return -1;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, input, 0);
  posix_spawn_file_actions_adddup2(&actions, pipe_fds[1], 1);
  posix_spawn_file_actions_adddup2(&actions, *errors, 2);
  // The caller's limits, so that the helper refuses what the caller would, before decoding.
  char pixels[32], memory[32];
  snprintf(pixels, sizeof pixels, "%zu", max_pixels);
  snprintf(memory, sizeof memory, "%zu", max_memory);
  char *arguments[] = {(char *)helper, "--max-pixels", pixels, "--max-memory", memory,
                       "--output", "qrframe", "-", NULL};
  // The environment, and the variable that binds the helper's life to this process.
  size_t count = 0;
  while (environ[count] != NULL) count++;
  char **environment = calloc(count + 2, sizeof *environment);
  char binding[64];
  snprintf(binding, sizeof binding, "%s=%ld", helper_variable, (long)getpid());
  if (environment != NULL) {
    size_t kept = 0;
    for (size_t i = 0; i < count; i++) {
      if (strncmp(environ[i], helper_variable, sizeof helper_variable - 1) != 0) {
        environment[kept++] = environ[i];
      }
    }
    environment[kept++] = binding;
    environment[kept] = NULL;
  }
  pid_t child = 0;
  int failed = posix_spawn(&child, helper, &actions, NULL, arguments,
                           environment != NULL ? environment : environ);
  free(environment);
  posix_spawn_file_actions_destroy(&actions);
  close(input);
  close(pipe_fds[1]);
  if (failed) {
    close(pipe_fds[0]);
    close(*errors);
    return -1;
  }
  *output = pipe_fds[0];
  *pid = child;
  return 0;
}
