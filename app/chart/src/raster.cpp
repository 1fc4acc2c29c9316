#include "chart/raster.h"

#include <algorithm>
#include <cmath>

namespace apsp::chart {

RgbaImage::RgbaImage(int w, int h, std::uint32_t rgba)
    : width(w), height(h), pixels(static_cast<std::size_t>(w) * h * 4) {
  for (std::size_t i = 0; i < pixels.size(); i += 4)
    for (int c = 0; c < 4; ++c) pixels[i + c] = static_cast<std::uint8_t>(rgba >> (8 * c));
}

std::uint32_t RgbaImage::at(int x, int y) const {
  const std::uint8_t* p = &pixels[(static_cast<std::size_t>(y) * width + x) * 4];
  return p[0] | (p[1] << 8) | (p[2] << 16) | (static_cast<std::uint32_t>(p[3]) << 24);
}

namespace {

struct Rgba {
  float r, g, b, a;
};

Rgba unpack(ImU32 c) {
  return {static_cast<float>(c & 0xff) / 255.f, static_cast<float>((c >> 8) & 0xff) / 255.f,
          static_cast<float>((c >> 16) & 0xff) / 255.f, static_cast<float>((c >> 24) & 0xff) / 255.f};
}

/// Bilinear, clamped to the edge, like GL_LINEAR with GL_CLAMP_TO_EDGE (what ImGui's backends set).
Rgba sample(const Texture& t, float u, float v) {
  const float x = u * static_cast<float>(t.width) - 0.5f;
  const float y = v * static_cast<float>(t.height) - 0.5f;
  const int x0 = static_cast<int>(std::floor(x));
  const int y0 = static_cast<int>(std::floor(y));
  const float fx = x - static_cast<float>(x0);
  const float fy = y - static_cast<float>(y0);
  auto texel = [&](int xi, int yi) {
    xi = std::clamp(xi, 0, t.width - 1);
    yi = std::clamp(yi, 0, t.height - 1);
    const std::uint8_t* p = &t.pixels[(static_cast<std::size_t>(yi) * t.width + xi) * 4];
    return Rgba{p[0] / 255.f, p[1] / 255.f, p[2] / 255.f, p[3] / 255.f};
  };
  const Rgba a = texel(x0, y0), b = texel(x0 + 1, y0), c = texel(x0, y0 + 1), d = texel(x0 + 1, y0 + 1);
  auto mix = [&](float pa, float pb, float pc, float pd) {
    return (pa * (1 - fx) + pb * fx) * (1 - fy) + (pc * (1 - fx) + pd * fx) * fy;
  };
  return {mix(a.r, b.r, c.r, d.r), mix(a.g, b.g, c.g, d.g), mix(a.b, b.b, c.b, d.b), mix(a.a, b.a, c.a, d.a)};
}

/// Twice the signed area of (a, b, p): positive when p lies on the inner side of a -> b for a triangle wound
/// the way rasterize() normalizes to.
float edge(const ImVec2& a, const ImVec2& b, float px, float py) {
  return (b.x - a.x) * (py - a.y) - (b.y - a.y) * (px - a.x);
}

/// Top-left rule for that winding (y down): a pixel centre exactly on an edge belongs to the triangle only for a
/// top edge (horizontal, running +x) or a left edge (running up), so neighbours sharing the edge do not both
/// take it.
bool owns_edge(const ImVec2& a, const ImVec2& b) { return (a.y == b.y && b.x > a.x) || b.y < a.y; }

bool inside(float w, bool owns) { return w > 0 || (w == 0 && owns); }

void blend(std::uint8_t* dst, const Rgba& src) {
  const float a = std::clamp(src.a, 0.f, 1.f);
  if (a <= 0) return;
  const float s[3] = {src.r, src.g, src.b};
  for (int c = 0; c < 3; ++c) {
    const float v = s[c] * a + (static_cast<float>(dst[c]) / 255.f) * (1 - a);
    dst[c] = static_cast<std::uint8_t>(std::lround(std::clamp(v, 0.f, 1.f) * 255.f));
  }
  const float da = a + (static_cast<float>(dst[3]) / 255.f) * (1 - a);
  dst[3] = static_cast<std::uint8_t>(std::lround(std::clamp(da, 0.f, 1.f) * 255.f));
}

void fill_triangle(const ImDrawVert* v0, const ImDrawVert* v1, const ImDrawVert* v2, ImVec2 origin, const ImVec4& clip,
                   const Texture& texture, RgbaImage& target) {
  float area = edge(v0->pos, v1->pos, v2->pos.x, v2->pos.y);
  if (area == 0 || !std::isfinite(area)) return;
  if (area < 0) {  // one winding for the edge tests and the top-left rule
    std::swap(v1, v2);
    area = -area;
  }
  const ImVec2 p0(v0->pos.x - origin.x, v0->pos.y - origin.y), p1(v1->pos.x - origin.x, v1->pos.y - origin.y),
      p2(v2->pos.x - origin.x, v2->pos.y - origin.y);
  const float min_x = std::max({clip.x, std::min({p0.x, p1.x, p2.x}), 0.f});
  const float min_y = std::max({clip.y, std::min({p0.y, p1.y, p2.y}), 0.f});
  const float max_x = std::min({clip.z, std::max({p0.x, p1.x, p2.x}), static_cast<float>(target.width)});
  const float max_y = std::min({clip.w, std::max({p0.y, p1.y, p2.y}), static_cast<float>(target.height)});
  if (min_x >= max_x || min_y >= max_y) return;
  const bool own0 = owns_edge(p1, p2), own1 = owns_edge(p2, p0), own2 = owns_edge(p0, p1);
  const Rgba c0 = unpack(v0->col), c1 = unpack(v1->col), c2 = unpack(v2->col);
  const bool textured = texture.pixels != nullptr;
  // Pixel (x, y) has its centre at (x + 0.5, y + 0.5); the clip rectangle and the image bound the loops.
  const int x_begin = static_cast<int>(std::ceil(min_x - 0.5f));
  const int y_begin = static_cast<int>(std::ceil(min_y - 0.5f));
  const int x_end = static_cast<int>(std::ceil(max_x - 0.5f));
  const int y_end = static_cast<int>(std::ceil(max_y - 0.5f));
  for (int y = std::max(0, y_begin); y < std::min(y_end, target.height); ++y) {
    const float py = static_cast<float>(y) + 0.5f;
    for (int x = std::max(0, x_begin); x < std::min(x_end, target.width); ++x) {
      const float px = static_cast<float>(x) + 0.5f;
      const float w0 = edge(p1, p2, px, py), w1 = edge(p2, p0, px, py), w2 = edge(p0, p1, px, py);
      if (!inside(w0, own0) || !inside(w1, own1) || !inside(w2, own2)) continue;
      const float b0 = w0 / area, b1 = w1 / area, b2 = w2 / area;
      Rgba col{c0.r * b0 + c1.r * b1 + c2.r * b2, c0.g * b0 + c1.g * b1 + c2.g * b2, c0.b * b0 + c1.b * b1 + c2.b * b2,
               c0.a * b0 + c1.a * b1 + c2.a * b2};
      if (textured) {
        const float u = v0->uv.x * b0 + v1->uv.x * b1 + v2->uv.x * b2;
        const float v = v0->uv.y * b0 + v1->uv.y * b1 + v2->uv.y * b2;
        const Rgba t = sample(texture, u, v);
        col = {col.r * t.r, col.g * t.g, col.b * t.b, col.a * t.a};
      }
      blend(&target.pixels[(static_cast<std::size_t>(y) * target.width + x) * 4], col);
    }
  }
}

}  // namespace

void rasterize(const ImDrawData& draw_data, const Texture& texture, RgbaImage& target) {
  for (int l = 0; l < draw_data.CmdListsCount; ++l) {
    const ImDrawList* list = draw_data.CmdLists[l];
    for (const ImDrawCmd& cmd : list->CmdBuffer) {
      if (cmd.UserCallback) continue;  // none are used offscreen
      const ImVec4 clip(cmd.ClipRect.x - draw_data.DisplayPos.x, cmd.ClipRect.y - draw_data.DisplayPos.y,
                        cmd.ClipRect.z - draw_data.DisplayPos.x, cmd.ClipRect.w - draw_data.DisplayPos.y);
      for (unsigned i = 0; i + 2 < cmd.ElemCount; i += 3) {
        const ImDrawIdx* idx = &list->IdxBuffer[static_cast<int>(cmd.IdxOffset + i)];
        const ImDrawVert* base = &list->VtxBuffer[static_cast<int>(cmd.VtxOffset)];
        fill_triangle(base + idx[0], base + idx[1], base + idx[2], draw_data.DisplayPos, clip, texture, target);
      }
    }
  }
}

}  // namespace apsp::chart
