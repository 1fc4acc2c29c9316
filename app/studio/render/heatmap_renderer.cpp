#include "render/heatmap_renderer.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "platform/gl_check.h"
#include "platform/shader.h"
#include "render/overlay_style.h"
#include "render/render_target.h"

namespace apsp::studio {
namespace {

void set_rgb(const GlProgram& p, const char* name, const Rgbf& c) {
  glUniform3f(uniform_location(p, name), c[0], c[1], c[2]);
}

}  // namespace

HeatmapRenderer::HeatmapRenderer()
    : m_program(build_program("shaders/heatmap.vert", "shaders/heatmap.frag")),
      m_vao(make_gl_vertex_array()),
      m_lut(make_gl_texture()) {
  glBindTexture(GL_TEXTURE_2D, m_lut.get());
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  set_colormap(builtin_colormap("viridis"));  // the chosen one follows once the log can take a message
}

Rgb8 not_yet_rgb8() {
  auto q = [](float v) { return static_cast<std::uint8_t>(v * 255.0f + 0.5f); };
  return Rgb8{q(OverlayStyle::not_yet[0]), q(OverlayStyle::not_yet[1]), q(OverlayStyle::not_yet[2])};
}

void HeatmapRenderer::set_colormap(const Colormap& map) {
  // The colormap's 257 entries, then kViewPendingCode's (257): rows a sparse solve has not computed yet.
  std::vector<Rgb8> lut(map.entries.begin(), map.entries.end());
  lut.push_back(not_yet_rgb8());
  std::vector<std::uint8_t> rgba(lut.size() * 4);
  for (std::size_t i = 0; i < lut.size(); ++i) {
    rgba[i * 4 + 0] = lut[i].r;
    rgba[i * 4 + 1] = lut[i].g;
    rgba[i * 4 + 2] = lut[i].b;
    rgba[i * 4 + 3] = 255;
  }
  glBindTexture(GL_TEXTURE_2D, m_lut.get());
  glPixelStorei(GL_UNPACK_ALIGNMENT, 4);
  glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, static_cast<GLsizei>(lut.size()), 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
               rgba.data());
  check_gl("HeatmapRenderer::set_colormap");
  m_colormap = map;
}

void HeatmapRenderer::draw(const HeatmapTexture& codes, Size target, const HeatmapPlacement& placement,
                           const HeatmapOverlay& overlay, float ui_scale, std::array<float, 4> background) const {
  const ViewGeometry& g = codes.geometry();
  glDisable(GL_BLEND);
  glDisable(GL_DEPTH_TEST);
  glDisable(GL_SCISSOR_TEST);
  glDisable(GL_CULL_FACE);
  glUseProgram(m_program.get());
  glActiveTexture(GL_TEXTURE0);
  glBindTexture(GL_TEXTURE_2D, codes.texture());
  glActiveTexture(GL_TEXTURE1);
  glBindTexture(GL_TEXTURE_2D, m_lut.get());
  glActiveTexture(GL_TEXTURE0);
  const GlProgram& p = m_program;
  glUniform1i(uniform_location(p, "u_codes"), 0);
  glUniform1i(uniform_location(p, "u_lut"), 1);
  glUniform2f(uniform_location(p, "u_target_size"), static_cast<float>(target.width),
              static_cast<float>(target.height));
  glUniform2f(uniform_location(p, "u_origin"), placement.origin_x, placement.origin_y);
  glUniform1f(uniform_location(p, "u_texels_per_px"), placement.texels_per_px);
  glUniform2i(uniform_location(p, "u_view_size"), codes.empty() ? 0 : g.cols, codes.empty() ? 0 : g.rows);
  glUniform1i(uniform_location(p, "u_max_level"), std::max(codes.levels() - 1, 0));
  glUniform1i(uniform_location(p, "u_n"), g.n > 0 ? g.n : 1);
  glUniform1i(uniform_location(p, "u_n_rows"), g.row_count() > 0 ? g.row_count() : 1);
  glUniform1i(uniform_location(p, "u_block"), overlay.block > 0 ? overlay.block : 1);
  glUniform1i(uniform_location(p, "u_round"), overlay.round);
  glUniform1i(uniform_location(p, "u_phase"), overlay.phase);
  glUniform1i(uniform_location(p, "u_k_vertex"), overlay.k_vertex);
  glUniform1i(uniform_location(p, "u_overlays"), overlay.enabled ? 1 : 0);
  glUniform1i(uniform_location(p, "u_improved"), overlay.improved ? 1 : 0);
  glUniform1f(uniform_location(p, "u_grid_alpha"), overlay.grid_alpha);
  glUniform1f(uniform_location(p, "u_outline_px"), overlay.outline_px);
  glUniform1f(uniform_location(p, "u_ui_scale"), ui_scale);
  glUniform1f(uniform_location(p, "u_rim_fraction"), OverlayStyle::kRimFraction);
  glUniform1f(uniform_location(p, "u_exact_cell_px"), OverlayStyle::kExactCellPx);
  glUniform4f(uniform_location(p, "u_background"), background[0], background[1], background[2], background[3]);
  set_rgb(p, "u_pivot_color", OverlayStyle::pivot);
  set_rgb(p, "u_rowcol_color", OverlayStyle::rowcol);
  set_rgb(p, "u_improved_color", OverlayStyle::improved);
  set_rgb(p, "u_k_color", OverlayStyle::k_line);
  set_rgb(p, "u_source_color", OverlayStyle::source);
  set_rgb(p, "u_path_color", OverlayStyle::path);
  set_rgb(p, "u_link_color", OverlayStyle::link);
  set_rgb(p, "u_dark", OverlayStyle::dark);
  set_rgb(p, "u_light", OverlayStyle::light);
  set_rgb(p, "u_grid_color", OverlayStyle::grid);
  auto set_cell = [&](const char* name, const CellRef& c) {
    glUniform2i(uniform_location(p, name), c.valid() ? c.i : -1, c.valid() ? c.j : -1);
  };
  set_cell("u_selected", overlay.selected);
  set_cell("u_source_ik", overlay.source_ik);
  set_cell("u_source_kj", overlay.source_kj);
  std::array<GLint, 2 * HeatmapOverlay::kMaxPathCells> path{};
  const int path_count =
      static_cast<int>(std::min<std::size_t>(overlay.path_cells.size(), HeatmapOverlay::kMaxPathCells));
  for (int i = 0; i < path_count; ++i) {
    path[static_cast<std::size_t>(2 * i)] = overlay.path_cells[static_cast<std::size_t>(i)].i;
    path[static_cast<std::size_t>(2 * i + 1)] = overlay.path_cells[static_cast<std::size_t>(i)].j;
  }
  glUniform1i(uniform_location(p, "u_path_count"), path_count);
  glUniform2iv(uniform_location(p, "u_path_cells"), HeatmapOverlay::kMaxPathCells, path.data());
  std::array<GLint, 4 * kMaxBlockLinks> links{};
  const int link_count = static_cast<int>(std::min<std::size_t>(overlay.links.size(), kMaxBlockLinks));
  for (int i = 0; i < link_count; ++i) {
    const BlockLink& l = overlay.links[static_cast<std::size_t>(i)];
    const std::size_t at = static_cast<std::size_t>(4 * i);
    links[at] = l.from_bi, links[at + 1] = l.from_bj, links[at + 2] = l.to_bi, links[at + 3] = l.to_bj;
  }
  glUniform1i(uniform_location(p, "u_link_count"), link_count);
  glUniform4iv(uniform_location(p, "u_links"), kMaxBlockLinks, links.data());
  glUniform1i(uniform_location(p, "u_band_count"),
              overlay.enabled ? std::clamp(overlay.bands, 0, HeatmapOverlay::kMaxBands) : 0);
  glUniform1iv(uniform_location(p, "u_band_end"), HeatmapOverlay::kMaxBands, overlay.band_end.data());
  std::array<float, 3 * HeatmapOverlay::kMaxBands> band_colors{};
  for (std::size_t i = 0; i < OverlayStyle::gpu.size() && i < HeatmapOverlay::kMaxBands; ++i) {
    for (std::size_t c = 0; c < 3; ++c) band_colors[i * 3 + c] = OverlayStyle::gpu[i][c];
  }
  glUniform3fv(uniform_location(p, "u_band_colors"), HeatmapOverlay::kMaxBands, band_colors.data());
  glUniform1f(uniform_location(p, "u_band_strip_px"), overlay.band_strip_px);
  glUniform1i(uniform_location(p, "u_neutral_fill"), overlay.neutral_fill ? 1 : 0);
  set_rgb(p, "u_neutral_color", OverlayStyle::neutral);
  glBindVertexArray(m_vao.get());
  glDrawArrays(GL_TRIANGLES, 0, 3);
  glBindVertexArray(0);
  glUseProgram(0);
  check_gl("HeatmapRenderer::draw");
}

RgbaImage HeatmapRenderer::render_image(const HeatmapTexture& codes, const HeatmapOverlay& overlay, int scale) const {
  const ViewGeometry& g = codes.geometry();
  scale = std::max(scale, 1);
  RenderTarget target;
  Size size{g.cols * scale, g.rows * scale};
  target.resize(size);
  target.bind();
  HeatmapOverlay export_overlay = overlay;
  export_overlay.grid_alpha = 0;  // one pixel per cell leaves no room for lines between cells
  // Outlines as wide as a large cell's rim allows (a quarter of the cell), one pixel at small scales.
  export_overlay.outline_px = std::max(1.0f, std::floor(static_cast<float>(scale) * OverlayStyle::kRimFraction));
  export_overlay.band_strip_px = std::max(2.0f, static_cast<float>(std::min(size.width, size.height)) / 64.0f);
  HeatmapPlacement placement{0, 0, 1.0f / static_cast<float>(scale)};
  // Hatching and dash periods follow the cell size, so an image at scale 16 looks like one at 8, enlarged.
  const float pattern_scale = std::max(1.0f, static_cast<float>(scale) / 8.0f);
  draw(codes, size, placement, export_overlay, pattern_scale, {0, 0, 0, 1});
  return read_framebuffer(target.framebuffer(), GL_COLOR_ATTACHMENT0, size.width, size.height);
}

}  // namespace apsp::studio
