#include "ui/graph_edit_tools.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>

#include "platform/keys.h"
#include "session/graph_view_limit.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

// Sky blue (Okabe–Ito): what is picked and the edge being dragged, told from the lesson's hues (pivot orange,
// k purple, path, the endpoints' yellow) and drawn as rings and thick lines, never as a fill.
constexpr ImU32 kPicked = IM_COL32(86, 180, 233, 255);

float distance(ImVec2 a, ImVec2 b) { return std::hypot(a.x - b.x, a.y - b.y); }

float distance_to_segment(ImVec2 p, ImVec2 a, ImVec2 b) {
  const float dx = b.x - a.x, dy = b.y - a.y;
  const float len2 = dx * dx + dy * dy;
  const float t = len2 > 0 ? std::clamp(((p.x - a.x) * dx + (p.y - a.y) * dy) / len2, 0.0f, 1.0f) : 0.0f;
  return distance(p, ImVec2(a.x + t * dx, a.y + t * dy));
}

bool has_edge(const AppState& state, std::int32_t u, std::int32_t v) {
  const auto& g = state.session.loaded_graph;
  return g && std::any_of(g->edges.begin(), g->edges.end(), [&](const Edge& e) { return e.src == u && e.dst == v; });
}

bool can_undo(const AppState& state) {
  return state.graph_edit.follows(state.session) && state.graph_edit.model.can_undo();
}
bool can_redo(const AppState& state) {
  return state.graph_edit.follows(state.session) && state.graph_edit.model.can_redo();
}

// The view draws at most kGraphViewMaxVertices: one more would hide the drawing (and its undo keys) mid-edit.
bool room_for_a_vertex(const AppState& state) { return state.session.graph.n < kGraphViewMaxVertices; }

}  // namespace

void GraphEditTools::pick_vertex(std::int32_t v) {
  m_vertex = v;
  m_edge_src = m_edge_dst = -1;
  m_confirm_delete = false;
}

void GraphEditTools::pick_edge(std::int32_t u, std::int32_t v, std::int32_t weight) {
  m_vertex = -1;
  m_edge_src = u;
  m_edge_dst = v;
  m_weight = weight;
  m_confirm_delete = false;
}

void GraphEditTools::forget_stale_picks(const AppState& state) {
  if (state.session.loaded_graph == m_graph) return;
  m_graph = state.session.loaded_graph;
  // An edit's own reload keeps what it picked (the new edge stays marked); anything that is gone is dropped.
  const std::int32_t n = m_graph ? m_graph->n : 0;
  if (m_vertex >= n) pick_vertex(-1);
  if (m_edge_src >= 0 && !has_edge(state, m_edge_src, m_edge_dst)) m_edge_src = m_edge_dst = -1;
  m_drag_from = -1;
}

void GraphEditTools::delete_picked(CommandQueue& commands) {
  if (m_edge_src >= 0) {
    commands.push(CmdEditGraph{GraphEdit::delete_edge(m_edge_src, m_edge_dst)});
    m_edge_src = m_edge_dst = -1;
  } else if (m_vertex >= 0 && m_confirm_delete) {
    commands.push(CmdEditGraph{GraphEdit::delete_vertex(m_vertex)});
    pick_vertex(-1);  // the ids above it shift: nothing picked stays meaningful
  } else if (m_vertex >= 0) {
    m_confirm_delete = true;  // the renumbering is shown first
  }
}

void GraphEditTools::draw_toggle(const AppState& state, CommandQueue& commands) {
  const bool on = state.graph_edit.mode;
  if (on) ImGui::PushStyleColor(ImGuiCol_Button, ImGui::GetStyleColorVec4(ImGuiCol_ButtonActive));
  if (ImGui::SmallButton(on ? "editing" : "edit")) commands.push(CmdSetEditMode{!on});
  if (on) ImGui::PopStyleColor();
  if (!state.classroom.presentation)
    item_tooltip(on ? "leave the edit mode (E). Click empty space: a new vertex; a vertex, then another (or drag from "
                      "one to the other): a new edge; an arrow: pick its edge"
                    : "edit the graph (E): add and delete vertices and edges, change weights");

  ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  if (ImGui::IsKeyPressed(keys::kE, false)) commands.push(CmdSetEditMode{!on});
  if (io.KeyCtrl && ImGui::IsKeyPressed(keys::kZ, false) && !io.KeyShift && can_undo(state))
    commands.push(CmdUndoEdit{});
  if (io.KeyCtrl && (ImGui::IsKeyPressed(keys::kY, false) || (io.KeyShift && ImGui::IsKeyPressed(keys::kZ, false))) &&
      can_redo(state))
    commands.push(CmdRedoEdit{});
  if (!on) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Delete), false)) delete_picked(commands);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) pick_vertex(-1);
}

void GraphEditTools::draw_toolbar(const AppState& state, CommandQueue& commands) {
  forget_stale_picks(state);
  const GraphEditState& edits = state.graph_edit;
  ImGui::BeginDisabled(!room_for_a_vertex(state));
  if (ImGui::SmallButton("add vertex")) commands.push(CmdEditGraph{GraphEdit::add_vertex()});
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!can_undo(state));
  if (ImGui::SmallButton("undo")) commands.push(CmdUndoEdit{});
  if (can_undo(state)) item_tooltip("undo " + edits.model.next_undo().text() + " (Ctrl+Z)");
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!can_redo(state));
  if (ImGui::SmallButton("redo")) commands.push(CmdRedoEdit{});
  if (can_redo(state)) item_tooltip("redo " + edits.model.next_redo().text() + " (Ctrl+Y, Ctrl+Shift+Z)");
  ImGui::EndDisabled();
  ImGui::SameLine();
  // The graph panel's Save, from here: its path field names the file and, by its extension, the format.
  const std::string& save_path = state.edits.graph.save_path;
  ImGui::BeginDisabled(save_path.empty());
  if (ImGui::SmallButton("save")) commands.push(CmdSaveGraph{save_path});
  item_tooltip("save the graph as it is now to " + save_path +
               " (the Graph panel's path: .bin, .gr, .mtx, .txt/.el/.csv; never over the file it came from)");
  ImGui::EndDisabled();
  // The weight field on the buttons' line where it fits whole, else on a line of its own (narrow columns).
  const float field = ImGui::GetFontSize() * 4.5f;
  ImGui::SameLine();
  if (ImGui::GetContentRegionAvail().x < field + ImGui::GetStyle().ItemInnerSpacing.x + ImGui::CalcTextSize("weight").x)
    ImGui::NewLine();
  ImGui::SetNextItemWidth(field);
  ImGui::InputInt("weight", &m_weight, 0);
  item_tooltip("the weight of a new edge, or the picked edge's new weight (negative allowed)");

  // What is picked, and what can be done with it (how to start is the edit button's tooltip: the drawing needs
  // the lines).
  // The buttons first: the line after them wraps in a narrow column, the buttons stay in view.
  if (m_vertex >= 0 && m_confirm_delete) {
    if (ImGui::SmallButton("delete")) delete_picked(commands);
    ImGui::SameLine();
    if (ImGui::SmallButton("cancel")) m_confirm_delete = false;
    ImGui::SameLine();
    ImGui::TextWrapped("%s?", GraphEdits(*state.session.loaded_graph).renumbering_note(m_vertex).c_str());
  } else if (m_vertex >= 0) {
    if (ImGui::SmallButton("delete vertex...")) delete_picked(commands);
    ImGui::SameLine();
    ImGui::TextWrapped("vertex %d picked: click another for an edge %d -> v", m_vertex, m_vertex);
  } else if (m_edge_src >= 0) {
    const std::string set = "set weight " + std::to_string(m_weight);
    if (ImGui::SmallButton(set.c_str()))
      commands.push(CmdEditGraph{GraphEdit::set_weight(m_edge_src, m_edge_dst, m_weight)});
    ImGui::SameLine();
    if (ImGui::SmallButton("delete edge")) delete_picked(commands);
    ImGui::SameLine();
    ImGui::TextWrapped("edge %d -> %d", m_edge_src, m_edge_dst);
  }
}

void GraphEditTools::interact(const AppState& state, const GraphCanvas& canvas, ImDrawList* dl,
                              CommandQueue& commands) {
  forget_stale_picks(state);
  const ImVec2 back = ImGui::GetCursorScreenPos();
  ImGui::SetCursorScreenPos(canvas.origin);
  ImGui::InvisibleButton("##graph_edit_canvas", canvas.size);
  ImGui::SetCursorScreenPos(back);
  const ImVec2 mouse = ImGui::GetIO().MousePos;
  const float s = canvas.scale;
  const auto vertex_at = [&](ImVec2 p) {
    std::int32_t best = -1;
    float best_d = std::max(canvas.radius * 1.25f, 8.0f * s);
    for (std::size_t v = 0; v < canvas.centres.size(); ++v) {
      const float d = distance(p, canvas.centres[v]);
      if (d <= best_d) best = static_cast<std::int32_t>(v), best_d = d;
    }
    return best;
  };
  const auto arrow_at = [&](ImVec2 p) -> const GraphCanvas::Arrow* {
    const GraphCanvas::Arrow* best = nullptr;
    float best_d = std::max(6.0f * s, canvas.radius * 0.35f);
    for (const GraphCanvas::Arrow& a : canvas.arrows) {
      const float d = distance_to_segment(p, a.from, a.to);
      if (d <= best_d) best = &a, best_d = d;
    }
    return best;
  };

  if (ImGui::IsItemActivated()) m_drag_from = vertex_at(mouse);
  if (ImGui::IsItemDeactivated()) {
    const std::int32_t from = std::exchange(m_drag_from, -1);
    const std::int32_t to = vertex_at(mouse);
    // A drag from one vertex to another, or a click on a second vertex after the first: the edge between them
    // (picked when it exists, added with the field's weight when not).
    const std::int32_t tail = from >= 0 && to >= 0 && to != from ? from : (from >= 0 && to == from ? m_vertex : -1);
    const std::int32_t head = to;
    if (tail >= 0 && head >= 0 && tail != head) {
      if (const auto w = GraphEdits(*state.session.loaded_graph).edge_weight(tail, head)) {
        pick_edge(tail, head, *w);
      } else {
        commands.push(CmdEditGraph{GraphEdit::add_edge(tail, head, m_weight)});
        pick_edge(tail, head, m_weight);  // the new edge stays marked once the graph reloads
      }
    } else if (from >= 0 && to == from) {
      pick_vertex(m_vertex == from ? -1 : from);  // a second click on the picked vertex drops it
    } else if (from < 0) {
      if (const GraphCanvas::Arrow* a = arrow_at(mouse)) {
        pick_edge(a->src, a->dst, a->weight);
      } else if (m_vertex >= 0 || m_edge_src >= 0) {
        pick_vertex(-1);  // a click beside the picks drops them first
      } else if (room_for_a_vertex(state)) {
        commands.push(CmdEditGraph{GraphEdit::add_vertex()});
      }
    }
  }

  // Marks: what is picked, the vertex under the pointer, the edge being dragged.
  const auto valid = [&](std::int32_t v) { return v >= 0 && v < static_cast<std::int32_t>(canvas.centres.size()); };
  if (valid(m_vertex)) dl->AddCircle(canvas.centres[m_vertex], canvas.radius + 5 * s, kPicked, 32, 3.5f * s);
  for (const GraphCanvas::Arrow& a : canvas.arrows)
    if (a.src == m_edge_src && a.dst == m_edge_dst)  // see-through: its weight stays legible under it
      dl->AddLine(a.from, a.to, (kPicked & ~IM_COL32_A_MASK) | IM_COL32(0, 0, 0, 150), 5.0f * s);
  if (ImGui::IsItemHovered()) {
    const std::int32_t under = vertex_at(mouse);
    if (valid(under) && under != m_vertex)
      dl->AddCircle(canvas.centres[under], canvas.radius + 3 * s, kPicked, 32, 1.5f * s);
  }
  if (ImGui::IsItemActive() && valid(m_drag_from) && distance(mouse, canvas.centres[m_drag_from]) > canvas.radius)
    dl->AddLine(canvas.centres[m_drag_from], mouse, kPicked, 2.5f * s);
}

}  // namespace apsp::studio
