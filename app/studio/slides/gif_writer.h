#pragma once
// An animated GIF written frame by frame through giflib (slides: --gif, the export panel), so a long run never
// holds all its frames in memory. The file goes through AtomicFile: it appears, complete, only at finish().
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace apsp {
class AtomicFile;
}

namespace apsp::studio {

/// @brief How long each layer but a frame's last is shown (hundredths of a second). Not 0: browsers show an
/// image of delay 0 or 1 for 10 hundredths (Chromium, Firefox and WebKit alike), so a frame of 20 layers would
/// build up over two seconds; 2 is honoured as given, and a frame stands complete within a few tenths.
inline constexpr int kLayerDelayCs = 2;

class GifWriter {
 public:
  /// @param delay_cs each frame's display time in hundredths of a second; the animation loops forever.
  GifWriter(std::string path, int width, int height, int delay_cs);
  ~GifWriter();
  GifWriter(const GifWriter&) = delete;
  GifWriter& operator=(const GifWriter&) = delete;

  /// @brief One frame of RGBA8 pixels, top row first, with its exact colours: the pixels that changed since the
  /// previous frame as layers of 255 colours each (slides/gif_layers.h); the frame's delay is on its last layer,
  /// the layers before it are shown kLayerDelayCs each. Throws apsp::Error when the size differs from the
  /// first frame's or giflib fails.
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
  std::vector<std::uint32_t> m_picture;  ///< what a viewer shows after the last frame written (0xRRGGBB)
};

}  // namespace apsp::studio
