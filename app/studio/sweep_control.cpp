#include "sweep_control.h"

#include <apsp/bench/ladder.h>
#include <apsp/bench/sweep_records.h>
#include <apsp/bench/sweep_text.h>
#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/history/runs_file.h>
#include <apsp/io/atomic_file.h>
#include <chart/sweep_charts.h>

#include <cstdio>
#include <exception>
#include <utility>
#include <vector>

namespace apsp::studio {

SweepControl::SweepControl(Log& log, AppState& state, std::function<void()> wake)
    : m_log(log), m_state(state), m_job(std::move(wake)) {}

void SweepControl::start(const bench::SweepSpec& spec) {
  if (m_job.start(spec))
    m_log.info("sweep started: " + std::to_string(spec.backends.size()) + " backend(s) x " +
               std::to_string(spec.blocks.size()) + " block size(s) x " + std::to_string(spec.gpus.size()) +
               " GPU count(s) x " + std::to_string(spec.dtypes.size()) + " dtype(s) x " +
               std::to_string(spec.sizes.size()) + " n");
  else
    m_log.warning("a sweep is already running");
}

void SweepControl::cancel() {
  m_job.cancel();
  m_log.info("sweep: cancel requested (stops after the solve in progress)");
}

void SweepControl::update() {
  m_snapshot = m_job.snapshot();
  if (!m_snapshot.report || m_snapshot.generation == m_logged) {
    if (!m_snapshot.error.empty() && m_snapshot.generation != m_logged) {
      m_log.error("sweep: " + m_snapshot.error);
      m_logged = m_snapshot.generation;
    }
    return;
  }
  // The sweep ended: its outcome in the log, one line per n with the best configuration and its spread (per tied
  // configuration where there is a tie).
  m_logged = m_snapshot.generation;
  const bench::SweepReport& r = *m_snapshot.report;
  record_runs(r);
  m_log.info("sweep " + std::string(r.cancelled ? "cancelled" : "finished") + ": " + std::to_string(r.results.size()) +
             " measured, " + std::to_string(r.skipped.size()) + " skipped");
  for (const bench::SweepResult& x : r.results) {
    if (!x.best) continue;
    char spread[48];
    std::snprintf(spread, sizeof spread, " (spread %.1f %%%s)", x.time.spread_pct, x.time.noisy() ? ", noisy" : "");
    // Tied: its min..max overlaps the lowest median's (bench::mark_best), so the runs cannot tell them apart.
    m_log.info(std::string(x.tied ? "sweep tied for best" : "sweep best") + " at n = " + std::to_string(x.config.n) +
               ": " + bench::describe(x.config) + ", median " + format_duration_ms(x.time.median_ms) + spread);
  }
}

void SweepControl::record_runs(const bench::SweepReport& report) {
  m_run_ids.clear();
  RunHistoryState& history = m_state.history;
  std::vector<RunRecord> records;
  try {
    records = bench::sweep_run_records(report, "sweep");
  } catch (const std::exception& e) {  // the sweep's results stay; only their history records are missing
    m_log.warning(std::string("sweep: not recorded in the run history: ") + e.what());
    return;
  }
  for (RunRecord& record : records) {
    std::string id = "-";
    if (history.enabled) {
      if (const std::string warning = try_append_run(record, true); !warning.empty())
        m_log.warning(warning);
      else
        id = record.id;
    }
    m_run_ids.push_back(id);
    history.runs.push_back(std::move(record));
  }
}

void SweepControl::export_files(const CmdExportSweep& files) {
  if (!m_snapshot.report) throw UsageError("no sweep has ended yet: nothing to export");
  export_files(*m_snapshot.report, files);
}

void SweepControl::export_files(const bench::SweepReport& report, const CmdExportSweep& files) {
  if (!files.results_csv.empty()) {
    AtomicFile file(files.results_csv);
    // A ladder gets the layout of `apsp bench --ladder --csv` (one writer), any other sweep apsp bench --csv's.
    // The ids recorded at the sweep's end (update()); a report that did not end here has none.
    const bool recorded = m_run_ids.size() == report.results.size();
    const std::vector<std::string> ids = recorded ? m_run_ids : std::vector<std::string>{};
    file.write(bench::is_ladder_report(report) ? bench::ladder_csv(report, bench::ladder_rows(report), ids)
                                               : bench::sweep_results_csv(report, ids));
    file.commit();
    m_state.last_written = files.results_csv;
    m_log.wrote(files.results_csv, "the sweep's results, CSV");
  }
  if (files.chart_png.empty() && files.chart_csv.empty()) return;
  std::vector<chart::Chart> charts = chart::sweep_charts(report);
  if (files.chart >= 0 && files.chart < static_cast<int>(charts.size()))
    charts = {charts[static_cast<std::size_t>(files.chart)]};
  if (charts.empty()) throw UsageError("no chart applies: each needs two or more block sizes, sizes n or GPU counts");
  if (!files.chart_png.empty()) {
    chart::write_charts_png(files.chart_png, charts);
    m_state.last_written = files.chart_png;
    m_log.wrote(files.chart_png, std::to_string(charts.size()) + " sweep chart(s)");
  }
  if (!files.chart_csv.empty()) {
    chart::write_charts_csv(files.chart_csv, charts, csv_context_comments(bench::sweep_export_context(report)));
    m_state.last_written = files.chart_csv;
    m_log.wrote(files.chart_csv, "the sweep charts' data, CSV");
  }
}

}  // namespace apsp::studio
