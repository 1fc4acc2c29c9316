#pragma once
// How one slide becomes GIF images with exact colours. A GIF image holds at most 256 colours; a studio frame
// holds thousands (measured: about 4,100 at 1280 x 720 and 4,800-5,300 at 1920 x 1080 for a classroom lesson;
// antialiased text and the colour bar make most of them). A frame is therefore written as layers: images with
// their own local colour table of 255 colours plus a transparent index, drawn over each other (disposal
// "leave in place"). The pixels that differ from the previous frame's picture (every pixel for the first
// frame) are ranked by how often their colour occurs; layer 0 takes the 255 most frequent colours, layer 1 the
// next 255, and so on, each over the bounding box of its own pixels, transparent elsewhere. The picture after
// a frame's last layer equals the frame pixel for pixel, however many colours it holds; the first layer alone
// already shows most of it. Pure and deterministic; shared with the unit tests.
#include <cstdint>
#include <vector>

namespace apsp::studio::gif_layers {

inline constexpr int kColoursPerLayer = 255;
inline constexpr std::uint8_t kTransparentIndex = 255;

/// @brief One image of a frame: its rectangle (x1, y1 exclusive) and its colour table (0xRRGGBB).
struct Layer {
  int x0 = 0, y0 = 0, x1 = 0, y1 = 0;
  std::vector<std::uint32_t> palette;
};

struct FramePlan {
  std::vector<Layer> layers;  ///< empty when nothing changed since the previous frame
  /// Per pixel: -1 where the previous picture already has the colour, else the colour's rank (layer
  /// rank / kColoursPerLayer, index rank % kColoursPerLayer).
  std::vector<std::int32_t> rank;

  /// @brief The colour index of pixel @p p in layer @p layer (kTransparentIndex: another layer draws it).
  std::uint8_t index_of(std::size_t p, int layer) const {
    const std::int32_t r = rank[p];
    return r >= 0 && r / kColoursPerLayer == layer ? static_cast<std::uint8_t>(r % kColoursPerLayer)
                                                    : kTransparentIndex;
  }
};

/// @brief 0xRRGGBB of each pixel of @p rgba (RGBA8, row-major); alpha is ignored (the window is opaque).
std::vector<std::uint32_t> rgb_pixels(const std::uint8_t* rgba, int width, int height);

/// @brief The layers that turn @p previous (empty: nothing drawn yet) into @p frame (both rgb_pixels()).
FramePlan plan_frame(const std::vector<std::uint32_t>& frame, const std::vector<std::uint32_t>& previous, int width,
                     int height);

}  // namespace apsp::studio::gif_layers
