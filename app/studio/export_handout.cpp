#include "export_handout.h"

#include <apsp/core/errors.h>
#include <apsp/io/output_paths.h>
#include <apsp/report/handout.h>
#include <apsp/solve/registry.h>

#include <algorithm>
#include <filesystem>

namespace apsp::studio {

void export_handout(const std::string& path, const SessionSnapshot& session, std::optional<Granularity> granularity,
                    Log& log) {
  if (!session.loaded_graph) throw UsageError("handout: no graph loaded");
  const Graph& graph = *session.loaded_graph;
  const std::string extension = std::filesystem::path(path).extension().string();
  const HandoutFormat format = extension == ".tex"   ? HandoutFormat::Tex
                               : extension == ".pdf" ? HandoutFormat::Pdf
                                                     : HandoutFormat::Svg;
  if (format != HandoutFormat::Svg) {
    const GraphSource& source = session.graph.source;
    refuse_clashing_paths({{"the graph", source.kind == GraphSource::Kind::File ? source.text : std::string()}},
                          {{"handout", path}});
  }
  SolverOptions options;
  options.block = std::clamp(session.config.block, 1, std::max(1, graph.n));
  options.threads = 1;
  options.track_paths = true;
  const auto solver = create_solver(session.config.backend == "cpu-naive" ? "cpu-naive" : "cpu-blocked", options);
  HandoutOptions what;
  what.granularity = granularity.value_or(default_handout_granularity(solver->blocked()));
  what.tables = {true, true};
  what.graph = session.graph.source.text;
  const Handout handout = collect_handout(*solver, to_distance_matrix(graph, options.block, DType::I32), what);
  write_handout(handout, format, path, false);
  log.wrote(path, "handout, " + std::to_string(handout.steps.size()) + " tables (" + handout_title(handout) + ")");
}

}  // namespace apsp::studio
