#include "session/run_stats.h"

#include <apsp/io/atomic_file.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>
#include <numeric>

namespace apsp::studio {
namespace {

nlohmann::json to_json(const Summary& s) {
  return {{"count", s.count}, {"median_ms", s.median}, {"p95_ms", s.p95}, {"max_ms", s.max}, {"mean_ms", s.mean}};
}

nlohmann::json optional_ms(const std::optional<double>& v) { return v ? nlohmann::json(*v) : nlohmann::json(nullptr); }

/// min / median / max and the spread of repeated solve times, with the flag that says it may be noise.
nlohmann::json spread_json(const std::vector<double>& runs) {
  if (runs.empty()) return nullptr;
  const TimeSpread t = spread_of(runs);
  return {{"count", t.count},       {"min_ms", t.min_ms},         {"median_ms", t.median_ms},
          {"max_ms", t.max_ms},     {"spread_pct", t.spread_pct}, {"noisy", t.noisy()},
          {"noisy_above_pct", kNoisySpreadPct}};
}

}  // namespace

Summary summarize(std::vector<double> values) {
  Summary s;
  if (values.empty()) return s;
  std::sort(values.begin(), values.end());
  s.count = values.size();
  s.median =
      values.size() % 2 ? values[values.size() / 2] : 0.5 * (values[values.size() / 2 - 1] + values[values.size() / 2]);
  // Nearest rank: the smallest value with at least 95% of the values at or below it.
  std::size_t rank = static_cast<std::size_t>(std::ceil(0.95 * static_cast<double>(values.size())));
  s.p95 = values[std::clamp<std::size_t>(rank, 1, values.size()) - 1];
  s.max = values.back();
  s.mean = std::accumulate(values.begin(), values.end(), 0.0) / static_cast<double>(values.size());
  return s;
}

void write_stats_json(const std::string& path, const RunStats& r) {
  nlohmann::json j;
  j["context"] = context_json(r.context);
  j["heatmap_path"] = r.path;
  j["heatmap_path_reason"] = r.path_reason;
  j["backend"] = r.backend;
  j["block"] = r.block;
  j["dtype"] = r.dtype;
  j["n"] = r.n;
  j["rounds"] = r.rounds;
  j["device"] = r.device;
  j["platform"] = r.gl_renderer;
  j["view"] = {{"rows", r.view_rows}, {"cols", r.view_cols}};
  j["frame"] = to_json(summarize(r.frame_ms));
  j["frame_work"] = to_json(summarize(r.frame_work_ms));
  j["frames_rendered"] = r.frames_rendered;
  j["idle"] = {{"frames", r.idle_frames},
               {"seconds", r.idle_seconds},
               {"fps", r.idle_seconds > 0 ? static_cast<double>(r.idle_frames) / r.idle_seconds : 0.0}};
  nlohmann::json u = to_json(summarize(r.update_ms));
  u["gpu_reduce"] = to_json(summarize(r.update_gpu_reduce_ms));
  u["gpu_encode"] = to_json(summarize(r.update_gpu_encode_ms));
  u["map_unmap"] = to_json(summarize(r.update_map_unmap_ms));
  u["host_encode"] = to_json(summarize(r.update_host_encode_ms));
  u["upload"] = to_json(summarize(r.update_upload_ms));
  j["heatmap_update"] = u;
  nlohmann::json windows = nlohmann::json::array();
  for (const WindowFit& w : r.windows) {
    windows.push_back({{"name", w.name},
                       {"x", w.x},
                       {"y", w.y},
                       {"w", w.w},
                       {"h", w.h},
                       {"content_right", w.content_right},
                       {"content_bottom", w.content_bottom},
                       {"clipped", w.clipped},
                       {"font_px", w.font_px},
                       {"scrolls", w.scrolls}});
  }
  const LayoutType& t = r.layout_type;
  j["layout"] = {{"display", {{"w", r.display_w}, {"h", r.display_h}}},
                 {"windows", windows},
                 {"presentation", t.presentation},
                 {"ui_scale", t.ui_scale},
                 {"font_scale", t.font_scale},
                 {"text_px", t.text_px},
                 {"title_px", t.title_px},
                 {"cell_px", t.cell_px},
                 {"cell_number_px", t.cell_number_px},
                 {"numbers_drawn", t.cell_number_px > 0}};
  nlohmann::json solve;
  solve["first_run_ms"] = optional_ms(r.solve_first_ms);
  solve["view_on_ms"] = optional_ms(r.solve_view_on_ms);
  solve["view_off_ms"] = optional_ms(r.solve_view_off_ms);
  solve["view_on_runs_ms"] = r.solve_view_on_runs_ms;
  solve["view_off_runs_ms"] = r.solve_view_off_runs_ms;
  solve["on_off_ratio"] = r.solve_view_on_ms && r.solve_view_off_ms && *r.solve_view_off_ms > 0
                              ? nlohmann::json(*r.solve_view_on_ms / *r.solve_view_off_ms)
                              : nlohmann::json(nullptr);
  solve["view_on"] = spread_json(r.solve_view_on_runs_ms);
  solve["view_off"] = spread_json(r.solve_view_off_runs_ms);
  // A ratio of two medians is only as good as the noisier of them.
  solve["on_off_ratio_noisy"] = r.solve_view_on_runs_ms.empty() || r.solve_view_off_runs_ms.empty()
                                    ? nlohmann::json(nullptr)
                                    : nlohmann::json(spread_of(r.solve_view_on_runs_ms).noisy() ||
                                                     spread_of(r.solve_view_off_runs_ms).noisy());
  solve["last_run_to_end_ms"] = r.solve_last_run_to_end_ms > 0 ? nlohmann::json(r.solve_last_run_to_end_ms) : nullptr;
  // The same run as its samples time it: wall time against the device's span and bench's ms_* columns.
  if (r.solve_last_run_to_end_ms > 0) {
    const RunToEndTimes& t = r.solve_last_run;
    nlohmann::json last;
    last["wall_ms"] = r.solve_last_run_to_end_ms;
    last["rounds"] = t.rounds;
    last["device_span_ms"] = t.span_ms;
    // Wall over span shows only the time before the first phase and after the last; the gaps between phases
    // (the host not keeping the device fed) show in wall over busy.
    last["wall_over_device_span"] = t.span_ms > 0 ? nlohmann::json(r.solve_last_run_to_end_ms / t.span_ms) : nullptr;
    last["device_busy_ms"] = t.busy_ms;
    last["wall_over_device_busy"] = t.busy_ms > 0 ? nlohmann::json(r.solve_last_run_to_end_ms / t.busy_ms) : nullptr;
    last["ms_pivot"] = t.pivot_ms;
    last["ms_rowcol"] = t.rowcol_ms;
    last["ms_independent"] = t.independent_ms;
    last["ms_full"] = t.full_ms;
    solve["last_run"] = last;
  } else {
    solve["last_run"] = nullptr;
  }
  if (r.measure) {
    const MeasureRecord& m = *r.measure;
    nlohmann::json measure = spread_json(m.result.runs_ms);
    measure["median"] = m.result.spread.median_ms;  // the figure `apsp bench` prints as "time ms"
    measure["min"] = m.result.spread.min_ms;
    measure["max"] = m.result.spread.max_ms;
    measure["spread"] = m.result.spread.spread_pct;
    measure["runs_ms"] = m.result.runs_ms;
    measure["warmup"] = m.options.warmup;
    measure["repeat"] = m.options.repeat;
    measure["backend"] = m.config.backend;
    measure["block"] = m.config.block;
    measure["dtype"] = std::string(to_string(m.config.dtype));
    measure["gpus"] = m.config.gpus;
    measure["threads"] = m.threads;
    measure["n"] = m.n;
    measure["what"] = "apsp bench's timing loop (measure_solve): reset, then step(ToEnd) + synchronize, no view";
    solve["measure_ms"] = measure;
    // The interactive figure beside it: how much the studio's own run adds.
    if (r.solve_last_run_to_end_ms > 0 && m.result.spread.median_ms > 0)
      solve["interactive_over_measure"] = r.solve_last_run_to_end_ms / m.result.spread.median_ms;
  } else {
    solve["measure_ms"] = nullptr;
  }
  j["solve"] = solve;
  if (r.counters) {
    const CountersStats& c = *r.counters;
    j["counters"] = {{"status", c.status}, {"reason", c.reason}, {"rounds", c.rounds},
                     {"backend", c.backend}, {"phases", c.phases}, {"passes", c.passes}};
  } else {
    j["counters"] = nullptr;
  }
  j["quiz"] = r.quiz;
  if (r.sparse) {
    // The sparse run (rows_ms and batches are those of the last run of the real solver).
    const SparseSnapshot& sp = *r.sparse;
    nlohmann::json sparse;
    sparse["backend"] = sp.backend;
    sparse["sources"] = sp.sources_text;
    sparse["sources_count"] = sp.sources;
    sparse["rows_done"] = sp.rows_done;
    sparse["rows_by_solver"] = sp.solved_rows;
    sparse["rows_by_steps"] = sp.rows_done - sp.solved_rows;
    sparse["settles"] = sp.settles;
    sparse["reweighted"] = sp.reweighted;
    sparse["potentials_ms"] = sp.potentials_ms;
    sparse["total_ms"] = sp.rows_ms;
    nlohmann::json batches = nlohmann::json::array();
    for (const SparseBatchSample& b : sp.batches)
      batches.push_back({{"first_row", b.first_row},
                         {"rows", b.rows},
                         {"ms", b.ms},
                         {"rows_per_s", b.ms > 0 ? nlohmann::json(1e3 * static_cast<double>(b.rows) / b.ms)
                                                 : nlohmann::json(nullptr)}});
    sparse["batches"] = batches;
    j["sparse"] = sparse;
  } else {
    j["sparse"] = nullptr;
  }
  AtomicFile file(path);
  file.write(j.dump(2) + "\n");
  file.commit();
}

}  // namespace apsp::studio
