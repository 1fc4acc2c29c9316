#include "ui/heatmap_view_panel.h"

#include <apsp/solve/multi_gpu_bands.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "render/overlay_style.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

ImU32 to_u32(const Rgbf& c, float a = 1.0f) { return to_imu32(c[0], c[1], c[2], a); }
ImU32 to_u32(const Rgb8& c) { return IM_COL32(c.r, c.g, c.b, 255); }

std::string format_distance(std::int32_t v, std::int32_t inf) {
  return v >= inf ? std::string("INF (unreachable)") : format_thousands(v);
}

int next_k_vertex(const SessionSnapshot& s) {
  if (s.cursor.finished || s.cursor.k <= 0) return -1;
  return s.cursor.round * std::max(1, s.config.block) + s.cursor.k;
}

// The GPUs' row bands when the solve runs (or, with --synthetic-gpus, is shown) on several; empty otherwise.
std::vector<GpuRowBand> shown_bands(const AppState& state) {
  const SessionSnapshot& s = state.session;
  const int gpus = std::min(shown_gpus(state), HeatmapOverlay::kMaxBands);
  if (gpus < 2 || !s.has_solver || s.n <= 0) return {};
  return multi_gpu_row_bands(s.n, std::max(1, s.config.block), gpus, s.config.dtype);
}

const char* role_name(int bi, int bj, int round) {
  if (bi == round && bj == round) return "pivot block";
  if (bi == round) return "pivot row block";
  if (bj == round) return "pivot column block";
  return "independent block";
}

}  // namespace

HeatmapOverlay HeatmapViewPanel::overlay_for(const AppState& state, bool for_export) {
  HeatmapOverlay o;
  const SessionSnapshot& s = state.session;
  o.enabled = state.view.overlays;
  o.block = s.config.block;
  o.round = s.cursor.round;
  o.phase = overlay_phase(s.cursor);
  if (o.phase >= 0 && s.cursor.k > 0) {
    int k = s.cursor.round * o.block + s.cursor.k;
    if (k < s.n) o.k_vertex = k;
  }
  if (for_export) {
    o.improved_strength = 0.6f;  // an export is a still: show the last step's improvements at full strength
  } else if (state.view.improved_since >= 0) {
    double age = state.time_s - state.view.improved_since;
    o.improved_strength = static_cast<float>(std::clamp(0.6 * (1.0 - age / state.view.improved_flash_s), 0.0, 0.6));
  }
  if (o.enabled) {
    const std::vector<GpuRowBand> bands = shown_bands(state);
    o.bands = static_cast<int>(bands.size());
    for (std::size_t i = 0; i < bands.size(); ++i) o.band_end[i] = bands[i].row_end;
    o.band_strip_px = std::round(6.0f * state.ui_scale);
  }
  o.grid_alpha = state.view.grid && !for_export ? 0.35f : 0.0f;
  if (!for_export) {
    // Thick enough to see from the back of a room, thin enough not to hide small blocks.
    float block_px = static_cast<float>(o.block) / std::max(state.edits.view.texels_per_px, 1e-6f);
    o.outline_px = std::clamp(std::min(3.0f * state.ui_scale, block_px / 6.0f), 1.0f, 8.0f);
  }
  return o;
}

void HeatmapViewPanel::fit(HeatmapNavigation& nav, const ViewGeometry& g, ImVec2 canvas_px) const {
  if (g.cols <= 0 || g.rows <= 0 || canvas_px.x < 1 || canvas_px.y < 1) return;
  float tpp = std::max(static_cast<float>(g.cols) / canvas_px.x, static_cast<float>(g.rows) / canvas_px.y);
  // Whole pixels per texel when the matrix is smaller than the canvas: crisp cells, no uneven rows.
  if (tpp < 1.0f) tpp = 1.0f / std::floor(1.0f / tpp);
  nav.texels_per_px = tpp;
  nav.origin_x = std::round(static_cast<float>(g.cols) * 0.5f - canvas_px.x * 0.5f * tpp);
  nav.origin_y = std::round(static_cast<float>(g.rows) * 0.5f - canvas_px.y * 0.5f * tpp);
}

void HeatmapViewPanel::draw(const AppState& state, HeatmapNavigation& nav, CommandQueue& commands,
                            const HeatmapRenderer& renderer, const HeatmapTexture& texture, HeatmapFeed& feed,
                            const Fonts& fonts) {
  const SessionSnapshot& s = state.session;
  const ViewFrame* frame = s.view.get();
  const float font = ImGui::GetFontSize();
  ImGuiIO& io = ImGui::GetIO();

  // Title line: where the algorithm stands, in words, big enough for the back row.
  ImGui::PushFont(fonts.heading);
  ImGui::PushTextWrapPos(0.0f);
  if (s.has_solver) {
    ImGui::TextUnformatted(describe_cursor(s.cursor, s.rounds, s.stopped).c_str());
  } else {
    ImGui::TextUnformatted("no graph loaded: generate one or drop a file on the window");
  }
  ImGui::PopTextWrapPos();
  ImGui::PopFont();

  // View controls on one line.
  ImGui::SetNextItemWidth(font * 7);
  if (ImGui::BeginCombo("##colormap", state.view.colormap.c_str())) {
    for (const std::string& name : colormap_names()) {
      if (ImGui::Selectable(name.c_str(), name == state.view.colormap)) commands.push(CmdSetColormap{name});
    }
    ImGui::EndCombo();
  }
  item_tooltip("colormap");
  ImGui::SameLine();
  bool overlays = state.view.overlays;
  if (ImGui::Checkbox("overlays", &overlays)) commands.push(CmdSetOverlays{overlays});
  ImGui::SameLine();
  bool grid = state.view.grid;
  if (ImGui::Checkbox("grid", &grid)) commands.push(CmdSetGrid{grid});
  item_tooltip("block grid lines (when blocks are large enough on screen)");
  ImGui::SameLine();
  bool fixed = state.view.fixed_range;
  if (ImGui::Checkbox("fix colours", &fixed)) commands.push(CmdFixColourRange{fixed});
  item_tooltip(
      "keep the current distance range for the colours, so a cell keeps its colour from round to round "
      "(larger distances show the top colour)");
  ImGui::SameLine();
  if (ImGui::Button("Fit")) commands.push(CmdFitView{});
  item_tooltip("fit the matrix to the panel (F, or double-click)");

  // The legend's height as drawn last frame (it wraps with the panel width); a guess on the first frame.
  float legend_h = m_legend_height > 0 ? m_legend_height : font * 5.8f;
  ImVec2 avail = ImGui::GetContentRegionAvail();
  ImVec2 canvas(std::max(avail.x, 32.0f), std::max(avail.y - legend_h, 32.0f));
  ImVec2 fb_scale = io.DisplayFramebufferScale;
  ImVec2 canvas_px(std::round(canvas.x * fb_scale.x), std::round(canvas.y * fb_scale.y));
  ImVec2 canvas_min = ImGui::GetCursorScreenPos();

  if (frame && (nav.fit_pending || nav.auto_fit)) {
    fit(nav, texture.geometry(), canvas_px);
    nav.fit_pending = false;
  }

  if (!texture.empty()) {
    m_target.resize(Size{static_cast<int>(canvas_px.x), static_cast<int>(canvas_px.y)});
    HeatmapOverlay overlay = overlay_for(state, false);
    DrawKey key{texture.version(),
                m_target.size().width,
                m_target.size().height,
                nav.origin_x,
                nav.origin_y,
                nav.texels_per_px,
                overlay,
                renderer.colormap().name};
    if (!(key == m_drawn)) {
      m_target.bind();
      ImVec4 bg = ImGui::GetStyleColorVec4(ImGuiCol_WindowBg);
      HeatmapPlacement placement{nav.origin_x, nav.origin_y, nav.texels_per_px};
      renderer.draw(texture, m_target.size(), placement, overlay, state.ui_scale,
                    {bg.x * 0.6f, bg.y * 0.6f, bg.z * 0.6f, 1.0f});
      m_drawn = key;
    }
    ImGui::Image(reinterpret_cast<ImTextureID>(static_cast<std::intptr_t>(m_target.texture())), canvas, ImVec2(0, 1),
                 ImVec2(1, 0));
    if (frame) draw_cell_values(state, renderer, *frame, canvas_min, canvas);
  } else {
    ImGui::Dummy(canvas);
  }

  // Interaction on the canvas: wheel zoom around the mouse, drag to pan, tooltip.
  ImGui::SetCursorScreenPos(canvas_min);
  ImGui::InvisibleButton("canvas", canvas, ImGuiButtonFlags_MouseButtonLeft | ImGuiButtonFlags_MouseButtonRight);
  bool hovered = ImGui::IsItemHovered();
  ImVec2 mouse_px((io.MousePos.x - canvas_min.x) * fb_scale.x, (io.MousePos.y - canvas_min.y) * fb_scale.y);
  HeatmapNavigation& v = nav;
  if (hovered && io.MouseWheel != 0 && frame) {
    float tx = v.origin_x + mouse_px.x * v.texels_per_px;
    float ty = v.origin_y + mouse_px.y * v.texels_per_px;
    float factor = std::pow(1.2f, -io.MouseWheel);
    v.texels_per_px = std::clamp(v.texels_per_px * factor, 1.0f / 64.0f, 64.0f);
    v.origin_x = tx - mouse_px.x * v.texels_per_px;
    v.origin_y = ty - mouse_px.y * v.texels_per_px;
    v.auto_fit = false;
  }
  if (ImGui::IsItemActive() &&
      (ImGui::IsMouseDragging(ImGuiMouseButton_Left) || ImGui::IsMouseDragging(ImGuiMouseButton_Right))) {
    v.origin_x -= io.MouseDelta.x * fb_scale.x * v.texels_per_px;
    v.origin_y -= io.MouseDelta.y * fb_scale.y * v.texels_per_px;
    v.auto_fit = false;
  }
  if (hovered && ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left)) commands.push(CmdFitView{});
  // Classroom: a click (released without dragging) selects the cell under the mouse for the inspector.
  if (hovered && frame && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
      io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 16.0f) {
    const ViewGeometry& g = frame->geometry;
    const double fy = (v.origin_y + mouse_px.y * v.texels_per_px) * g.n / std::max(1, g.rows);
    const double fx = (v.origin_x + mouse_px.x * v.texels_per_px) * g.n / std::max(1, g.cols);
    if (fy >= 0 && fx >= 0 && fy < g.n && fx < g.n)
      commands.push(CmdSelectCell{CellRef{static_cast<int>(fy), static_cast<int>(fx)}});
  }
  if (hovered && frame && !ImGui::IsItemActive()) {
    const ViewGeometry& g = frame->geometry;
    int tx = static_cast<int>(std::floor(v.origin_x + mouse_px.x * v.texels_per_px));
    int ty = static_cast<int>(std::floor(v.origin_y + mouse_px.y * v.texels_per_px));
    if (tx >= 0 && ty >= 0 && tx < g.cols && ty < g.rows) {
      const std::size_t texel =
          static_cast<std::size_t>(ty) * static_cast<std::size_t>(g.cols) + static_cast<std::size_t>(tx);
      // Host path: at once; device path: the tiles stay on the GPU, the value arrives with the next frame.
      const std::optional<std::int32_t> known = feed.texel_value(texel);
      const std::string value_text = known ? format_distance(*known, frame->inf) : std::string("...");
      int i0 = g.row_begin(ty), i1 = g.row_begin(ty + 1) - 1;
      int j0 = g.col_begin(tx), j1 = g.col_begin(tx + 1) - 1;
      int B = std::max(1, s.config.block);
      ImGui::BeginTooltip();
      if (next_k_vertex(s) >= 0) ImGui::Text("next intermediate vertex k = %d", next_k_vertex(s));
      if (g.tiled()) {
        ImGui::Text("rows i %d..%d, columns j %d..%d", i0, i1, j0, j1);
        ImGui::Text("tile minimum: %s", value_text.c_str());
      } else {
        ImGui::Text("i = %d, j = %d", i0, j0);
        ImGui::Text("distance d[i][j] = %s", value_text.c_str());
      }
      ImGui::Text("block (%d, %d): %s of round %d", i0 / B, j0 / B, role_name(i0 / B, j0 / B, s.cursor.round),
                  s.cursor.round + 1);
      for (const GpuRowBand& band : shown_bands(state)) {
        if (band.row_begin <= i0 && i0 < band.row_end) {
          ImGui::Text("row %d lives on GPU %d (rows %d..%d)", i0, band.device, band.row_begin, band.row_end - 1);
        }
      }
      ImGui::EndTooltip();
    }
  }
  float legend_top = canvas_min.y + canvas.y + ImGui::GetStyle().ItemSpacing.y;
  ImGui::SetCursorScreenPos(ImVec2(canvas_min.x, legend_top));
  draw_legend(state, renderer, frame);
  m_legend_height = ImGui::GetCursorScreenPos().y - legend_top + ImGui::GetStyle().ItemSpacing.y;
}

void HeatmapViewPanel::draw_cell_values(const AppState& state, const HeatmapRenderer& renderer, const ViewFrame& frame,
                                        ImVec2 canvas_min, ImVec2 canvas) const {
  // Classroom graphs: once a cell is big enough, print its distance in it, so the board and the screen agree.
  const ViewGeometry& g = frame.geometry;
  if (g.tiled() || frame.tiles.size() < g.texels()) return;  // the device path keeps no host tiles
  const HeatmapNavigation& v = state.edits.view;
  ImVec2 fb_scale = ImGui::GetIO().DisplayFramebufferScale;
  float cell_w = 1.0f / (v.texels_per_px * fb_scale.x);  // ImGui units per cell
  float cell_h = 1.0f / (v.texels_per_px * fb_scale.y);
  std::string widest = format_thousands(std::max(std::abs(frame.range.lo), std::abs(frame.range.hi)));
  if (frame.range.lo < 0) widest = "-" + widest;
  float font = ImGui::GetFontSize();
  if (ImGui::CalcTextSize((widest + "0").c_str()).x > cell_w || font * 1.2f > cell_h) return;
  int x0 = std::max(0, static_cast<int>(std::floor(v.origin_x)));
  int y0 = std::max(0, static_cast<int>(std::floor(v.origin_y)));
  int x1 = std::min(g.cols, static_cast<int>(std::ceil(v.origin_x + canvas.x * fb_scale.x * v.texels_per_px)));
  int y1 = std::min(g.rows, static_cast<int>(std::ceil(v.origin_y + canvas.y * fb_scale.y * v.texels_per_px)));
  if (static_cast<long>(x1 - x0) * static_cast<long>(y1 - y0) > 4096) return;
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(canvas_min, ImVec2(canvas_min.x + canvas.x, canvas_min.y + canvas.y), true);
  const Colormap& map = renderer.colormap();
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      std::size_t idx = static_cast<std::size_t>(y) * static_cast<std::size_t>(g.cols) + static_cast<std::size_t>(x);
      std::int32_t value = frame.tiles[idx];
      std::string text = value >= frame.inf ? std::string("inf") : std::to_string(value);
      const Rgb8& c = map.entries[frame.codes[idx] & kViewIndexMask];
      // Dark text on light cells and the other way round.
      float luminance = 0.2126f * c.r + 0.7152f * c.g + 0.0722f * c.b;
      ImU32 color = luminance > 140 ? IM_COL32(0, 0, 0, 255) : IM_COL32(255, 255, 255, 255);
      ImVec2 ts = ImGui::CalcTextSize(text.c_str());
      float cx = canvas_min.x + (static_cast<float>(x) + 0.5f - v.origin_x) * cell_w;
      float cy = canvas_min.y + (static_cast<float>(y) + 0.5f - v.origin_y) * cell_h;
      draw->AddText(ImVec2(cx - ts.x * 0.5f, cy - ts.y * 0.5f), color, text.c_str());
    }
  }
  draw->PopClipRect();
}

void HeatmapViewPanel::draw_legend(const AppState& state, const HeatmapRenderer& renderer,
                                   const ViewFrame* frame) const {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const float font = ImGui::GetFontSize();
  const Colormap& map = renderer.colormap();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  float width = ImGui::GetContentRegionAvail().x;

  // Colour bar with the value range.
  ImVec2 p = ImGui::GetCursorScreenPos();
  float bar_w = std::min(width * 0.55f, font * 26);
  float bar_h = font * 1.1f;
  float label_w = ImGui::CalcTextSize("distance").x + font * 0.6f;
  draw->AddText(ImVec2(p.x, p.y + (bar_h - font) * 0.5f), text, "distance");
  float x0 = p.x + label_w;
  for (int i = 0; i < 256; ++i) {
    float a = x0 + bar_w * static_cast<float>(i) / 256.0f;
    float b = x0 + bar_w * static_cast<float>(i + 1) / 256.0f + 0.5f;
    draw->AddRectFilled(ImVec2(a, p.y), ImVec2(b, p.y + bar_h), to_u32(map.entries[static_cast<std::size_t>(i)]));
  }
  draw->AddRect(ImVec2(x0, p.y), ImVec2(x0 + bar_w, p.y + bar_h), dim);
  float inf_x = x0 + bar_w + font;
  draw->AddRectFilled(ImVec2(inf_x, p.y), ImVec2(inf_x + font * 1.6f, p.y + bar_h), to_u32(map.inf()));
  draw->AddRect(ImVec2(inf_x, p.y), ImVec2(inf_x + font * 1.6f, p.y + bar_h), dim);
  draw->AddText(ImVec2(inf_x + font * 2.0f, p.y + (bar_h - font) * 0.5f), text, "unreachable (INF)");
  float ly = p.y + bar_h + font * 0.15f;
  if (frame && frame->range.has_finite) {
    std::string lo = format_thousands(frame->range.lo);
    std::string mid = format_thousands(frame->range.lo + (frame->range.hi - frame->range.lo) / 2);
    std::string hi = format_thousands(frame->range.hi);
    draw->AddText(ImVec2(x0, ly), text, lo.c_str());
    float mw = ImGui::CalcTextSize(mid.c_str()).x;
    draw->AddText(ImVec2(x0 + bar_w * 0.5f - mw * 0.5f, ly), text, mid.c_str());
    if (frame->fixed_range) hi = ">= " + hi + " (fixed)";
    float hw = ImGui::CalcTextSize(hi.c_str()).x;
    draw->AddText(ImVec2(x0 + bar_w - hw, ly), text, hi.c_str());
  } else {
    draw->AddText(ImVec2(x0, ly), dim, frame ? "every cell is unreachable" : "");
  }
  ImGui::Dummy(ImVec2(width, bar_h + font * 1.3f));

  // Overlay key: what each highlight means; the ones of the coming phase are bright, the others dimmed.
  HeatmapOverlay o = overlay_for(state, false);
  struct KeyItem {
    const char* label;
    Rgbf color;
    bool active;
    bool hatch;
  };
  KeyItem items[] = {
      {"pivot block", OverlayStyle::pivot, o.phase >= 0, false},
      {"pivot row/column", OverlayStyle::rowcol, o.phase >= 1, false},
      {"independent", OverlayStyle::independent, o.phase == 2, true},
      {"improved", OverlayStyle::improved, true, false},
      {"row/col k", OverlayStyle::k_line, o.k_vertex >= 0, false},
  };
  if (state.view.overlays) {
    ImVec2 k = ImGui::GetCursorScreenPos();
    float x = k.x;
    float right = k.x + width;
    int lines = 1;
    for (const KeyItem& item : items) {
      if (&item == &items[4] && !item.active) continue;  // the k marker only means something mid-phase
      float item_w = font * 1.6f + ImGui::CalcTextSize(item.label).x;
      if (x > k.x && x + item_w > right) {  // wrap rather than run off the panel
        x = k.x;
        k.y += font * 1.35f;
        ++lines;
      }
      float alpha = item.active ? 1.0f : 0.3f;
      ImVec2 a(x, k.y + font * 0.1f), b(x + font * 1.2f, k.y + font * 0.95f);
      if (item.hatch) {
        draw->AddRect(a, b, to_u32(item.color, alpha));
        for (float t = 0; t < font * 2.2f; t += font * 0.45f) {
          ImVec2 l0(std::max(a.x, a.x + t - (b.y - a.y)), std::min(b.y, a.y + t));
          ImVec2 l1(std::min(b.x, a.x + t), std::max(a.y, a.y + t - (b.x - a.x)));
          draw->AddLine(l0, l1, to_u32(item.color, alpha));
        }
      } else {
        draw->AddRectFilled(a, b, to_u32(item.color, alpha));
      }
      x += font * 1.6f;
      draw->AddText(ImVec2(x, k.y), item.active ? text : dim, item.label);
      x += ImGui::CalcTextSize(item.label).x + font * 1.2f;
    }
    // Multi-GPU: which GPU owns which rows (the strip at the matrix's left edge).
    for (int i = 0; i < o.bands; ++i) {
      char label[32];
      std::snprintf(label, sizeof label, "GPU %d", i);
      float item_w = font * 1.6f + ImGui::CalcTextSize(label).x;
      if (x > k.x && x + item_w > right) {
        x = k.x;
        k.y += font * 1.35f;
        ++lines;
      }
      const bool owns_rows =
          i == 0 || o.band_end[static_cast<std::size_t>(i)] > o.band_end[static_cast<std::size_t>(i - 1)];
      const float alpha = owns_rows ? 1.0f : 0.3f;  // a GPU whose band is only padding owns no visible row
      draw->AddRectFilled(ImVec2(x, k.y + font * 0.1f), ImVec2(x + font * 1.2f, k.y + font * 0.95f),
                          to_u32(OverlayStyle::gpu[static_cast<std::size_t>(i)], alpha));
      x += font * 1.6f;
      draw->AddText(ImVec2(x, k.y), owns_rows ? text : dim, label);
      x += ImGui::CalcTextSize(label).x + font * 1.2f;
    }
    ImGui::Dummy(ImVec2(width, font * 1.35f * static_cast<float>(lines) - font * 0.15f));
  }
  if (frame) {
    const ViewGeometry& g = frame->geometry;
    if (g.tiled()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.35f, 1.0f));
      ImGui::TextWrapped(
          "tile minimum: n = %d is larger than the %d x %d view, each texel shows the smallest of up to "
          "%d x %d cells",
          g.n, g.cols, g.rows, (g.n + g.cols - 1) / g.cols, (g.n + g.rows - 1) / g.rows);
      ImGui::PopStyleColor();
    } else {
      ImGui::TextDisabled("n = %d, one texel per cell | wheel: zoom, drag: pan, double-click or F: fit", g.n);
    }
  }
}

}  // namespace apsp::studio
