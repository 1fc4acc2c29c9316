#pragma once
// The Export panel's Handout and --handout FILE: the loaded lesson's tables (D and Π after each step, the
// changed cells marked) as apsp handout writes them (apsp/report/handout.h), by the file's extension.
#include <apsp/solve/solver.h>

#include <optional>
#include <string>

#include "session/log.h"
#include "session/session_types.h"

namespace apsp::studio {

/// @brief Writes the handout of @p session's graph, block and backend (cpu-naive stays plain Floyd–Warshall,
/// every other backend is shown as cpu-blocked, whose Π the CPU keeps at every step): FILE.tex a LaTeX document,
/// FILE.pdf one page per step, any other name a folder of step-NN.svg. One table per @p granularity (nullopt:
/// each k for plain Floyd–Warshall, each round for the blocked one). Solves on a solver of its own (the graph
/// has at most limits::kMaxHandoutVertices vertices), from the start, whatever the run's position. Throws
/// UsageError without a graph or above that size.
void export_handout(const std::string& path, const SessionSnapshot& session, std::optional<Granularity> granularity,
                    Log& log);

}  // namespace apsp::studio
