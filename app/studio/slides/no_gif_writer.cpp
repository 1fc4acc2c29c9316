// Built without giflib (Debian libgif-dev; scripts/setup installs it): --gif and the Slides button's GIF say why.
#include <apsp/core/errors.h>
#include <apsp/io/atomic_file.h>

#include "slides/gif_writer.h"

namespace apsp::studio {

struct GifWriter::Gif {};

GifWriter::GifWriter(std::string path, int width, int height, int delay_cs)
    : m_path(std::move(path)), m_width(width), m_height(height), m_delay_cs(delay_cs) {
  throw UnavailableError(m_path + ": GIF slides need giflib: this apsp-studio was built without it (install libgif-dev)");
}
GifWriter::~GifWriter() = default;
void GifWriter::add_frame(const std::uint8_t*, int, int) {}
void GifWriter::finish() {}

}  // namespace apsp::studio
