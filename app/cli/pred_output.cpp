#include "pred_output.h"

#include "cli_common.h"
#include "sparse_solve.h"

#include <apsp/core/predecessor_matrix.h>
#include <apsp/io/distance_io.h>
#include <apsp/solve/derive_predecessors.h>
#include <apsp/solve/solver.h>

#include <algorithm>

namespace apsp::cli {

std::optional<DistanceFormat> pred_format(const std::string& pred, const std::string& out_format_flag) {
  if (!out_format_flag.empty()) return parse_distance_format(out_format_flag);
  if (is_stdout(pred)) return DistanceFormat::Csv;  // "-" has no extension: text, as -o -
  return std::nullopt;
}

void check_pred_output(const std::string& pred, std::optional<DistanceFormat> format,
                       const std::vector<std::int32_t>& sources, std::int32_t n) {
  if (pred.empty()) return;
  require_predecessor_vertices(n);
  require_writable_shape(pred, format, sources, n);
}

void write_pred_output(const std::string& pred, std::optional<DistanceFormat> format, Solver& solver,
                       const std::vector<std::int32_t>& sources) {
  PredecessorMatrix pi;
  solver.read_predecessors(pi);
  // The rows as the distance writers take them (values are vertices or -1, never INF, so written as they are).
  SourceDistances rows;
  rows.n = pi.n();
  rows.sources = sources;
  rows.values.resize(sources.size() * static_cast<std::size_t>(pi.n()));
  for (std::size_t r = 0; r < sources.size(); ++r) {
    const auto row = pi.row(sources[r]);
    std::copy(row.begin(), row.end(), rows.row(static_cast<std::int64_t>(r)));
  }
  write_distances(output_path(pred), rows, format);
}

void write_pred_output(const std::string& pred, std::optional<DistanceFormat> format, const CsrGraph& graph,
                       const SourceDistances& rows, int threads) {
  write_distances(output_path(pred), derive_predecessor_rows(graph, rows, threads), format);
}

}  // namespace apsp::cli
