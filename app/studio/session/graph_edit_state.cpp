#include "session/graph_edit_state.h"

#include <apsp/io/output_paths.h>
#include <apsp/solve/negative_cycle.h>

#include <algorithm>

#include "session/graph_view_limit.h"

namespace apsp::studio {

std::vector<std::int32_t> negative_cycle_of(const Graph& g) {
  if (g.n > kGraphViewMaxVertices) return {};
  bool negative = false;
  for (const Edge& e : g.edges) negative = negative || e.weight < 0;
  if (!negative) return {};
  return find_negative_cycle(to_distance_matrix(g, 1, DType::I32), {}, 1);
}

std::string negative_cycle_note(const std::vector<std::int32_t>& cycle) {
  if (cycle.empty()) return {};
  std::string walk;
  for (std::int32_t v : cycle) walk += std::to_string(v) + " -> ";
  return " and makes the negative cycle " + walk + std::to_string(cycle.front()) + " (the lesson stops there)";
}

GraphSource edited_graph_source(const Graph& g, const std::string& name) {
  // The edge list's own "# n=N" line keeps isolated vertices at the end (the reader takes n from it).
  std::string text = "# n=" + std::to_string(g.n) + " m=" + std::to_string(g.m()) + "\n";
  for (const Edge& e : g.edges)
    text += std::to_string(e.src) + " " + std::to_string(e.dst) + " " + std::to_string(e.weight) + "\n";
  GraphSource source = GraphSource::file(name);
  source.format = GraphFormat::EdgeList;
  source.contents = std::make_shared<const std::vector<unsigned char>>(text.begin(), text.end());
  return source;
}

bool GraphEditState::follows(const SessionSnapshot& session) const {
  if (!m_base || !session.loaded_graph) return false;
  if (session.loaded_graph == m_base) return true;
  const auto& contents = session.graph.source.contents;
  return contents && std::find(m_issued.begin(), m_issued.end(), contents) != m_issued.end();
}

void GraphEditState::start(const SessionSnapshot& session) {
  m_base = session.loaded_graph;
  m_origin = session.graph.source;
  m_asked_block = session.config.block;
  m_issued.clear();
  model = GraphEdits(m_base ? *m_base : Graph{}, session.config.dtype);
}

const std::vector<std::int32_t>& GraphEditState::cycle_shown(const SessionSnapshot& session) const {
  static const std::vector<std::int32_t> kNone;
  const bool loaded = !m_issued.empty() && session.graph.source.contents == m_issued.back();
  return loaded ? m_cycle : kNone;
}

GraphSource GraphEditState::next_source() {
  const std::size_t steps = model.undo_steps();
  std::string name = m_origin.text + " (edited";
  if (steps > 0) name += ": " + std::to_string(steps) + (steps == 1 ? " edit" : " edits");
  GraphSource source = edited_graph_source(model.graph(), name + ")");
  m_issued.push_back(source.contents);
  m_cycle = negative_cycle_of(model.graph());
  return source;
}

SolverConfig GraphEditState::restart_config(const SessionSnapshot& session) {
  SolverConfig config = session.config;
  // The load clamps the block to n (block_size.h); a block that is not that clamp was chosen by the user since.
  if (config.block != std::min(m_asked_block, std::max(session.n, 1))) m_asked_block = config.block;
  config.block = m_asked_block;
  return config;
}

const GraphSource& remembered_graph_source(const SessionSnapshot& session, const GraphEditState& edits) {
  return edits.follows(session) ? edits.origin() : session.graph.source;
}

void refuse_saving_over_input(const std::string& flag, const std::string& path, const SessionSnapshot& session,
                              const GraphEditState& edits) {
  const GraphSource& input = remembered_graph_source(session, edits);
  if (input.kind != GraphSource::Kind::File || input.contents) return;  // a generator, a pipe: no file to keep
  refuse_clashing_paths({{"the loaded graph's file", input.text}}, {{flag, path}});
}

}  // namespace apsp::studio
