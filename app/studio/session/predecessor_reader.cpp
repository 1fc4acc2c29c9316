#include "session/predecessor_reader.h"

#include <apsp/core/errors.h>
#include <apsp/teach/predecessors.h>

#include <algorithm>
#include <cstdlib>

namespace apsp::studio {
namespace {

// Π of a classroom graph is at most 100 x 100 values (40 kB): a few dozen positions cost nothing, and stepping
// back and forth over a phase or two stays a lookup.
constexpr std::size_t kKeptPositions = 32;

}  // namespace

PredecessorPath predecessor_path(const PredecessorMatrix& pi, const teach::OutEdges& edges, int i, int j) {
  PredecessorPath out;
  out.vertices = teach::path_from_predecessors(pi, i, j);
  for (std::size_t s = 0; s + 1 < out.vertices.size(); ++s) {
    const std::int32_t u = out.vertices[s], v = out.vertices[s + 1];
    const auto from = edges.from(u);
    const auto it = std::lower_bound(from.begin(), from.end(), v, [](const Edge& e, std::int32_t t) { return e.dst < t; });
    if (it == from.end() || it->dst != v) {
      out.on_edges = false;
      continue;
    }
    out.length += it->weight;
  }
  return out;
}

std::shared_ptr<const PredecessorMatrix> PredecessorReader::read_now(Solver& solver, std::string& note) {
  try {
    auto pi = std::make_shared<PredecessorMatrix>();
    solver.read_predecessors(*pi);
    return pi;
  } catch (const UsageError& e) {
    // A backend that derives Π from the distances has none mid-round: said instead of a wrong Π.
    note = solver.tracks_predecessors()
               ? std::string(e.what())
               : std::string(solver.name()) +
                     " derives Π from the distances, so Π is shown at round boundaries and at the end only "
                     "(mid-round now)";
    return nullptr;
  }
}

void PredecessorReader::keep(std::int64_t position, std::shared_ptr<const PredecessorMatrix> pi) {
  m_by_position[position] = std::move(pi);
  while (m_by_position.size() > kKeptPositions) {
    // The farthest from the position just read goes first.
    const auto first = m_by_position.begin();
    const auto last = std::prev(m_by_position.end());
    m_by_position.erase(std::llabs(first->first - position) >= std::llabs(last->first - position) ? first : last);
  }
}

std::shared_ptr<const PredecessorMatrix> PredecessorReader::before_last_step(Solver& solver, teach::TimeTravel& travel) {
  const auto step = travel.last_step();
  if (!step) return nullptr;
  const std::int64_t at = travel.clock().position(step->before);
  if (const auto it = m_by_position.find(at); it != m_by_position.end()) return it->second;
  // Not read yet (several steps in one job, or a jump on the timeline): there and back, exactly.
  const std::size_t here = travel.current();
  std::shared_ptr<const PredecessorMatrix> pi;
  travel.seek(here - 1);
  std::string ignored;
  pi = read_now(solver, ignored);
  travel.seek(here);
  if (pi) keep(at, pi);
  return pi;
}

PredecessorInspection PredecessorReader::read(Solver& solver, teach::TimeTravel& travel, const teach::OutEdges& edges,
                                              int i, int j) {
  PredecessorInspection out;
  const int n = solver.n();
  if (n > kPredecessorViewMaxVertices) {
    out.note = "Π is kept for graphs of at most " + std::to_string(kPredecessorViewMaxVertices) +
               " vertices (this one has " + std::to_string(n) + ")";
    return out;
  }
  out.tracked = solver.tracks_predecessors();
  out.pi = read_now(solver, out.note);
  if (!out.pi) return out;
  keep(travel.clock().position(solver.cursor()), out.pi);
  out.pi_before = before_last_step(solver, travel);
  if (i < 0 || j < 0 || i >= n || j >= n) return out;
  out.pi_ij = out.pi->at(i, j);
  out.d_ij = solver.value_at(i, j);
  if (out.pi_before) out.pi_ij_before = out.pi_before->at(i, j);
  try {
    PredecessorPath p = predecessor_path(*out.pi, edges, i, j);
    out.path = std::move(p.vertices);
    out.path_length = p.length;
    out.path_on_edges = p.on_edges;
  } catch (const Error& e) {
    out.note = e.what();  // a loop in Π: never expected, said rather than drawn
  }
  return out;
}

}  // namespace apsp::studio
