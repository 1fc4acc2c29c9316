#include "session/counters_job.h"

#include <apsp/core/errors.h>

#include <exception>
#include <utility>

namespace apsp::studio {

bool CountersJob::start(std::shared_ptr<const Graph> graph, counters::CounterRequest request) {
  return BackgroundJob::start([this, graph = std::move(graph), request = std::move(request)]() -> Ending {
    std::optional<counters::CounterReport> report;
    std::string error;
    try {
      if (!graph) throw UsageError("no graph loaded");
      const DistanceMatrix initial = to_distance_matrix(*graph, request.options.block, request.options.dtype);
      report = counters::collect_counters(request, initial, [this](int done, int total) {
        update([&](CountersJobSnapshot& s) {
          s.done = done;
          s.total = total;
        });
        return !cancel_requested();
      });
      if (cancel_requested()) error = "cancelled: the phases profiled so far are shown";
    } catch (const std::exception& e) {
      error = e.what();
    }
    return [report = std::move(report), error = std::move(error)](CountersJobSnapshot& s) mutable {
      s.report = std::move(report);
      s.error = std::move(error);
    };
  });
}

}  // namespace apsp::studio
