#include "ui/heatmap_view_panel.h"

#include <apsp/view/source_rows_view.h>

#include <apsp/solve/multi_gpu_bands.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "render/overlay_style.h"
#include "ui/overlay_key.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

ImU32 to_u32(const Rgb8& c) { return IM_COL32(c.r, c.g, c.b, 255); }

std::string format_distance(std::int32_t v, std::int32_t inf) {
  return v >= inf ? std::string("INF (unreachable)") : format_thousands(v);
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

/// Sparse solves (issue 13): what the title says instead of the round and phase.
std::string describe_sparse(const SparseSnapshot& sp, const std::string& stopped) {
  std::string text = sp.backend + " (sparse): " + std::to_string(sp.rows_done) + " of " + std::to_string(sp.sources) +
                     " rows (sources " + sp.sources_text + ")";
  if (sp.finished()) {
    text += ", every row done";
  } else if (sp.current_source >= 0) {
    text += "; stepping source " + std::to_string(sp.current_source);
    // The sets travel only for graphs the graph view draws.
    if (!sp.settled.empty())
      text += ": " + std::to_string(sp.settled.size()) + " settled, " + std::to_string(sp.frontier.size()) +
              " on the frontier";
  }
  if (!stopped.empty()) text += " | stopped: " + stopped;
  return text;
}

/// The source of row @p r, or -1 when unknown.
std::int32_t source_of_row(const SparseSnapshot& sp, int r) {
  if (!sp.source_ids || r < 0 || r >= static_cast<int>(sp.source_ids->size())) return -1;
  return (*sp.source_ids)[static_cast<std::size_t>(r)];
}

}  // namespace

StepPosition HeatmapViewPanel::position(const AppState& state) {
  const SessionSnapshot& s = state.session;
  return step_position(s.cursor, s.rounds, s.config.block, s.n, s.cursor.phase != Phase::Full);
}

HeatmapOverlay HeatmapViewPanel::overlay_for(const AppState& state, bool for_export) {
  HeatmapOverlay o;
  const SessionSnapshot& s = state.session;
  o.enabled = state.view.overlays;
  o.block = s.config.block;
  if (s.sparse) {
    // No blocks, rounds or k: the overlays only hatch the rows not computed yet (the shader does that).
    o.block = std::max(s.n, 1);
    o.improved = false;
    return o;
  }
  // The picture shows the result of the step just done, so the overlays name that step (never the next one).
  const StepPosition at = position(state);
  if (at.done.valid()) {
    o.round = at.done.round;
    o.phase = at.done.phase;
    o.k_vertex = at.done.k;
  }
  o.improved = true;  // marks stay until the next step: they say what that step changed
  const ClassroomState& c = state.classroom;
  o.selected = c.selected;
  o.source_ik = c.source_ik;
  o.source_kj = c.source_kj;
  for (std::size_t t = 0; t + 1 < c.current_path.size(); ++t) {
    if (o.path_cells.size() >= static_cast<std::size_t>(HeatmapOverlay::kMaxPathCells)) break;
    o.path_cells.push_back(CellRef{c.current_path[t], c.current_path[t + 1]});
  }
  if (o.enabled) {
    const std::vector<GpuRowBand> bands = shown_bands(state);
    o.bands = static_cast<int>(bands.size());
    for (std::size_t i = 0; i < bands.size(); ++i) o.band_end[i] = bands[i].row_end;
    o.band_strip_px = std::round(6.0f * state.ui_scale);
  }
  o.grid_alpha = state.view.grid && !for_export ? 0.35f : 0.0f;
  if (!for_export) {
    // Thick enough to see from the back of a room (twice that in presentation mode), thin enough not to hide
    // small blocks; the shader keeps it inside the cells' rims.
    const float block_px = static_cast<float>(o.block) / std::max(state.edits.view.texels_per_px, 1e-6f);
    const float wanted = (state.classroom.presentation ? 8.0f : 4.0f) * state.ui_scale;
    o.outline_px = std::clamp(std::min(wanted, block_px / 6.0f), 1.0f, 16.0f);
  }
  return o;
}

void HeatmapViewPanel::fit(HeatmapNavigation& nav, const ViewGeometry& g, ImVec2 canvas_px) const {
  if (g.cols <= 0 || g.rows <= 0 || canvas_px.x < 1 || canvas_px.y < 1) return;
  // Any scale, not only whole pixels per texel: n = 512 fills a 900 px canvas (1.76 px per cell) instead of
  // sitting at 512 px. The matrix starts on a whole pixel, centred.
  const float tpp = std::max(static_cast<float>(g.cols) / canvas_px.x, static_cast<float>(g.rows) / canvas_px.y);
  nav.texels_per_px = tpp;
  const float off_x = std::floor((canvas_px.x - static_cast<float>(g.cols) / tpp) * 0.5f);
  const float off_y = std::floor((canvas_px.y - static_cast<float>(g.rows) / tpp) * 0.5f);
  nav.origin_x = -off_x * tpp;
  nav.origin_y = -off_y * tpp;
}

void HeatmapViewPanel::draw(const AppState& state, HeatmapNavigation& nav, CommandQueue& commands,
                            const HeatmapRenderer& renderer, const HeatmapTexture& texture, HeatmapFeed& feed,
                            const Fonts& fonts) {
  const SessionSnapshot& s = state.session;
  const ViewFrame* frame = s.view.get();
  const float font = ImGui::GetFontSize();
  ImGuiIO& io = ImGui::GetIO();

  // Title line: where the algorithm stands, in words, big enough for the back row.
  const bool presentation = state.classroom.presentation;
  ImGui::PushFont(presentation ? fonts.large_heading : fonts.heading);
  ImGui::PushTextWrapPos(0.0f);
  if (s.sparse) {
    ImGui::TextUnformatted(describe_sparse(*s.sparse, s.stopped).c_str());
  } else if (s.has_solver) {
    ImGui::TextUnformatted(describe_position(position(state), s.stopped).c_str());
  } else {
    ImGui::TextUnformatted("no graph loaded: generate one or drop a file on the window");
  }
  ImGui::PopTextWrapPos();
  ImGui::PopFont();

  if (presentation) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("Right: phase, Shift+Right: round, Space: play, P: leave presentation");
    ImGui::PopStyleColor();
  } else {
    draw_view_controls(state, commands);
  }

  // The legend's height as drawn last frame (it wraps with the panel width); a guess on the first frame.
  float legend_h = m_legend_height > 0 ? m_legend_height : font * 5.8f;
  ImVec2 avail = ImGui::GetContentRegionAvail();
  ImVec2 area(std::max(avail.x, 32.0f), std::max(avail.y - legend_h, 32.0f));
  ImVec2 area_min = ImGui::GetCursorScreenPos();
  // Small matrices get vertex numbers on both axes: the margins they need come off the canvas.
  const ImVec2 margin = axis_label_margin(frame);
  ImVec2 canvas(std::max(area.x - margin.x, 16.0f), std::max(area.y - margin.y, 16.0f));
  ImVec2 fb_scale = io.DisplayFramebufferScale;
  ImVec2 canvas_px(std::round(canvas.x * fb_scale.x), std::round(canvas.y * fb_scale.y));
  ImVec2 canvas_min(area_min.x + margin.x, area_min.y + margin.y);
  ImGui::SetCursorScreenPos(canvas_min);

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
    if (frame && margin.x > 0) draw_axis_labels(state, *frame, canvas_min, canvas);
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
  if (hovered && frame && !s.sparse && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
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
      if (s.sparse) {
        // Sparse rows: (source, vertex, distance); a row not computed yet says so.
        const bool pending = known && *known == kViewPendingTile;
        const std::string shown = pending ? std::string("not yet computed") : value_text;
        ImGui::BeginTooltip();
        if (g.tiled()) {
          ImGui::Text("rows %d..%d (sources %d..%d), vertices %d..%d", i0, i1, source_of_row(*s.sparse, i0),
                      source_of_row(*s.sparse, i1), j0, j1);
          ImGui::Text("tile minimum: %s", shown.c_str());
        } else {
          ImGui::Text("source %d (row %d), vertex %d", source_of_row(*s.sparse, i0), i0, j0);
          ImGui::Text("distance: %s", shown.c_str());
        }
        ImGui::EndTooltip();
      }
      int B = std::max(1, s.config.block);
      const StepPosition at = position(state);
      // The roles of the round the picture shows: the step just done, or before any, the next one.
      const int shown_round = at.done.valid() ? at.done.round : std::max(at.next.round, 0);
      if (!s.sparse) {
        ImGui::BeginTooltip();
        if (at.done.k >= 0) ImGui::Text("k = %d: the intermediate vertex of the step just done", at.done.k);
        if (g.tiled()) {
          ImGui::Text("rows i %d..%d, columns j %d..%d (0-based)", i0, i1, j0, j1);
          ImGui::Text("tile minimum: %s", value_text.c_str());
        } else {
          ImGui::Text("i = %d, j = %d (0-based)", i0, j0);
          ImGui::Text("distance d[i][j] = %s", value_text.c_str());
        }
        ImGui::Text("block (%d, %d): %s of round %d", i0 / B, j0 / B, role_name(i0 / B, j0 / B, shown_round),
                    shown_round);
        for (const GpuRowBand& band : shown_bands(state)) {
          if (band.row_begin <= i0 && i0 < band.row_end) {
            ImGui::Text("row %d lives on GPU %d (rows %d..%d)", i0, band.device, band.row_begin, band.row_end - 1);
          }
        }
        ImGui::EndTooltip();
      }
    }
  }
  float legend_top = canvas_min.y + canvas.y + ImGui::GetStyle().ItemSpacing.y;
  ImGui::SetCursorScreenPos(ImVec2(canvas_min.x, legend_top));
  draw_legend(state, renderer, frame);
  m_legend_height = ImGui::GetCursorScreenPos().y - legend_top + ImGui::GetStyle().ItemSpacing.y;
}

void HeatmapViewPanel::draw_view_controls(const AppState& state, CommandQueue& commands) const {
  // One line when it fits, wrapped otherwise: nothing may be cut off at 1024 x 768 or at scale 2.
  const float font = ImGui::GetFontSize();
  const ImGuiStyle& style = ImGui::GetStyle();
  const float right = ImGui::GetCursorScreenPos().x + ImGui::GetContentRegionAvail().x;
  auto next_on_same_line_if = [&](float item_w) {
    ImGui::SameLine();
    if (ImGui::GetCursorScreenPos().x + item_w > right) ImGui::NewLine();
  };
  auto checkbox_w = [&](const char* label) {
    return ImGui::GetFrameHeight() + style.ItemInnerSpacing.x + ImGui::CalcTextSize(label).x;
  };
  ImGui::SetNextItemWidth(font * 7);
  if (ImGui::BeginCombo("##colormap", state.view.colormap.c_str())) {
    for (const std::string& name : colormap_names()) {
      if (ImGui::Selectable(name.c_str(), name == state.view.colormap)) commands.push(CmdSetColormap{name});
    }
    ImGui::EndCombo();
  }
  item_tooltip("colormap");
  next_on_same_line_if(checkbox_w("overlays"));
  bool overlays = state.view.overlays;
  if (ImGui::Checkbox("overlays", &overlays)) commands.push(CmdSetOverlays{overlays});
  next_on_same_line_if(checkbox_w("grid"));
  bool grid = state.view.grid;
  if (ImGui::Checkbox("grid", &grid)) commands.push(CmdSetGrid{grid});
  item_tooltip("block grid lines (when blocks are large enough on screen)");
  next_on_same_line_if(checkbox_w("fix colours"));
  bool fixed = state.view.fixed_range;
  if (ImGui::Checkbox("fix colours", &fixed)) commands.push(CmdFixColourRange{fixed});
  item_tooltip(
      "keep the current distance range for the colours, so a cell keeps its colour from round to round "
      "(larger distances show the top colour)");
  next_on_same_line_if(ImGui::CalcTextSize("Fit").x + style.FramePadding.x * 2);
  if (ImGui::Button("Fit")) commands.push(CmdFitView{});
  item_tooltip("fit the matrix to the panel (F, or double-click)");
  next_on_same_line_if(ImGui::CalcTextSize("Present").x + style.FramePadding.x * 2);
  if (ImGui::Button("Present")) commands.push(CmdTogglePresentation{});
  item_tooltip("presentation mode (P): side panels hidden, the matrix fills the window, large type");
}

ImVec2 HeatmapViewPanel::axis_label_margin(const ViewFrame* frame) const {
  // Vertex numbers on both axes for small matrices (one texel per cell), as on the board.
  if (!frame || frame->geometry.tiled() || frame->geometry.n > kMaxLabelledVertices) return ImVec2(0, 0);
  const float font = ImGui::GetFontSize();
  const std::string widest = std::to_string(std::max(frame->geometry.n - 1, 0));
  return ImVec2(ImGui::CalcTextSize(widest.c_str()).x + font * 0.6f, font * 1.3f);
}

void HeatmapViewPanel::draw_axis_labels(const AppState& state, const ViewFrame& frame, ImVec2 canvas_min,
                                        ImVec2 canvas) const {
  const ViewGeometry& g = frame.geometry;
  const HeatmapNavigation& v = state.edits.view;
  const ImVec2 fb_scale = ImGui::GetIO().DisplayFramebufferScale;
  const float cell_w = 1.0f / (v.texels_per_px * fb_scale.x);  // ImGui units per cell
  const float cell_h = 1.0f / (v.texels_per_px * fb_scale.y);
  const float font = ImGui::GetFontSize();
  // Every cell when there is room for its number, else every 2nd, 5th, 10th ...
  int every = 1;
  for (int step : {1, 2, 5, 10, 20, 50}) {
    every = step;
    if (std::min(cell_w, cell_h) * static_cast<float>(step) >= font * 1.2f) break;
  }
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text);
  const ImVec2 margin = axis_label_margin(&frame);
  // Next to the matrix itself, which fit centres in the canvas: its left and top edges, or the canvas's.
  const float matrix_left = std::max(canvas_min.x, canvas_min.x - v.origin_x * cell_w);
  const float matrix_top = std::max(canvas_min.y, canvas_min.y - v.origin_y * cell_h);
  char buf[16];
  for (int c = 0; c < g.n; c += every) {
    std::snprintf(buf, sizeof buf, "%d", c);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    const float cx = canvas_min.x + (static_cast<float>(c) + 0.5f - v.origin_x) * cell_w;
    if (cx >= canvas_min.x && cx <= canvas_min.x + canvas.x) {  // column j above the matrix
      draw->AddText(ImVec2(cx - ts.x * 0.5f, matrix_top - margin.y + (margin.y - ts.y) * 0.5f), text, buf);
    }
  }
  // Rows: vertex i, or for a sparse solve's S x n rows the source each row belongs to.
  const SparseSnapshot* sparse = state.session.sparse ? &*state.session.sparse : nullptr;
  for (int r = 0; r < g.row_count(); r += every) {
    std::snprintf(buf, sizeof buf, "%d", sparse ? source_of_row(*sparse, r) : r);
    const ImVec2 ts = ImGui::CalcTextSize(buf);
    const float cy = canvas_min.y + (static_cast<float>(r) + 0.5f - v.origin_y) * cell_h;
    if (cy >= canvas_min.y && cy <= canvas_min.y + canvas.y) {  // row i left of it
      draw->AddText(ImVec2(matrix_left - ts.x - font * 0.3f, cy - ts.y * 0.5f), text, buf);
    }
  }
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
      if (value == kViewPendingTile) continue;  // a sparse row not computed yet: no number to show
      std::string text = value >= frame.inf ? std::string("inf") : std::to_string(value);
      const Rgb8& c = map.entries[std::min<std::size_t>(frame.codes[idx] & kViewIndexMask, kViewInfCode)];
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

  // Colour bar with the value range, then the INF swatch: on the same line when both fit, else below.
  ImVec2 p = ImGui::GetCursorScreenPos();
  const char* inf_label = "unreachable (INF)";
  float bar_h = font * 1.1f;
  float label_w = ImGui::CalcTextSize("distance").x + font * 0.6f;
  const float inf_w = font * 2.0f + ImGui::CalcTextSize(inf_label).x;
  float bar_w = std::min(font * 26, width - label_w - inf_w - font);
  const bool inf_below = bar_w < font * 8;
  if (inf_below) bar_w = std::max(font * 4, std::min(font * 26, width - label_w - font * 0.5f));
  draw->AddText(ImVec2(p.x, p.y + (bar_h - font) * 0.5f), text, "distance");
  float x0 = p.x + label_w;
  for (int i = 0; i < 256; ++i) {
    float a = x0 + bar_w * static_cast<float>(i) / 256.0f;
    float b = x0 + bar_w * static_cast<float>(i + 1) / 256.0f + 0.5f;
    draw->AddRectFilled(ImVec2(a, p.y), ImVec2(b, p.y + bar_h), to_u32(map.entries[static_cast<std::size_t>(i)]));
  }
  draw->AddRect(ImVec2(x0, p.y), ImVec2(x0 + bar_w, p.y + bar_h), dim);
  const float inf_x = inf_below ? p.x : x0 + bar_w + font;
  const float inf_y = inf_below ? p.y + bar_h + font * 1.35f : p.y;
  draw->AddRectFilled(ImVec2(inf_x, inf_y), ImVec2(inf_x + font * 1.6f, inf_y + bar_h), to_u32(map.inf()));
  draw->AddRect(ImVec2(inf_x, inf_y), ImVec2(inf_x + font * 1.6f, inf_y + bar_h), dim);
  draw->AddText(ImVec2(inf_x + font * 2.0f, inf_y + (bar_h - font) * 0.5f), text, inf_label);
  float extra_line = 0;
  if (state.session.sparse) {
    // Sparse solves: the swatch of rows not computed yet, hatched as the heatmap draws it with overlays on.
    const float nx = p.x, ny = (inf_below ? inf_y : p.y) + bar_h + font * 1.35f;
    const ImVec2 a(nx, ny), b(nx + font * 1.6f, ny + bar_h);
    draw->AddRectFilled(a, b, to_u32(not_yet_rgb8()));
    if (state.view.overlays) {
      draw->PushClipRect(a, b, true);
      for (float d = 0; d < font * 1.6f + bar_h; d += font * 0.4f)
        draw->AddLine(ImVec2(a.x + d - bar_h, b.y), ImVec2(a.x + d, a.y), IM_COL32(255, 255, 255, 255));
      draw->PopClipRect();
    }
    draw->AddRect(a, b, dim);
    draw->AddText(ImVec2(nx + font * 2.0f, ny + (bar_h - font) * 0.5f), text,
                  "not yet computed (rows whose source has not finished)");
    extra_line = bar_h + font * 0.3f;
  }
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
    const bool no_rows = state.session.sparse && state.session.sparse->rows_done == 0;
    draw->AddText(ImVec2(x0, ly), dim, !frame ? "" : no_rows ? "no row computed yet" : "every cell is unreachable");
  }
  ImGui::Dummy(ImVec2(width, bar_h + font * 1.3f + (inf_below ? bar_h + font * 0.3f : 0.0f) + extra_line));

  // Overlay key: what each highlight means (ui/overlay_key.h), drawn as the shader draws it.
  // (Not for a sparse solve: its only overlay is the not-yet hatch, keyed in the legend above.)
  if (state.view.overlays && !state.session.sparse) draw_overlay_key(overlay_for(state, false), width);
  if (frame && state.session.sparse) {
    const ViewGeometry& g = frame->geometry;
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    if (g.tiled())
      ImGui::TextWrapped("%d x %d rows (one per source) over a %d x %d view: each texel shows the smallest of up to "
                         "%d x %d cells | wheel: zoom, drag: pan, F: fit",
                         g.row_count(), g.n, g.rows, g.cols, (g.row_count() + g.rows - 1) / g.rows,
                         (g.n + g.cols - 1) / g.cols);
    else
      ImGui::TextWrapped("%d x %d: a row per source (labelled with the source), a column per vertex | wheel: zoom, "
                         "drag: pan, F: fit",
                         g.row_count(), g.n);
    ImGui::PopStyleColor();
  } else if (frame) {
    const ViewGeometry& g = frame->geometry;
    if (g.tiled()) {
      ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 0.85f, 0.35f, 1.0f));
      ImGui::TextWrapped(
          "tile minimum: n = %d is larger than the %d x %d view, each texel shows the smallest of up to "
          "%d x %d cells",
          g.n, g.cols, g.rows, (g.n + g.cols - 1) / g.cols, (g.n + g.rows - 1) / g.rows);
      ImGui::PopStyleColor();
    } else {
      ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
      ImGui::TextWrapped("n = %d, one texel per cell, numbered from 0 | wheel: zoom, drag: pan, double-click or F: fit",
                         g.n);
      ImGui::PopStyleColor();
    }
  }
}

}  // namespace apsp::studio
