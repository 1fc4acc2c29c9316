#include "slides/gif_writer.h"

#include <apsp/core/errors.h>
#include <apsp/io/atomic_file.h>
#include <gif_lib.h>

#include <vector>

#include "slides/gif_palette.h"

namespace apsp::studio {

/// giflib's handle and its sink: giflib keeps a void* to this and calls write_to_atomic_file with it.
struct GifWriter::Gif {
  GifFileType* file = nullptr;
  AtomicFile* out = nullptr;
  std::string write_error;  // what AtomicFile threw inside giflib's callback (no exception may cross C code)

  static int write_to_atomic_file(GifFileType* gif, const GifByteType* data, int length) {
    auto* self = static_cast<Gif*>(gif->UserData);
    try {
      self->out->write(data, static_cast<std::size_t>(length));
      return length;
    } catch (const std::exception& e) {
      if (self->write_error.empty()) self->write_error = e.what();
      return 0;
    }
  }
};

GifWriter::GifWriter(std::string path, int width, int height, int delay_cs)
    : m_path(std::move(path)), m_width(width), m_height(height), m_delay_cs(delay_cs),
      m_file(std::make_unique<AtomicFile>(m_path)), m_gif(std::make_unique<Gif>()) {
  m_gif->out = m_file.get();
  int error = 0;
  m_gif->file = EGifOpen(m_gif.get(), &Gif::write_to_atomic_file, &error);
  if (!m_gif->file) throw Error(m_path + ": GIF: " + GifErrorString(error));
  EGifSetGifVersion(m_gif->file, true);  // GIF89a: frame delays and looping
  std::vector<GifColorType> colours(256);
  for (int i = 0; i < 256; ++i) {
    const auto c = gif_palette::colour_of(i);
    colours[static_cast<std::size_t>(i)] = {c[0], c[1], c[2]};
  }
  ColorMapObject* map = GifMakeMapObject(256, colours.data());
  const bool ok = map && EGifPutScreenDesc(m_gif->file, width, height, 8, 0, map) == GIF_OK;
  GifFreeMapObject(map);
  // NETSCAPE2.0 application block: loop forever.
  const GifByteType loop[3] = {1, 0, 0};
  if (!ok || EGifPutExtensionLeader(m_gif->file, APPLICATION_EXT_FUNC_CODE) != GIF_OK ||
      EGifPutExtensionBlock(m_gif->file, 11, "NETSCAPE2.0") != GIF_OK ||
      EGifPutExtensionBlock(m_gif->file, 3, loop) != GIF_OK || EGifPutExtensionTrailer(m_gif->file) != GIF_OK) {
    throw Error(m_path + ": GIF header: " + (m_gif->write_error.empty() ? GifErrorString(m_gif->file->Error) : m_gif->write_error));
  }
}

GifWriter::~GifWriter() {
  if (m_gif && m_gif->file) {
    int error = 0;
    EGifCloseFile(m_gif->file, &error);  // unfinished: the AtomicFile is dropped uncommitted, nothing appears
  }
}

void GifWriter::add_frame(const std::uint8_t* rgba, int width, int height) {
  if (width != m_width || height != m_height)
    throw Error(m_path + ": GIF frame " + std::to_string(m_frames) + " is " + std::to_string(width) + "x" +
                std::to_string(height) + ", the first was " + std::to_string(m_width) + "x" + std::to_string(m_height));
  GraphicsControlBlock gcb{};
  gcb.DisposalMode = DISPOSE_DO_NOT;
  gcb.DelayTime = m_delay_cs;
  gcb.TransparentColor = NO_TRANSPARENT_COLOR;
  GifByteType extension[4];
  const std::size_t length = EGifGCBToExtension(&gcb, extension);
  bool ok = EGifPutExtension(m_gif->file, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension) == GIF_OK &&
            EGifPutImageDesc(m_gif->file, 0, 0, width, height, false, nullptr) == GIF_OK;
  std::vector<GifPixelType> line(static_cast<std::size_t>(width));
  for (int y = 0; ok && y < height; ++y) {
    const std::uint8_t* row = rgba + static_cast<std::size_t>(y) * static_cast<std::size_t>(width) * 4;
    for (int x = 0; x < width; ++x) line[static_cast<std::size_t>(x)] = gif_palette::index_of(row[x * 4], row[x * 4 + 1], row[x * 4 + 2]);
    ok = EGifPutLine(m_gif->file, line.data(), width) == GIF_OK;
  }
  if (!ok) throw Error(m_path + ": GIF frame: " + (m_gif->write_error.empty() ? GifErrorString(m_gif->file->Error) : m_gif->write_error));
  ++m_frames;
}

void GifWriter::finish() {
  int error = 0;
  const int closed = EGifCloseFile(m_gif->file, &error);  // frees the GifFileType either way
  m_gif->file = nullptr;
  if (closed != GIF_OK) throw Error(m_path + ": GIF trailer: " + (m_gif->write_error.empty() ? GifErrorString(error) : m_gif->write_error));
  m_file->commit();
}

}  // namespace apsp::studio
