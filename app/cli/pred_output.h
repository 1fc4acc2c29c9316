#pragma once
// apsp solve --pred FILE: the predecessor matrix Π written in the distances' formats (NIL = -1, 0-based).
#include <apsp/graph/csr.h>
#include <apsp/graph/sources.h>
#include <apsp/io/formats.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace apsp {
class Solver;
}

namespace apsp::cli {

/// The format --pred is written in: --out-format when given (it names the format of every matrix written),
/// else csv for "-", else by the file's extension (nullopt).
std::optional<DistanceFormat> pred_format(const std::string& pred, const std::string& out_format_flag);

/// Before the solve: refuses (UsageError, one line) a graph above limits::kMaxPredecessorVertices and a course
/// binary asked to hold fewer rows than the whole matrix. Nothing to check when @p pred is empty.
void check_pred_output(const std::string& pred, std::optional<DistanceFormat> format,
                       const std::vector<std::int32_t>& sources, std::int32_t n);

/// Writes the Π rows of @p sources of a finished dense solve (tracked or derived: Solver::read_predecessors).
void write_pred_output(const std::string& pred, std::optional<DistanceFormat> format, Solver& solver,
                       const std::vector<std::int32_t>& sources);

/// Writes the Π rows a sparse solve's @p rows give over @p graph (derive_predecessors.h).
void write_pred_output(const std::string& pred, std::optional<DistanceFormat> format, const CsrGraph& graph,
                       const SourceDistances& rows, int threads);

}  // namespace apsp::cli
