#include "ui/heatmap_view_panel.h"

#include <apsp/solve/multi_gpu_bands.h>
#include <apsp/view/source_rows_view.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <optional>

#include "teach/block_flow.h"
#include "ui/predict_panel.h"
#include "ui/predecessor_display.h"
#include "ui/step_keys.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

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

/// Sparse solves: what the title says instead of the round and phase.
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

/// The title on one line of @p width: the text itself when it fits, else without its parenthesised asides, else
/// its first part (before " | "), else cut with "...". The caller shows the whole text as a tooltip.
std::string one_line(const std::string& text, float width) {
  auto fits = [&](const std::string& t) { return ImGui::CalcTextSize(t.c_str()).x <= width; };
  if (fits(text)) return text;
  std::string plain;
  int depth = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '(' && i > 0 && text[i - 1] == ' ' && depth == 0 && !plain.empty()) plain.pop_back();
    if (text[i] == '(') ++depth;
    if (depth == 0) plain += text[i];
    if (text[i] == ')' && depth > 0) --depth;
  }
  if (fits(plain)) return plain;
  const std::size_t bar = plain.find(" | ");
  std::string first = bar == std::string::npos ? plain : plain.substr(0, bar);
  if (fits(first)) return first;
  while (!first.empty() && !fits(first + "...")) first.pop_back();
  return first + "...";
}

}  // namespace

StepPosition HeatmapViewPanel::position(const AppState& state) {
  return step_position(state.session);
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
  o.blocked = at.blocked;
  if (!at.blocked) o.block = 1;  // plain Floyd–Warshall: no blocks to outline or grid, only row and column k
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
  if (o.phase >= 1 && o.block > 0 && s.n > 0) {
    // Arrows from the blocks the step read to those it wrote; phase 3's only for the selected cell's block.
    const int blocks = (s.n + o.block - 1) / o.block;
    const bool sel = c.selected.valid();
    o.links =
        block_links(o.phase, o.round, blocks, sel ? c.selected.i / o.block : -1, sel ? c.selected.j / o.block : -1);
  }
  // Π shown: its cells on a neutral grey, the path read from Π (as far as it is drawn) instead of D's.
  o.neutral_fill = !for_export && predecessors_shown(state);
  const std::vector<std::int32_t> path = o.neutral_fill ? pi_path_drawn(state) : c.current_path;
  for (std::size_t t = 0; t + 1 < path.size(); ++t) {
    if (o.path_cells.size() >= static_cast<std::size_t>(HeatmapOverlay::kMaxPathCells)) break;
    o.path_cells.push_back(CellRef{path[t], path[t + 1]});
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
  const bool pi = predecessors_shown(state);
  const std::string title = s.sparse       ? describe_sparse(*s.sparse, s.stopped)
                            : s.has_solver ? (pi ? "Π, " : "") + describe_position(position(state), s.stopped)
                                           : std::string("no graph loaded: generate one or drop a file on the window");
  {
    // One line, so that the matrix keeps the height (on a projector, at large UI scales); the whole text on
    // hover, and in the playback panel in normal mode.
    const std::string shown = one_line(title, ImGui::GetContentRegionAvail().x);
    ImGui::TextUnformatted(shown.c_str());
    if (shown != title && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", title.c_str());
  }
  ImGui::PopFont();
  draw_predict_strip(state, commands);  // predict mode's question, under the title in both modes

  if (presentation) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled));
    ImGui::TextWrapped("%s", step_keys_help(position(state).blocked));
    ImGui::PopStyleColor();
  } else {
    draw_view_controls(state, commands);
  }

  // The legend's height as drawn last frame (it wraps with the panel width); a guess on the first frame.
  float legend_h = m_legend_height > 0 ? m_legend_height : font * 5.8f;
  ImVec2 avail = ImGui::GetContentRegionAvail();
  // Small matrices get vertex numbers on both axes: the margins they need come off the canvas.
  const ImVec2 margin = axis_label_margin(frame);
  // The legend and the overlay key in a column beside the matrix when that leaves the (square) matrix larger
  // than the legend under it does (a projector's wide panel, a large UI scale on a small window).
  const float beside_w = std::round(font * 13.5f);
  const float spacing = ImGui::GetStyle().ItemSpacing.x;
  const float side_below = std::min(avail.x - margin.x, avail.y - legend_h - margin.y);
  const float side_beside = std::min(avail.x - beside_w - spacing - margin.x, avail.y - margin.y);
  // (Only where that column, as tall as it was drawn last, fits the panel's height.)
  const bool legend_beside = side_beside > side_below && m_beside_height <= avail.y;
  m_legend_beside = legend_beside;
  ImVec2 area = legend_beside ? ImVec2(std::max(avail.x - beside_w - spacing, 32.0f), std::max(avail.y, 32.0f))
                              : ImVec2(std::max(avail.x, 32.0f), std::max(avail.y - legend_h, 32.0f));
  ImVec2 area_min = ImGui::GetCursorScreenPos();
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
    nav.drawn_cell_px = frame ? std::min(1.0f / (nav.texels_per_px * fb_scale.x), 1.0f / (nav.texels_per_px * fb_scale.y))
                              : 0.0f;
    nav.drawn_number_px = !frame ? 0.0f
                          : pi   ? draw_predecessor_values(state, frame->geometry.n, canvas_min, canvas)
                                 : draw_cell_values(state, renderer, *frame, canvas_min, canvas);
    draw_quiz_marks(state, canvas_min, canvas);
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
  // Classroom: a click (released without dragging) selects the cell under the mouse for the inspector (or, with
  // a predict question open, marks it).
  if (hovered && frame && !s.sparse && ImGui::IsMouseReleased(ImGuiMouseButton_Left) &&
      io.MouseDragMaxDistanceSqr[ImGuiMouseButton_Left] < 16.0f) {
    const ViewGeometry& g = frame->geometry;
    const double fy = (v.origin_y + mouse_px.y * v.texels_per_px) * g.n / std::max(1, g.rows);
    const double fx = (v.origin_x + mouse_px.x * v.texels_per_px) * g.n / std::max(1, g.cols);
    if (fy >= 0 && fx >= 0 && fy < g.n && fx < g.n)
      commands.push(heatmap_click_command(state, CellRef{static_cast<int>(fy), static_cast<int>(fx)}));
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
          if (pi)
            ImGui::Text("π[i][j] = %s: the vertex before j on the path from i",
                        predecessor_text(s.inspection.predecessors.pi->at(i0, j0)).c_str());
        }
        if (at.blocked)  // plain Floyd–Warshall has no blocks to speak of
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
  if (legend_beside) {
    // Right of the matrix as fit centres it (the canvas's right edge when zoomed in), from the panel's top.
    float matrix_right = canvas_min.x + canvas.x;
    if (frame) {
      const float cell_w = 1.0f / (nav.texels_per_px * fb_scale.x);
      const float cols = static_cast<float>(texture.geometry().cols);
      matrix_right = std::min(matrix_right, canvas_min.x + (cols - nav.origin_x) * cell_w);
    }
    ImGui::SetCursorScreenPos(ImVec2(matrix_right + spacing * 2, area_min.y));
    ImGui::BeginGroup();  // its lines start at the column's left edge, not the window's
    draw_legend(state, renderer, frame);
    ImGui::EndGroup();
    m_beside_height = ImGui::GetItemRectSize().y;
    return;
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
  // Shows what the heatmap uses: "on" with a large graph's first view has no range to keep yet.
  const auto& shown = state.session.view;
  bool fixed = shown ? shown->range_source != ViewFrame::RangeSource::Step : state.view.fixed_range;
  if (ImGui::Checkbox("fix colours", &fixed)) commands.push(CmdFixColourRange{fixed});
  item_tooltip(
      "on: one colour range for the whole lesson (graphs up to 256 vertices, computed when the solver is set up), "
      "so a cell keeps its colour while its distance stays; larger graphs freeze the range shown now (larger "
      "distances show the top colour). off: each step's own range");
  next_on_same_line_if(ImGui::CalcTextSize("Fit").x + style.FramePadding.x * 2);
  if (ImGui::Button("Fit")) commands.push(CmdFitView{});
  item_tooltip("fit the matrix to the panel (F, or double-click)");
  // D / Π: the button names what it switches to; greyed, with the reason, where Π is not kept.
  const bool pi_on = state.classroom.show_pi;
  const char* pi_label = pi_on ? "show D" : "show Π";
  next_on_same_line_if(ImGui::CalcTextSize(pi_label).x + style.FramePadding.x * 2);
  const PredecessorInspection& pi = state.session.inspection.predecessors;
  ImGui::BeginDisabled(!pi_on && !pi.shown());
  if (ImGui::Button(pi_label)) commands.push(CmdShowPredecessors{!pi_on});
  ImGui::EndDisabled();
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
    ImGui::SetTooltip("%s", pi.shown() || pi_on
                                ? "D (distances) or Π (predecessors: the vertex before j on the path from i) (V)"
                                : ("Π not available: " + (pi.note.empty() ? std::string("load a graph") : pi.note)).c_str());
  next_on_same_line_if(ImGui::CalcTextSize("Present").x + style.FramePadding.x * 2);
  if (ImGui::Button("Present")) commands.push(CmdTogglePresentation{});
  item_tooltip("presentation mode (P): side panels hidden, the matrix fills the window, large type");
}

}  // namespace apsp::studio
