#include "session/graph_edits.h"

#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <initializer_list>
#include <limits>

namespace apsp::studio {
namespace {

std::string edge_name(std::int32_t u, std::int32_t v) { return std::to_string(u) + " -> " + std::to_string(v); }

bool joins(const Edge& e, std::int32_t u, std::int32_t v) { return e.src == u && e.dst == v; }

}  // namespace

std::string GraphEdit::text() const {
  const auto with = [](std::string name, std::initializer_list<std::int32_t> numbers) {
    for (std::int32_t x : numbers) {
      name += ' ';
      name += std::to_string(x);
    }
    return name;
  };
  switch (kind) {
    case GraphEditKind::AddVertex:
      return "add-vertex";
    case GraphEditKind::DeleteVertex:
      return with("del-vertex", {src});
    case GraphEditKind::AddEdge:
      return with("add-edge", {src, dst, weight});
    case GraphEditKind::DeleteEdge:
      return with("del-edge", {src, dst});
    case GraphEditKind::SetWeight:
      return with("set-weight", {src, dst, weight});
  }
  return "?";
}

GraphEdits::GraphEdits(Graph base, DType weights) : m_graph(std::move(base)), m_weights(weights) {}

std::optional<std::int32_t> GraphEdits::edge_weight(std::int32_t u, std::int32_t v) const {
  std::optional<std::int32_t> lightest;
  for (const Edge& e : m_graph.edges)
    if (joins(e, u, v) && (!lightest || e.weight < *lightest)) lightest = e.weight;
  return lightest;
}

std::optional<std::string> GraphEdits::refusal(const GraphEdit& edit) const {
  const std::int32_t n = m_graph.n;
  const auto outside = [n](std::int32_t v) { return v < 0 || v >= n; };
  const auto no_vertex = [&](std::int32_t v) {
    return "no vertex " + std::to_string(v) + " (the vertices are 0.." + std::to_string(n - 1) + ")";
  };
  const auto bad_endpoint = [&]() -> std::optional<std::string> {
    if (outside(edit.src)) return no_vertex(edit.src);
    if (outside(edit.dst)) return no_vertex(edit.dst);
    return std::nullopt;
  };
  const auto bad_weight = [&]() -> std::optional<std::string> {
    const std::int32_t limit = inf_of(m_weights);
    if (edit.weight > -limit && edit.weight < limit) return std::nullopt;
    return "weight " + std::to_string(edit.weight) + " is outside the " + std::string(to_string(m_weights)) +
           " range (-" + std::to_string(limit) + ", " + std::to_string(limit) + "): " + std::to_string(limit) +
           " means no edge";
  };
  switch (edit.kind) {
    case GraphEditKind::AddVertex:
      if (n >= limits::kMaxVertices)
        return "the graph has " + std::to_string(n) + " vertices, the most the studio takes";
      return std::nullopt;
    case GraphEditKind::DeleteVertex:
      if (outside(edit.src)) return no_vertex(edit.src);
      if (n == 1) return "the graph's last vertex stays (a graph has at least one)";
      return std::nullopt;
    case GraphEditKind::AddEdge:
      if (auto why = bad_endpoint()) return why;
      if (edit.src == edit.dst)
        return "a self loop is not an edit the graph view offers (it draws none; d[i][i] starts at 0)";
      if (auto w = edge_weight(edit.src, edit.dst))
        return "edge " + edge_name(edit.src, edit.dst) + " exists (weight " + std::to_string(*w) +
               "); set-weight changes it";
      return bad_weight();
    case GraphEditKind::DeleteEdge:
    case GraphEditKind::SetWeight:
      if (auto why = bad_endpoint()) return why;
      if (!edge_weight(edit.src, edit.dst)) return "no edge " + edge_name(edit.src, edit.dst) + " (add-edge adds one)";
      return edit.kind == GraphEditKind::SetWeight ? bad_weight() : std::nullopt;
  }
  return "unknown edit";
}

GraphEdits::UndoStep GraphEdits::make(const GraphEdit& edit) {
  UndoStep step{edit, {}, {}};
  std::vector<Edge>& edges = m_graph.edges;
  // Removes the edges @p doomed picks, recording each with its place in the list before the edit.
  const auto remove_if = [&](auto doomed) {
    std::vector<Edge> kept;
    kept.reserve(edges.size());
    for (std::size_t i = 0; i < edges.size(); ++i) {
      if (doomed(edges[i]))
        step.removed.emplace_back(i, edges[i]);
      else
        kept.push_back(edges[i]);
    }
    edges = std::move(kept);
  };
  switch (edit.kind) {
    case GraphEditKind::AddVertex:
      ++m_graph.n;
      break;
    case GraphEditKind::DeleteVertex: {
      const std::int32_t v = edit.src;
      remove_if([v](const Edge& e) { return e.src == v || e.dst == v; });
      for (Edge& e : edges) {
        if (e.src > v) --e.src;
        if (e.dst > v) --e.dst;
      }
      --m_graph.n;
      break;
    }
    case GraphEditKind::AddEdge:
      edges.push_back(Edge{edit.src, edit.dst, edit.weight});
      step.inserted.emplace_back(edges.size() - 1, edges.back());
      break;
    case GraphEditKind::DeleteEdge:
      remove_if([&](const Edge& e) { return joins(e, edit.src, edit.dst); });
      break;
    case GraphEditKind::SetWeight: {
      remove_if([&](const Edge& e) { return joins(e, edit.src, edit.dst); });
      // The earlier edges did not move: the first removed edge's place is the merged edge's place.
      const std::size_t at = step.removed.front().first;
      const Edge merged{edit.src, edit.dst, edit.weight};
      edges.insert(edges.begin() + static_cast<std::ptrdiff_t>(at), merged);
      step.inserted.emplace_back(at, merged);
      break;
    }
  }
  return step;
}

void GraphEdits::take_back(const UndoStep& step) {
  std::vector<Edge>& edges = m_graph.edges;
  for (auto it = step.inserted.rbegin(); it != step.inserted.rend(); ++it)
    edges.erase(edges.begin() + static_cast<std::ptrdiff_t>(it->first));
  switch (step.edit.kind) {
    case GraphEditKind::AddVertex:
      --m_graph.n;
      break;
    case GraphEditKind::DeleteVertex:
      for (Edge& e : edges) {
        if (e.src >= step.edit.src) ++e.src;
        if (e.dst >= step.edit.src) ++e.dst;
      }
      ++m_graph.n;
      break;
    default:
      break;
  }
  for (const auto& [at, edge] : step.removed) edges.insert(edges.begin() + static_cast<std::ptrdiff_t>(at), edge);
}

void GraphEdits::apply(const GraphEdit& edit) {
  if (auto why = refusal(edit)) throw UsageError(edit.text() + ": " + *why);
  m_undo.push_back(make(edit));
  m_redo.clear();
}

GraphEdit GraphEdits::undo() {
  if (m_undo.empty()) throw UsageError("undo: no edit to take back");
  UndoStep step = std::move(m_undo.back());
  m_undo.pop_back();
  take_back(step);
  m_redo.push_back(step.edit);
  return step.edit;
}

GraphEdit GraphEdits::redo() {
  if (m_redo.empty()) throw UsageError("redo: no undone edit to make again");
  const GraphEdit edit = m_redo.back();
  if (auto why = refusal(edit))
    throw UsageError(edit.text() + ": " + *why);  // cannot happen: the graph is as it was before it
  m_redo.pop_back();
  m_undo.push_back(make(edit));
  return edit;
}

std::string GraphEdits::renumbering_note(std::int32_t v) const {
  std::size_t touching = 0;
  for (const Edge& e : m_graph.edges) touching += e.src == v || e.dst == v;
  std::string note = "deletes vertex " + std::to_string(v) + " and its " + std::to_string(touching) +
                     (touching == 1 ? " edge" : " edges");
  const std::int32_t n = m_graph.n;
  if (v + 1 >= n) return note + "; no other vertex is renumbered";
  note += "; higher ids shift down: ";
  constexpr std::int32_t kListed = 4;  // a long shift says its range instead of every vertex
  if (n - (v + 1) <= kListed) {
    for (std::int32_t w = v + 1; w < n; ++w)
      note += (w > v + 1 ? ", " : "") + std::to_string(w) + " -> " + std::to_string(w - 1);
  } else {
    note += std::to_string(v + 1) + " -> " + std::to_string(v) + ", ..., " + std::to_string(n - 1) + " -> " +
            std::to_string(n - 2);
  }
  return note;
}

// ---- the edit language --------------------------------------------------------------------------------------

namespace {

struct Command {
  std::string text;        ///< trimmed
  std::size_t column = 0;  ///< 1-based, in the whole script
};

std::vector<Command> split_commands(const std::string& script) {
  std::vector<Command> out;
  std::size_t start = 0;
  while (start <= script.size()) {
    std::size_t end = script.find_first_of(";\n", start);
    if (end == std::string::npos) end = script.size();
    std::size_t a = start, b = end;
    while (a < b && std::isspace(static_cast<unsigned char>(script[a]))) ++a;
    while (b > a && std::isspace(static_cast<unsigned char>(script[b - 1]))) --b;
    if (a < b) out.push_back(Command{script.substr(a, b - a), a + 1});
    start = end + 1;
  }
  return out;
}

std::vector<std::string> words(const std::string& text) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    const std::size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

std::optional<std::int32_t> parse_int32(const std::string& word) {
  std::int64_t value = 0;
  const char* first = word.data();
  if (!word.empty() && word[0] == '+') ++first;
  const auto [end, ec] = std::from_chars(first, word.data() + word.size(), value);
  if (ec != std::errc() || end != word.data() + word.size() || value < std::numeric_limits<std::int32_t>::min() ||
      value > std::numeric_limits<std::int32_t>::max())
    return std::nullopt;
  return static_cast<std::int32_t>(value);
}

}  // namespace

std::vector<ScriptedEdit> parse_edit_script(const std::string& script, const std::string& flag) {
  const std::vector<Command> commands = split_commands(script);
  if (commands.empty()) throw UsageError(flag + ": no edit in '" + script + "'");
  std::vector<ScriptedEdit> out;
  for (std::size_t c = 0; c < commands.size(); ++c) {
    const Command& command = commands[c];
    const std::string place = "command " + std::to_string(c + 1) + " of " + std::to_string(commands.size()) + " ('" +
                              command.text + "', column " + std::to_string(command.column) + ")";
    const std::vector<std::string> w = words(command.text);
    struct Form {
      const char* name;
      GraphEditKind kind;
      std::size_t numbers;
      const char* usage;
    };
    static constexpr Form kForms[] = {{"add-vertex", GraphEditKind::AddVertex, 0, "add-vertex"},
                                      {"del-vertex", GraphEditKind::DeleteVertex, 1, "del-vertex V"},
                                      {"add-edge", GraphEditKind::AddEdge, 3, "add-edge U V W"},
                                      {"del-edge", GraphEditKind::DeleteEdge, 2, "del-edge U V"},
                                      {"set-weight", GraphEditKind::SetWeight, 3, "set-weight U V W"}};
    const Form* form = nullptr;
    for (const Form& f : kForms)
      if (w[0] == f.name) form = &f;
    if (!form)
      throw UsageError(flag + ", " + place + ": unknown edit '" + w[0] +
                       "' (add-vertex, del-vertex V, add-edge U V W, del-edge U V, set-weight U V W)");
    if (w.size() != form->numbers + 1) throw UsageError(flag + ", " + place + ": expected '" + form->usage + "'");
    std::int32_t numbers[3] = {-1, -1, 0};
    for (std::size_t i = 0; i < form->numbers; ++i) {
      const std::optional<std::int32_t> value = parse_int32(w[i + 1]);
      if (!value)
        throw UsageError(flag + ", " + place + ": '" + w[i + 1] + "' is not an integer (expected '" + form->usage +
                         "')");
      numbers[i] = *value;
    }
    out.push_back(ScriptedEdit{GraphEdit{form->kind, numbers[0], numbers[1], numbers[2]}, place});
  }
  return out;
}

void apply_edit_script(GraphEdits& model, const std::vector<ScriptedEdit>& edits, const std::string& flag) {
  for (const ScriptedEdit& e : edits) {
    if (auto why = model.refusal(e.edit)) throw UsageError(flag + ", " + e.place + ": " + *why);
    model.apply(e.edit);
  }
}

}  // namespace apsp::studio
