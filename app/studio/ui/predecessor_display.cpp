#include "ui/predecessor_display.h"

#include <apsp/core/types.h>

#include <algorithm>
#include <cfloat>
#include <cmath>

#include "teach/ledger_text.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

const PredecessorInspection& pi_of(const AppState& state) { return state.session.inspection.predecessors; }

int pi_path_edges(const AppState& state) {
  const auto& path = pi_of(state).path;
  return path.empty() ? 0 : static_cast<int>(path.size()) - 1;
}

/// The path as it is read from Π: j first, each vertex's predecessor after it, i last.
std::string read_backwards(const std::vector<std::int32_t>& path) {
  std::string text;
  for (std::size_t s = path.size(); s-- > 0;) text += (s + 1 < path.size() ? " <- " : "") + std::to_string(path[s]);
  return text;
}

}  // namespace

bool predecessors_shown(const AppState& state) {
  return state.classroom.show_pi && !state.session.sparse && pi_of(state).shown();
}

std::string predecessor_text(std::int32_t v) { return v == kNoPredecessor ? std::string("NIL") : std::to_string(v); }

int pi_path_edges_drawn(const AppState& state) {
  const int total = pi_path_edges(state);
  const PiPathStep& step = state.classroom.pi_path_step;
  if (step.edges < 0 || !(step.cell == state.classroom.selected)) return total;
  return std::min(step.edges, total);
}

std::vector<std::int32_t> pi_path_drawn(const AppState& state) {
  const auto& path = pi_of(state).path;
  if (path.empty()) return {};
  const std::size_t keep = static_cast<std::size_t>(pi_path_edges_drawn(state)) + 1;
  return {path.end() - static_cast<std::ptrdiff_t>(keep), path.end()};
}

std::vector<PredecessorLine> predecessor_lines(const AppState& state) {
  std::vector<PredecessorLine> lines;
  const PredecessorInspection& p = pi_of(state);
  const CellRef sel = state.classroom.selected;
  if (!p.shown()) {
    if (!p.note.empty()) lines.push_back({p.note, true});
    return lines;
  }
  if (!sel.valid()) return lines;
  const std::string cell = "π[" + std::to_string(sel.i) + "][" + std::to_string(sel.j) + "]";
  if (!state.session.inspection.last_step) {
    lines.push_back({cell + " = " + predecessor_text(p.pi_ij) + " (the direct edge's tail, before any step)"});
  } else if (p.pi_ij_before) {
    const bool changed = *p.pi_ij_before != p.pi_ij;
    lines.push_back({cell + ": " + predecessor_text(*p.pi_ij_before) + " -> " + predecessor_text(p.pi_ij) +
                     (changed ? "  (d improved: π[i][j] = π[k][j])" : "  (unchanged)")});
  } else {
    lines.push_back({cell + " = " + predecessor_text(p.pi_ij) + " (before the step: no Π mid-round on this backend)"});
  }
  if (sel.i == sel.j) return lines;
  if (p.path.empty() && p.pi_ij != kNoPredecessor) {  // Π could not be read back (the reader says why)
    lines.push_back({"no path from Π: " + p.note, true});
    return lines;
  }
  if (p.path.empty()) {
    lines.push_back({"no path from Π: " + cell + " is NIL, " + std::to_string(sel.j) + " not reached from " +
                         std::to_string(sel.i) + " yet",
                     true});
    return lines;
  }
  const int drawn = pi_path_edges_drawn(state), total = pi_path_edges(state);
  std::string read = "path from Π: " + read_backwards(p.path);
  if (drawn < total) read += "  (" + std::to_string(drawn) + " of " + std::to_string(total) + " edges drawn)";
  lines.push_back({read});
  if (!p.path_on_edges) {
    lines.push_back({"a step of this path is not an edge of the graph (please report this bug)", true});
  } else {
    const std::string d = ledger_value(p.d_ij);
    const bool same = p.d_ij != kInf32 && p.path_length == p.d_ij;
    lines.push_back({"its length from the edge weights: " + std::to_string(p.path_length) + (same ? " = " : ", ") +
                         "d[" + std::to_string(sel.i) + "][" + std::to_string(sel.j) + "] = " + d +
                         (same || state.session.cursor.finished ? "" : " (they agree once the solve ends)"),
                     !same});
  }
  return lines;
}

void draw_pi_path_controls(const AppState& state, CommandQueue& commands) {
  const int total = pi_path_edges(state);
  if (total <= 0 || !state.classroom.selected.valid()) return;
  const int drawn = pi_path_edges_drawn(state);
  auto button = [&](const char* label, int edges, bool enabled, const char* tip) {
    ImGui::BeginDisabled(!enabled);
    if (ImGui::SmallButton(label)) commands.push(CmdShowPiPathEdges{edges});
    ImGui::EndDisabled();
    item_tooltip(tip);
    ImGui::SameLine();
  };
  ImGui::PushID("pi-path");
  button("|<", 0, drawn > 0, "the path from Π from its start: j alone");
  button("<", std::max(drawn - 1, 0), drawn > 0, "one edge fewer (key [)");
  button(">", std::min(drawn + 1, total), drawn < total, "the next edge: the predecessor of the last vertex read (key ])");
  button(">|", total, drawn < total, "the whole path");
  ImGui::TextDisabled("%d of %d edges", drawn, total);
  ImGui::PopID();
}

float draw_predecessor_values(const AppState& state, int n, ImVec2 canvas_min, ImVec2 canvas) {
  const PredecessorInspection& p = pi_of(state);
  if (!p.shown() || p.pi->n() != n) return 0;
  const HeatmapNavigation& v = state.edits.view;
  const ImVec2 fb_scale = ImGui::GetIO().DisplayFramebufferScale;
  const float cell_w = 1.0f / (v.texels_per_px * fb_scale.x);  // ImGui units per cell (one texel per cell)
  const float cell_h = 1.0f / (v.texels_per_px * fb_scale.y);
  ImFont* font = ImGui::GetFont();
  const float font_px = ImGui::GetFontSize();
  // As the distances are sized (heatmap_view_annotations.cpp): the panel's type where it fits with a digit's
  // margin, else down to 60% of it; "NIL" where it fits, else "-".
  auto size_for = [&](const std::string& widest) {
    const float w = ImGui::CalcTextSize((widest + "0").c_str()).x;
    return std::floor(std::min({font_px, cell_h / 1.2f, w > 0 ? font_px * cell_w / w : font_px}));
  };
  const float min_px = std::max(12.0f, font_px * 0.6f);
  const std::string widest_number = std::to_string(std::max(n - 1, 0));
  bool nil_word = true;
  float number_px = size_for(widest_number.size() >= 3 ? widest_number : std::string("NIL"));
  if (number_px < min_px) {
    nil_word = false;
    number_px = size_for(widest_number);
  }
  if (number_px < min_px) return 0;
  const int x0 = std::max(0, static_cast<int>(std::floor(v.origin_x)));
  const int y0 = std::max(0, static_cast<int>(std::floor(v.origin_y)));
  const int x1 = std::min(n, static_cast<int>(std::ceil(v.origin_x + canvas.x * fb_scale.x * v.texels_per_px)));
  const int y1 = std::min(n, static_cast<int>(std::ceil(v.origin_y + canvas.y * fb_scale.y * v.texels_per_px)));
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(canvas_min, ImVec2(canvas_min.x + canvas.x, canvas_min.y + canvas.y), true);
  for (int y = y0; y < y1; ++y) {
    for (int x = x0; x < x1; ++x) {
      const std::int32_t pred = p.pi->at(y, x);
      const std::string text = pred != kNoPredecessor ? std::to_string(pred) : nil_word ? "NIL" : "-";
      const ImVec2 ts = font->CalcTextSizeA(number_px, FLT_MAX, 0.0f, text.c_str());
      const float cx = canvas_min.x + (static_cast<float>(x) + 0.5f - v.origin_x) * cell_w;
      const float cy = canvas_min.y + (static_cast<float>(y) + 0.5f - v.origin_y) * cell_h;
      // Black on the light neutral grey; NIL dimmer, so the predecessors stand out.
      const ImU32 colour = pred == kNoPredecessor ? IM_COL32(90, 90, 90, 255) : IM_COL32(0, 0, 0, 255);
      draw->AddText(font, number_px, ImVec2(cx - ts.x * 0.5f, cy - ts.y * 0.5f), colour, text.c_str());
    }
  }
  draw->PopClipRect();
  return number_px;
}

void draw_predecessor_legend(const AppState& state) {
  ImGui::PushTextWrapPos(0.0f);
  ImGui::TextUnformatted("Π: each cell (i, j) holds π[i][j], the vertex before j on the shortest i -> j path found "
                         "so far; NIL: i = j, or no path yet.");
  if (!state.classroom.presentation)
    ImGui::TextDisabled("Grey, not coloured: vertex numbers have no order. Π changes exactly where d improves (the "
                        "same marks). V: back to D");
  ImGui::PopTextWrapPos();
}

}  // namespace apsp::studio
