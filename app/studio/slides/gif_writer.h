#pragma once
// An animated GIF written frame by frame through giflib (slides: --gif, the export panel), so a long run never
// holds all its frames in memory. The file goes through AtomicFile: it appears, complete, only at finish().
#include <cstdint>
#include <memory>
#include <string>

namespace apsp {
class AtomicFile;
}

namespace apsp::studio {

class GifWriter {
 public:
  /// @param delay_cs each frame's display time in hundredths of a second; the animation loops forever.
  GifWriter(std::string path, int width, int height, int delay_cs);
  ~GifWriter();
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  /// @brief One frame of RGBA8 pixels, top row first, quantized to the fixed colour cube (slides/gif_palette.h).
  /// Throws apsp::Error when the size differs from the first frame's or giflib fails.
  void add_frame(const std::uint8_t* rgba, int width, int height);
  /// @brief Writes the trailer and moves the file into place. Throws apsp::Error.
  void finish();
  int frames() const { return m_frames; }

 private:
  struct Gif;
  std::string m_path;
  int m_width, m_height, m_delay_cs;
  int m_frames = 0;
  std::unique_ptr<AtomicFile> m_file;
  std::unique_ptr<Gif> m_gif;
};

}  // namespace apsp::studio
