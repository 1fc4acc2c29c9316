#include "counters_control.h"

#include <apsp/core/errors.h>
#include <apsp/io/atomic_file.h>
#include <apsp/report/export_context.h>
#include <apsp/solve/ladder.h>

#include <utility>

namespace apsp::studio {

CountersControl::CountersControl(Log& log, AppState& state, std::string unavailable, std::function<void()> wake)
    : m_log(log), m_state(state), m_unavailable(std::move(unavailable)), m_job(std::move(wake)) {}

void CountersControl::start(const std::string& rounds) {
  if (!m_unavailable.empty()) {
    m_log.error("counters: unavailable: " + m_unavailable);
    return;
  }
  const SessionSnapshot& session = m_state.session;
  if (!session.has_graph || !session.loaded_graph) throw UsageError("counters: load a graph first");
  if (session.busy) throw UsageError("counters: wait for the running job (its kernels would be counted in the ranges)");
  // The range profiler counts every kernel of the device's context inside a range, the session's too: no
  // playback while a profile runs.
  m_state.playback.playing = false;
  counters::CounterRequest request;
  request.backend = session.config.backend;
  request.options.block = session.config.block;
  request.options.dtype = session.config.dtype;
  request.options.gpus = session.config.gpus;
  request.rounds = counters::RoundSelection::parse(rounds, "counters rounds");
  if (!m_job.start(session.loaded_graph, request)) {
    m_log.warning("counters: a profile is already running");
    return;
  }
  m_log.info("counters: profiling " + request.backend + " rounds " + request.rounds.to_string() +
             " (replays kernels: slow; the session's timings are untouched)");
}

void CountersControl::cancel() {
  m_job.cancel();
  m_log.info("counters: cancel requested (stops after the phase in progress)");
}

void CountersControl::update() {
  m_snapshot = m_job.snapshot();
  if (m_snapshot.running || m_snapshot.generation == m_logged) return;
  m_logged = m_snapshot.generation;
  if (!m_snapshot.error.empty()) m_log.error("counters: " + m_snapshot.error);
  if (m_snapshot.report)
    m_log.info("counters: " + std::to_string(m_snapshot.report->phases.size()) + " phase(s) of " +
               m_snapshot.report->backend + " profiled, " + std::to_string(m_snapshot.report->passes) + " passes each");
}

void CountersControl::export_csv(const std::string& path) const {
  if (!m_snapshot.report) throw UsageError("no profile with counters: nothing to export");
  const counters::CounterReport& r = *m_snapshot.report;
  apsp::RunContext run = collect_run_context(r.options.threads, /*on_gpu=*/true);  // as the CSV is written, after the profile
  run.phase2 = phase2_of(r.backend, r.options.phase2);
  const ExportContext context = ExportContextBuilder()
                                    .solve(r.backend, r.options, r.n)
                                    .graph(m_state.session.graph.source.text)
                                    .device(r.device_name)
                                    .run_context(std::move(run))
                                    .build();
  AtomicFile file(path);
  file.write(counters::counters_csv({r}, context));
  file.commit();
  m_log.wrote(path, "hardware counters, CSV");
}

}  // namespace apsp::studio
