#include "slides/gif_layers.h"

#include <algorithm>
#include <unordered_map>
#include <utility>

namespace apsp::studio::gif_layers {

std::vector<std::uint32_t> rgb_pixels(const std::uint8_t* rgba, int width, int height) {
  std::vector<std::uint32_t> rgb(static_cast<std::size_t>(width) * static_cast<std::size_t>(height));
  for (std::size_t p = 0; p < rgb.size(); ++p) {
    const std::uint8_t* c = rgba + p * 4;
    rgb[p] = static_cast<std::uint32_t>(c[0]) << 16 | static_cast<std::uint32_t>(c[1]) << 8 | c[2];
  }
  return rgb;
}

FramePlan plan_frame(const std::vector<std::uint32_t>& frame, const std::vector<std::uint32_t>& previous, int width,
                     int height) {
  const bool fresh = previous.size() != frame.size();
  std::unordered_map<std::uint32_t, std::int32_t> count;
  for (std::size_t p = 0; p < frame.size(); ++p)
    if (fresh || frame[p] != previous[p]) ++count[frame[p]];
  // Most frequent first; ties by colour value, so the same frame always gives the same file.
  std::vector<std::pair<std::int32_t, std::uint32_t>> ranked;
  ranked.reserve(count.size());
  for (const auto& [colour, n] : count) ranked.emplace_back(-n, colour);
  std::sort(ranked.begin(), ranked.end());
  std::unordered_map<std::uint32_t, std::int32_t> rank_of;
  rank_of.reserve(ranked.size());
  for (std::size_t r = 0; r < ranked.size(); ++r) rank_of[ranked[r].second] = static_cast<std::int32_t>(r);

  FramePlan plan;
  const int layers = static_cast<int>((ranked.size() + kColoursPerLayer - 1) / kColoursPerLayer);
  plan.layers.resize(static_cast<std::size_t>(layers));
  for (int l = 0; l < layers; ++l) {
    Layer& layer = plan.layers[static_cast<std::size_t>(l)];
    layer.x0 = width, layer.y0 = height;
    const std::size_t first = static_cast<std::size_t>(l) * kColoursPerLayer;
    for (std::size_t r = first; r < std::min(ranked.size(), first + kColoursPerLayer); ++r)
      layer.palette.push_back(ranked[r].second);
  }
  plan.rank.assign(frame.size(), -1);
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      const std::size_t p = static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x);
      if (!fresh && frame[p] == previous[p]) continue;
      const std::int32_t r = rank_of.at(frame[p]);
      plan.rank[p] = r;
      Layer& layer = plan.layers[static_cast<std::size_t>(r / kColoursPerLayer)];
      layer.x0 = std::min(layer.x0, x), layer.y0 = std::min(layer.y0, y);
      layer.x1 = std::max(layer.x1, x + 1), layer.y1 = std::max(layer.y1, y + 1);
    }
  }
  return plan;
}

}  // namespace apsp::studio::gif_layers
