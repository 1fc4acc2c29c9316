#include "ui/graph_view_panel.h"

#include <imgui.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "graph_view/graph_view_style.h"
#include "ui/predecessor_display.h"
#include "session/step_position.h"
#include "teach/step_focus.h"

namespace apsp::studio {
namespace {

namespace style = graph_view_style;

ImVec2 operator+(ImVec2 a, ImVec2 b) { return {a.x + b.x, a.y + b.y}; }
ImVec2 operator-(ImVec2 a, ImVec2 b) { return {a.x - b.x, a.y - b.y}; }
ImVec2 operator*(ImVec2 a, float s) { return {a.x * s, a.y * s}; }

float length(ImVec2 v) { return std::sqrt(v.x * v.x + v.y * v.y); }

/// Where one arrow runs: from the rim of its source to the rim of its target, moved sideways when the opposite
/// edge exists so that the two arrows and their weights sit side by side.
struct ArrowGeometry {
  ImVec2 from, to, dir, normal;
};

ArrowGeometry arrow_between(ImVec2 a, ImVec2 b, float radius, float side_offset) {
  ArrowGeometry g;
  const float len = std::max(length(b - a), 1e-3f);
  g.dir = (b - a) * (1.0f / len);
  g.normal = {g.dir.y, -g.dir.x};
  const ImVec2 shift = g.normal * side_offset;
  // Sideways shift moves the ends off the centre line: pull them in a little less than the radius.
  const float inset = std::sqrt(std::max(radius * radius - side_offset * side_offset, 0.0f)) + 2.0f;
  g.from = a + g.dir * inset + shift;
  g.to = b - g.dir * inset + shift;
  return g;
}

void draw_arrow_head(ImDrawList* dl, const ArrowGeometry& g, float size, ImU32 colour) {
  const ImVec2 base = g.to - g.dir * size;
  dl->AddTriangleFilled(g.to, base + g.normal * (size * 0.5f), base - g.normal * (size * 0.5f), colour);
}

void draw_dashed(ImDrawList* dl, ImVec2 a, ImVec2 b, ImU32 colour, float thickness, float dash) {
  const float len = length(b - a);
  if (len < 1e-3f) return;
  const ImVec2 dir = (b - a) * (1.0f / len);
  for (float t = 0; t < len; t += 2 * dash) dl->AddLine(a + dir * t, a + dir * std::min(t + dash, len), colour, thickness);
}

void draw_text_centred(ImDrawList* dl, float size, ImVec2 centre, ImU32 colour, const char* text, ImU32 box = 0) {
  ImFont* font = ImGui::GetFont();
  const ImVec2 extent = font->CalcTextSizeA(size, FLT_MAX, 0.0f, text);
  const ImVec2 at = centre - extent * 0.5f;
  if (box) dl->AddRectFilled(at - ImVec2(2, 1), at + extent + ImVec2(2, 1), box, 2.0f);
  dl->AddText(font, size, at, colour, text);
}

bool has_edge(const std::vector<LayoutEdge>& edges, std::int32_t src, std::int32_t dst) {
  return std::binary_search(edges.begin(), edges.end(), LayoutEdge{src, dst, 0, false},
                            [](const LayoutEdge& a, const LayoutEdge& b) {
                              return a.src != b.src ? a.src < b.src : a.dst < b.dst;
                            });
}

std::string weight_text(std::int32_t w) { return std::to_string(w); }

/// The median over vertices of the distance to the nearest other vertex (layout units); 1 for one vertex.
double typical_spacing(const GraphLayout& layout) {
  const std::size_t n = layout.positions.size();
  if (n < 2) return 1.0;
  std::vector<double> nearest(n, 2.0);
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b)
      if (a != b)
        nearest[a] = std::min(nearest[a], std::hypot(layout.positions[a].x - layout.positions[b].x,
                                                     layout.positions[a].y - layout.positions[b].y));
  std::nth_element(nearest.begin(), nearest.begin() + static_cast<std::ptrdiff_t>(n / 2), nearest.end());
  return nearest[n / 2];
}

/// A ring of short arcs: the frontier's mark, told from the settled disc by its shape.
void draw_dashed_ring(ImDrawList* dl, ImVec2 c, float r, ImU32 colour, float thickness) {
  constexpr int kDashes = 10;
  constexpr float kTwoPi = 6.28318530f;
  for (int i = 0; i < kDashes; ++i) {
    const float a0 = kTwoPi * static_cast<float>(i) / kDashes;
    dl->PathArcTo(c, r, a0, a0 + kTwoPi * 0.6f / kDashes, 6);
    dl->PathStroke(colour, 0, thickness);
  }
}

}  // namespace

bool GraphViewPanel::shows(const AppState& state) {
  return state.session.has_graph && state.session.loaded_graph && state.session.graph.n > 0 &&
         state.session.graph.n <= kGraphViewMaxVertices;
}

std::string GraphViewPanel::hidden_note(const AppState& state) {
  if (!state.session.has_graph) return "graph view: no graph loaded";
  return "graph view hidden: n = " + std::to_string(state.session.graph.n) + " is above " +
         std::to_string(kGraphViewMaxVertices) + " vertices";
}

const GraphLayout& GraphViewPanel::layout_for(const AppState& state) {
  // Once per loaded graph: the snapshot hands out the same shared graph until the next load.
  if (state.session.loaded_graph != m_graph) {
    m_graph = state.session.loaded_graph;
    m_layout = m_graph ? compute_graph_layout(*m_graph, state.session.graph.source) : GraphLayout{};
    m_typical_spacing = typical_spacing(m_layout);
  }
  return m_layout;
}

void GraphViewPanel::draw(const AppState& state, CommandQueue& commands) {
  if (!shows(state)) {
    ImGui::TextWrapped("%s", hidden_note(state).c_str());
    return;
  }
  const GraphLayout& layout = layout_for(state);
  if (layout.kind == LayoutKind::Hidden) {
    ImGui::TextWrapped("%s", layout.note.c_str());
    return;
  }
  // A sparse solve shows the teaching stepper's source, settled set and frontier instead of the k-step.
  const SparseSnapshot* sparse = state.session.sparse ? &*state.session.sparse : nullptr;
  const StepFocus focus = sparse ? StepFocus{} : step_focus(state.session);
  const ClassroomState& classroom = state.classroom;
  const float s = state.ui_scale;
  const float font_size = ImGui::GetFontSize();

  m_edit_tools.draw_toggle(state, commands);  // the edit mode's button, on the header's line
  ImGui::SameLine();
  // Header: what is marked, in the matrix's 0-based numbering.
  ImGui::PushTextWrapPos(0.0f);
  if (sparse) {
    if (sparse->current_source >= 0) {
      ImGui::Text("Dijkstra from source %d: %zu settled, %zu on the frontier%s", sparse->current_source,
                  sparse->settled.size(), sparse->frontier.size(),
                  sparse->last_settled >= 0 ? (", just settled " + std::to_string(sparse->last_settled)).c_str() : "");
    } else if (sparse->finished()) {
      ImGui::Text("every row done (%lld sources)", static_cast<long long>(sparse->sources));
    } else {
      ImGui::Text("%lld of %lld rows done; a step settles one vertex of the next source",
                  static_cast<long long>(sparse->rows_done), static_cast<long long>(sparse->sources));
    }
  } else if (!state.session.stopped.empty()) {
    ImGui::Text("stopped: %s", state.session.stopped.c_str());  // not "finished": a negative cycle's slide
  } else if (focus.active && focus.blocked && classroom.presentation) {
    // On the projector the title and the inspector already say the step: the drawing gets their lines.
    ImGui::Text("pivot block: vertices %d..%d", focus.pivot_first, focus.pivot_end - 1);
  } else if (focus.active && focus.blocked) {
    // The step just done (the heatmap's title names the next one).
    ImGui::Text("%s; pivot block: vertices %d..%d", describe_focus(focus).c_str(), focus.pivot_first,
                focus.pivot_end - 1);
  } else {
    ImGui::TextUnformatted(describe_focus(focus).c_str());
  }
  // On the projector (and under the edit mode's tools) the drawing needs the room more than the layout's note does.
  if (!classroom.presentation && !state.graph_edit.mode)
    ImGui::TextDisabled("n = %d, %zu edges; %s", layout.n, layout.edges.size(), layout.note.c_str());
  ImGui::PopTextWrapPos();
  if (state.graph_edit.mode) m_edit_tools.draw_toolbar(state, commands);

  const float legend_h = ImGui::GetTextLineHeightWithSpacing() * 2.4f;  // the legend may wrap once
  const ImVec2 origin = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 size{std::max(avail.x, 50.0f), std::max(avail.y - legend_h, 50.0f)};
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(origin, origin + size, style::kBackground);

  // Node size from the typical spacing of the vertices (the median distance to the nearest one), legible range.
  const float side = std::min(size.x, size.y);
  const double closest = m_typical_spacing;
  const float margin_guess = font_size * 2.2f;
  const float radius = std::clamp(static_cast<float>(closest) * (side - 2 * margin_guess) * 0.3f, 2.5f * s, font_size * 1.15f);
  // Ids and weights only where they fit; dense pictures keep the marks (k says its id in its tag).
  const bool show_text = radius >= font_size * 0.45f;
  const float margin = radius + font_size * 1.2f;
  // Keep the picture square-ish (a circle stays a circle), centred in the canvas.
  const float draw_w = std::max(size.x - 2 * margin, 1.0f), draw_h = std::max(size.y - 2 * margin, 1.0f);
  const float span = layout.kind == LayoutKind::Grid ? 0.0f : std::min(draw_w, draw_h);
  const float sx = span > 0 ? span : draw_w, sy = span > 0 ? span : draw_h;
  const ImVec2 offset = origin + ImVec2(margin + (draw_w - sx) / 2, margin + (draw_h - sy) / 2);
  auto at = [&](std::int32_t v) {
    const LayoutPoint& p = layout.positions[static_cast<std::size_t>(v)];
    return offset + ImVec2(static_cast<float>(p.x) * sx, static_cast<float>(p.y) * sy);
  };
  const float side_offset = radius * 0.45f;
  const float label_size = std::min(font_size, std::max(radius * 1.1f, font_size * 0.7f));
  const float arrow = show_text ? std::max(6.0f * s, radius * 0.55f) : std::max(2.5f * s, radius * 0.8f);
  const int n = layout.n;
  auto valid_vertex = [n](std::int32_t v) { return v >= 0 && v < n; };

  dl->PushClipRect(origin, origin + size, true);
  // Plain edges first, the path and the cycle over them.
  for (const LayoutEdge& e : layout.edges) {
    const ArrowGeometry g = arrow_between(at(e.src), at(e.dst), radius, e.reciprocal ? side_offset : 0.0f);
    dl->AddLine(g.from, g.to - g.dir * (arrow * 0.8f), style::kEdge, 1.5f * s);
    draw_arrow_head(dl, g, arrow, style::kEdge);
  }
  // The selected pair's path (solid, thick) and a negative cycle (dashed, thick), over the plain edges.
  auto draw_walk = [&](const std::vector<std::int32_t>& walk, bool closed, ImU32 colour, bool dashed) {
    const std::size_t count = walk.size();
    if (count < 2 && !(closed && count == 1)) return;
    const std::size_t steps = closed ? count : count - 1;
    for (std::size_t i = 0; i < steps; ++i) {
      const std::int32_t a = walk[i], b = walk[(i + 1) % count];
      if (!valid_vertex(a) || !valid_vertex(b) || a == b) continue;
      const ArrowGeometry g = arrow_between(at(a), at(b), radius, has_edge(layout.edges, b, a) ? side_offset : 0.0f);
      if (dashed) {
        draw_dashed(dl, g.from, g.to - g.dir * arrow, colour, 3.5f * s, 7.0f * s);
      } else {
        dl->AddLine(g.from, g.to - g.dir * (arrow * 0.8f), colour, 4.0f * s);
      }
      draw_arrow_head(dl, g, arrow * 1.25f, colour);
    }
  };
  // Before a step meets it, the cycle an edit made (its log line names it) is drawn the same way.
  const std::vector<std::int32_t>& edit_cycle = state.graph_edit.cycle_shown(state.session);
  const bool has_cycle = classroom.negative_cycle.vertices_known() || !edit_cycle.empty();
  std::vector<std::int32_t> cycle =
      classroom.negative_cycle.vertices_known() ? classroom.negative_cycle.vertices : edit_cycle;
  if (cycle.size() > 1 && cycle.front() == cycle.back()) cycle.pop_back();  // closed either way
  // Π shown: the path read from Π, as far as it has been stepped (from j backwards), instead of D's.
  const bool pi = predecessors_shown(state);
  draw_walk(pi ? pi_path_drawn(state) : classroom.current_path, false, style::kPath, false);
  if (has_cycle) draw_walk(cycle, true, style::kCycle, true);

  // Weights over the edges and the walks: a weight is never hidden under a line.
  for (const LayoutEdge& e : show_text ? layout.edges : std::vector<LayoutEdge>{}) {
    const ArrowGeometry g = arrow_between(at(e.src), at(e.dst), radius, e.reciprocal ? side_offset : 0.0f);
    // Reciprocal pairs: each weight on its own side of its arrow.
    const float t = e.reciprocal ? 0.58f : 0.42f;  // off the midpoint: crossing chords of a circle share it
    const ImVec2 mid = g.from + (g.to - g.from) * t + g.normal * (e.reciprocal ? label_size * 0.75f : 0.0f);
    draw_text_centred(dl, label_size * 0.92f, mid, style::kWeightText, weight_text(e.weight).c_str(), style::kWeightBox);
  }

  // Vertices: pivot block as squares, k with a double ring, the selected i and j tagged.
  const CellRef sel = classroom.selected;
  enum class Mark : std::uint8_t { None, Settled, Frontier };
  std::vector<Mark> marks(static_cast<std::size_t>(n), Mark::None);
  if (sparse) {
    for (std::int32_t v : sparse->settled)
      if (valid_vertex(v)) marks[static_cast<std::size_t>(v)] = Mark::Settled;
    for (std::int32_t v : sparse->frontier)
      if (valid_vertex(v)) marks[static_cast<std::size_t>(v)] = Mark::Frontier;
  }
  for (std::int32_t v = 0; v < n; ++v) {
    const ImVec2 c = at(v);
    const Mark mark = marks[static_cast<std::size_t>(v)];
    const bool pivot = focus.active && focus.blocked && v >= focus.pivot_first && v < focus.pivot_end;
    if (pivot) {
      const ImVec2 h{radius, radius};
      dl->AddRectFilled(c - h, c + h, style::kNodeFill, 2.0f);
      dl->AddRect(c - h, c + h, style::kPivot, 2.0f, 0, 3.0f * s);
    } else {
      dl->AddCircleFilled(c, radius, mark == Mark::Settled ? style::kSettled : style::kNodeFill, 32);
      dl->AddCircle(c, radius, style::kNodeRim, 32, 1.5f * s);
    }
    if (mark == Mark::Frontier) draw_dashed_ring(dl, c, radius + 3 * s, style::kFrontier, 3.0f * s);
    if (sparse && v == sparse->last_settled) {
      const ImVec2 h{radius + 5 * s, radius + 5 * s};
      dl->AddRect(c - h, c + h, style::kJustSettled, 2.0f, 0, 2.5f * s);
    }
    if (sparse && v == sparse->current_source) {
      dl->AddCircle(c, radius * 1.42f + 6 * s, style::kK, 40, 3.0f * s);
      dl->AddCircle(c, radius * 1.42f + 11 * s, style::kK, 40, 1.5f * s);
      draw_text_centred(dl, label_size, c + ImVec2(radius * 1.3f + 10 * s, -radius * 1.3f - 8 * s), style::kK, "s",
                        style::kWeightBox);
    }
    // Tentative (frontier) and final (settled) distances under the vertex.
    if (sparse && show_text && mark != Mark::None && static_cast<std::size_t>(v) < sparse->tentative.size() &&
        sparse->tentative[static_cast<std::size_t>(v)] != SparseSnapshot::kNoDistance) {
      const std::string d = "d=" + std::to_string(sparse->tentative[static_cast<std::size_t>(v)]);
      draw_text_centred(dl, label_size * 0.85f, c + ImVec2(0, radius + label_size * 0.75f),
                        mark == Mark::Settled ? style::kSettled : style::kFrontier, d.c_str(), style::kWeightBox);
    }
    if (focus.active && v == focus.k) {
      dl->AddCircle(c, radius * 1.42f + 3 * s, style::kK, 40, 3.0f * s);
      dl->AddCircle(c, radius * 1.42f + 8 * s, style::kK, 40, 1.5f * s);
      const std::string tag = show_text ? std::string("k") : "k = " + std::to_string(v);
      draw_text_centred(dl, label_size, c + ImVec2(radius * 1.3f + 8 * s + (show_text ? 0 : label_size), -radius * 1.3f - 6 * s - (show_text ? 0 : label_size * 0.5f)),
                        style::kK, tag.c_str(), show_text ? 0 : style::kWeightBox);
    }
    if (sel.valid() && (v == sel.i || v == sel.j)) {
      const char* tag = v == sel.i && v == sel.j ? "i=j" : (v == sel.i ? "i" : "j");
      draw_text_centred(dl, label_size, c + ImVec2(-radius * 1.3f - 6 * s, radius * 1.3f + 6 * s), style::kEndpoint,
                        tag, style::kWeightBox);
    }
    if (show_text) draw_text_centred(dl, label_size, c, style::kNodeText, std::to_string(v).c_str());
  }
  if (state.graph_edit.mode) {  // where each vertex and arrow lies, for the edit mode's clicks
    GraphCanvas canvas{origin, size, radius, s, {}, {}};
    for (std::int32_t v = 0; v < n; ++v) canvas.centres.push_back(at(v));
    for (const LayoutEdge& e : layout.edges) {
      const ArrowGeometry g = arrow_between(at(e.src), at(e.dst), radius, e.reciprocal ? side_offset : 0.0f);
      canvas.arrows.push_back({e.src, e.dst, e.weight, g.from, g.to});
    }
    m_edit_tools.interact(state, canvas, dl, commands);
  }
  dl->PopClipRect();

  // Legend: each mark with its shape, so the meaning never rests on colour alone.
  ImGui::SetCursorScreenPos(origin + ImVec2(0, size.y + 4 * s));
  ImDrawList* wl = ImGui::GetWindowDrawList();
  const float box = font_size * 0.7f;
  bool first_item = true;
  auto legend_item = [&](auto&& draw_mark, const std::string& text) {
    // Wrap to a new line rather than run past the window's edge (narrow columns, large type).
    const float width = box * 1.4f + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize(text.c_str()).x;
    if (first_item) {
      first_item = false;
    } else if (ImGui::GetContentRegionAvail().x < width) {
      ImGui::NewLine();
    }
    const ImVec2 p = ImGui::GetCursorScreenPos();
    draw_mark(p + ImVec2(box * 0.5f, ImGui::GetTextLineHeight() * 0.5f));
    ImGui::Dummy(ImVec2(box * 1.4f, ImGui::GetTextLineHeight()));
    ImGui::SameLine();
    ImGui::TextUnformatted(text.c_str());
    ImGui::SameLine(0, font_size);
  };
  if (sparse) {
    legend_item([&](ImVec2 c) { wl->AddCircle(c, box / 2, style::kK, 20, 2.5f * s); }, "source");
    legend_item([&](ImVec2 c) { wl->AddCircleFilled(c, box / 2, style::kSettled, 20); }, "settled (final d)");
    legend_item([&](ImVec2 c) { draw_dashed_ring(wl, c, box / 2, style::kFrontier, 2.5f * s); },
                "frontier (tentative d)");
    legend_item([&](ImVec2 c) { wl->AddRect(c - ImVec2(box / 2, box / 2), c + ImVec2(box / 2, box / 2), style::kJustSettled, 1, 0, 2.5f * s); },
                "just settled");
  } else {
  if (!plain_run(state.session))  // plain Floyd–Warshall has no pivot block
    legend_item([&](ImVec2 c) { wl->AddRect(c - ImVec2(box / 2, box / 2), c + ImVec2(box / 2, box / 2), style::kPivot, 1, 0, 2.5f * s); },
                "pivot block");
  legend_item([&](ImVec2 c) { wl->AddCircle(c, box / 2, style::kK, 20, 2.5f * s); }, "k");
  }
  if (pi && sel.valid() && !state.session.inspection.predecessors.path.empty()) {
    const auto& p = state.session.inspection.predecessors;
    // Short enough for the projector's narrow column: the edges drawn only while the path is being stepped.
    const int drawn = pi_path_edges_drawn(state), edges = static_cast<int>(p.path.size()) - 1;
    const std::string text = "path from Π " + std::to_string(sel.i) + " -> " + std::to_string(sel.j) +
                             (drawn < edges ? ": " + std::to_string(drawn) + " of " + std::to_string(edges) + " edges"
                                            : " (length " + std::to_string(p.path_length) + ")");
    legend_item([&](ImVec2 c) { wl->AddLine(c - ImVec2(box / 2, 0), c + ImVec2(box / 2, 0), style::kPath, 4 * s); }, text);
  } else if (!classroom.current_path.empty()) {
    char text[96];
    std::snprintf(text, sizeof text, "path %d -> %d (length %lld)", classroom.current_path.front(),
                  classroom.current_path.back(), static_cast<long long>(classroom.current_path_length));
    legend_item([&](ImVec2 c) { wl->AddLine(c - ImVec2(box / 2, 0), c + ImVec2(box / 2, 0), style::kPath, 4 * s); }, text);
  } else if (sel.valid()) {
    legend_item([&](ImVec2 c) { wl->AddLine(c - ImVec2(box / 2, 0), c + ImVec2(box / 2, 0), style::kPath, 4 * s); },
                "no path " + std::to_string(sel.i) + " -> " + std::to_string(sel.j) + " yet");
  }
  if (has_cycle) {
    legend_item([&](ImVec2 c) { draw_dashed(wl, c - ImVec2(box / 2, 0), c + ImVec2(box / 2, 0), style::kCycle, 3 * s, box / 4); },
                "negative cycle");
  }
  // No NewLine after the last item's SameLine: it would count the spacing past the text as content (a window
  // measured as clipped by a legend that fits).
}

}  // namespace apsp::studio
