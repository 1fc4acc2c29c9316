#include "session/sweep_job.h"

#include <exception>
#include <utility>

namespace apsp::studio {

bool SweepJob::start(const bench::SweepSpec& spec) {
  return BackgroundJob::start([this, spec]() -> Ending {
    bench::SweepCallbacks callbacks;
    callbacks.cancel = cancel_flag();
    callbacks.progress = [this](const bench::SweepProgress& p) {
      update([&](SweepJobSnapshot& s) { s.progress = p; });
    };
    callbacks.result = [this](const bench::SweepResult& r) {
      update([&](SweepJobSnapshot& s) { s.results.push_back(r); });
    };
    std::optional<bench::SweepReport> report;
    std::string error;
    try {
      report = bench::run_sweep(spec, callbacks);
    } catch (const std::exception& e) {
      error = e.what();
    }
    return [report = std::move(report), error = std::move(error)](SweepJobSnapshot& s) mutable {
      if (report) s.results = report->results;
      s.report = std::move(report);
      s.error = std::move(error);
    };
  });
}

}  // namespace apsp::studio
