#include "slides/gif_writer.h"

#include <apsp/core/errors.h>
#include <apsp/io/atomic_file.h>
#include <gif_lib.h>

#include <vector>

#include "slides/gif_layers.h"

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
  EGifSetGifVersion(m_gif->file, true);  // GIF89a: frame delays, transparency and looping
  // No global colour table: every layer carries its own (slides/gif_layers.h).
  const bool ok = EGifPutScreenDesc(m_gif->file, width, height, 8, 0, nullptr) == GIF_OK;
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
  std::vector<std::uint32_t> picture = gif_layers::rgb_pixels(rgba, width, height);
  const gif_layers::FramePlan plan = gif_layers::plan_frame(picture, m_picture, width, height);
  const auto fail = [&](const char* what) {
    throw Error(m_path + ": GIF frame " + std::to_string(m_frames) + " " + what + ": " +
                (m_gif->write_error.empty() ? GifErrorString(m_gif->file->Error) : m_gif->write_error));
  };
  // A frame equal to the one before still needs an image to carry its delay: one transparent pixel.
  std::vector<gif_layers::Layer> layers = plan.layers;
  if (layers.empty()) layers.push_back(gif_layers::Layer{0, 0, 1, 1, {}});
  std::vector<GifColorType> colours(256);
  std::vector<GifPixelType> line(static_cast<std::size_t>(width));
  for (std::size_t l = 0; l < layers.size(); ++l) {
    const gif_layers::Layer& layer = layers[l];
    GraphicsControlBlock gcb{};
    gcb.DisposalMode = DISPOSE_DO_NOT;
    gcb.DelayTime = l + 1 == layers.size() ? m_delay_cs : kLayerDelayCs;
    gcb.TransparentColor = gif_layers::kTransparentIndex;
    GifByteType extension[4];
    const std::size_t length = EGifGCBToExtension(&gcb, extension);
    for (std::size_t i = 0; i < colours.size(); ++i) {
      const std::uint32_t c = i < layer.palette.size() ? layer.palette[i] : 0;
      colours[i] = {static_cast<GifByteType>(c >> 16), static_cast<GifByteType>(c >> 8), static_cast<GifByteType>(c)};
    }
    ColorMapObject* map = GifMakeMapObject(256, colours.data());
    const bool described =
        map && EGifPutExtension(m_gif->file, GRAPHICS_EXT_FUNC_CODE, static_cast<int>(length), extension) == GIF_OK &&
        EGifPutImageDesc(m_gif->file, layer.x0, layer.y0, layer.x1 - layer.x0, layer.y1 - layer.y0, false, map) ==
            GIF_OK;
    GifFreeMapObject(map);
    if (!described) fail("layer header");
    for (int y = layer.y0; y < layer.y1; ++y) {
      const std::size_t row = static_cast<std::size_t>(y) * static_cast<std::size_t>(width);
      for (int x = layer.x0; x < layer.x1; ++x)
        line[static_cast<std::size_t>(x - layer.x0)] = plan.index_of(row + static_cast<std::size_t>(x), static_cast<int>(l));
      if (EGifPutLine(m_gif->file, line.data(), layer.x1 - layer.x0) != GIF_OK) fail("pixels");
    }
  }
  m_picture = std::move(picture);
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
