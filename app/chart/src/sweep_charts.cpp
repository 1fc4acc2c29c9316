#include "chart/sweep_charts.h"

#include <apsp/bench/ladder.h>

#include <apsp/core/errors.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <tuple>

#include "chart/ladder_chart.h"

namespace apsp::chart {

namespace {

using bench::SweepConfig;
using bench::SweepResult;

Series make_series(std::string label, std::uint32_t color) {
  Series s;
  s.label = std::move(label);
  s.color = color;
  return s;
}

std::string dtype_name(DType d) { return std::string(to_string(d)); }

std::string gpus_part(int gpus) { return gpus == 1 ? "" : " x" + std::to_string(gpus); }

/// Whether the results ran with more than one thread count (a threads sweep): only then do labels name it.
bool threads_vary(const bench::SweepReport& report) {
  std::set<int> counts;
  for (const SweepResult& r : report.results) counts.insert(r.config.threads);
  return counts.size() > 1;
}

/// " t=2" in a threads sweep, as describe() says it; nothing for one per core or a sweep of one thread count.
std::string threads_part(const bench::SweepReport& report, int threads) {
  return threads > 0 && threads_vary(report) ? " t=" + std::to_string(threads) : "";
}

/// Results that differ only in their block size, by (backend, GPUs, dtype, n, threads).
using BlockGroupKey = std::tuple<std::string, int, DType, int, int>;
std::map<BlockGroupKey, std::vector<const SweepResult*>> by_all_but_block(const std::vector<SweepResult>& results) {
  std::map<BlockGroupKey, std::vector<const SweepResult*>> groups;
  for (const SweepResult& r : results)
    if (!r.config.sparse())  // a sparse solver has no block size
      groups[{r.config.backend, r.config.gpus, r.config.dtype, r.config.n, r.config.threads}].push_back(&r);
  for (auto& [key, rs] : groups)
    std::stable_sort(rs.begin(), rs.end(),
                     [](const SweepResult* a, const SweepResult* b) { return a->config.block < b->config.block; });
  return groups;
}

std::string group_title(const bench::SweepReport& report, const SweepConfig& c) {
  return c.backend + gpus_part(c.gpus) + " " + dtype_name(c.dtype) + threads_part(report, c.threads) +
         ", n = " + std::to_string(c.n);
}

/// The compute phases a result has, as (phase, label): three for blocked variants, one "full pass" otherwise.
std::vector<std::pair<Phase, std::string>> compute_phases(const std::vector<const SweepResult*>& rs) {
  bool full = false;
  for (const SweepResult* r : rs) full = full || r->phase_ms(Phase::Full) > 0;
  if (full) return {{Phase::Full, "full pass"}};
  return {{Phase::Pivot, "phase 1 (pivot)"},
          {Phase::PivotRowCol, "phase 2 (row/col)"},
          {Phase::Independent, "phase 3 (independent)"}};
}

void block_charts(const bench::SweepReport& report, bool phases, std::vector<Chart>& out) {
  for (const auto& [key, rs] : by_all_but_block(report.results)) {
    if (rs.size() < 2) continue;
    Chart c;
    const SweepConfig& first = rs.front()->config;
    c.x_label = "block size B";
    for (const SweepResult* r : rs) c.categories.push_back(std::to_string(r->config.block));
    const auto phase_list = compute_phases(rs);
    if (phases) {
      c.type = ChartType::StackedBars;
      c.format = ValueFormat::Duration;
      c.title = "Time against block size, phases stacked: " + group_title(report, first);
      c.y_label =
          first.gpus > 1 ? "phase time per GPU (event time; overlapping phases add up)" : "phase time (event time)";
      for (std::size_t p = 0; p < phase_list.size(); ++p) {
        Series s = make_series(phase_list[p].second,
                               phase_list.size() == 1 ? series_color(0) : phase_color(static_cast<int>(p)));
        for (const SweepResult* r : rs) s.values.push_back(r->phase_ms(phase_list[p].first) / r->config.gpus);
        c.series.push_back(std::move(s));
      }
      Series wall = make_series("wall time (median)", 0xff202020);
      wall.overlay = true;
      for (const SweepResult* r : rs) {
        wall.values.push_back(r->time.median_ms);
        wall.point_labels.push_back(format_value(r->time.median_ms, ValueFormat::Duration) +
                                    (r->best ? (r->tied ? " tied" : " best") : "") +
                                    (r->time.noisy() ? " (noisy)" : ""));
      }
      c.series.push_back(std::move(wall));
    } else {
      c.type = ChartType::Lines;
      c.title = "GB/s per phase against block size: " + group_title(report, first);
      c.y_label = "GB/s (modeled bytes / event time)";
      for (std::size_t p = 0; p < phase_list.size(); ++p) {
        Series s = make_series(phase_list[p].second,
                               phase_list.size() == 1 ? series_color(0) : phase_color(static_cast<int>(p)));
        for (const SweepResult* r : rs) s.values.push_back(r->gb_per_s(phase_list[p].first));
        c.series.push_back(std::move(s));
      }
    }
    out.push_back(std::move(c));
  }
}

void time_vs_n_chart(const bench::SweepReport& report, std::vector<Chart>& out) {
  std::set<int> sizes;
  for (const SweepResult& r : report.results) sizes.insert(r.config.n);
  if (sizes.size() < 2) return;
  Chart c;
  c.type = ChartType::Lines;
  c.format = ValueFormat::Duration;
  c.log_y = true;
  c.title = "Time against n (median of the timed runs)";
  c.x_label = "n";
  c.y_label = "wall time (log scale)";
  const std::vector<int> ns(sizes.begin(), sizes.end());
  for (int n : ns) c.categories.push_back(std::to_string(n));
  // One series per configuration but n: its label is the configuration without n.
  std::map<std::string, std::size_t> series_of;
  for (const SweepResult& r : report.results) {
    const SweepConfig& k = r.config;
    SweepConfig shown = k;
    if (!threads_vary(report)) shown.threads = 0;  // describe() names threads; only a threads sweep's labels need to
    const std::string full = bench::describe(shown);
    // Without n (the axis) and, for a sparse solver, without the row count (all sources grows with n).
    const std::string label = full.substr(0, k.sparse() ? full.rfind(" S=") : full.rfind(" n="));
    const std::string& key = label;
    auto it = series_of.find(key);
    if (it == series_of.end()) {
      Series s = make_series(label, series_color(static_cast<int>(c.series.size())));
      s.values.assign(ns.size(), kMissing);
      c.series.push_back(std::move(s));
      it = series_of.emplace(key, c.series.size() - 1).first;
    }
    const auto pos = std::find(ns.begin(), ns.end(), r.config.n) - ns.begin();
    c.series[it->second].values[static_cast<std::size_t>(pos)] = r.time.median_ms;
  }
  out.push_back(std::move(c));
}

void gpu_scaling_chart(const bench::SweepReport& report, std::vector<Chart>& out) {
  // Groups that ran on one GPU and on more: (backend, B, dtype, n, threads) -> GPUs -> result.
  std::map<std::tuple<std::string, int, DType, int, int>, std::map<int, const SweepResult*>> groups;
  for (const SweepResult& r : report.results)
    groups[{r.config.backend, r.config.block, r.config.dtype, r.config.n, r.config.threads}][r.config.gpus] = &r;
  std::set<int> counts;
  for (auto it = groups.begin(); it != groups.end();) {
    if (it->second.size() < 2 || !it->second.count(1)) {
      it = groups.erase(it);
      continue;
    }
    for (const auto& [g, r] : it->second) counts.insert(g);
    ++it;
  }
  if (groups.empty()) return;
  Chart c;
  c.type = ChartType::Lines;
  c.title = "Speed-up against GPU count (labels: parallel efficiency)";
  c.x_label = "GPUs";
  c.y_label = "speed-up t(1) / t(g)";
  const std::vector<int> gs(counts.begin(), counts.end());
  for (int g : gs) c.categories.push_back(std::to_string(g));
  Series ideal = make_series("ideal", 0xff909090);
  ideal.dashed = true;
  for (int g : gs) ideal.values.push_back(g);
  c.series.push_back(std::move(ideal));
  for (const auto& [key, by_gpus] : groups) {
    const SweepConfig& k = by_gpus.at(1)->config;
    Series s = make_series(k.backend + " B=" + std::to_string(k.block) + " " + dtype_name(k.dtype) +
                               threads_part(report, k.threads) + " n=" + std::to_string(k.n),
                           series_color(static_cast<int>(c.series.size()) - 1));
    const double t1 = by_gpus.at(1)->time.median_ms;
    for (int g : gs) {
      const auto it = by_gpus.find(g);
      if (it == by_gpus.end() || it->second->time.median_ms <= 0) {
        s.values.push_back(kMissing);
        s.point_labels.emplace_back();
        continue;
      }
      const double speedup = t1 / it->second->time.median_ms;
      s.values.push_back(speedup);
      char label[32];
      std::snprintf(label, sizeof label, "%.1f %%", 100 * speedup / g);
      s.point_labels.emplace_back(g == 1 ? "" : label);
    }
    // The legend carries the efficiency at the most GPUs too: with many series the point labels overlap.
    const int most = by_gpus.rbegin()->first;
    char tail[48];
    std::snprintf(tail, sizeof tail, " (%d GPUs: %.1f %%)", most,
                  100 * t1 / (most * by_gpus.rbegin()->second->time.median_ms));
    s.label += tail;
    c.series.push_back(std::move(s));
  }
  if (c.series.size() > 4)  // ideal + more than three lines: the labels would sit on each other
    for (Series& s : c.series) s.point_labels.clear();
  out.push_back(std::move(c));
}

/// The knobs besides threads per block: "K 4" or "batch auto, chunk 128".
std::string knob_text(const SweepConfig& c) {
  if (c.chunk > 0) return "batch " + (c.batch > 0 ? std::to_string(c.batch) : std::string("auto")) + ", chunk " + std::to_string(c.chunk);
  return "K " + std::to_string(c.concurrent);
}

/// The report's study: per (sparse backend, n, sources) with two or more launch-knob settings, the
/// time against threads per block, one line per number of concurrent sources, the best setting labelled.
void knob_charts(const bench::SweepReport& report, std::vector<Chart>& out) {
  std::map<std::tuple<std::string, int, std::int64_t>, std::vector<const SweepResult*>> groups;
  for (const SweepResult& r : report.results)
    if (r.config.sparse() && r.config.threads_per_block > 0)
      groups[{r.config.backend, r.config.n, r.config.sources}].push_back(&r);
  for (const auto& [key, rs] : groups) {
    if (rs.size() < 2) continue;
    std::set<int> tpbs;
    const SweepResult* best = rs.front();
    const SweepResult* worst = rs.front();
    for (const SweepResult* r : rs) {
      tpbs.insert(r->config.threads_per_block);
      if (r->time.median_ms < best->time.median_ms) best = r;
      if (r->time.median_ms > worst->time.median_ms) worst = r;
    }
    Chart c;
    c.type = ChartType::Lines;
    c.format = ValueFormat::Duration;
    char title[256];
    std::snprintf(title, sizeof title,
                  "%s, n = %d, %lld sources: best tpb %d, %s (%.1f %% faster than the worst)",
                  std::get<0>(key).c_str(), std::get<1>(key), static_cast<long long>(std::get<2>(key)),
                  best->config.threads_per_block, knob_text(best->config).c_str(),
                  100.0 * (worst->time.median_ms - best->time.median_ms) / worst->time.median_ms);
    c.title = title;
    c.x_label = "threads per block";
    c.y_label = "wall time (median)";
    const std::vector<int> xs(tpbs.begin(), tpbs.end());
    for (int x : xs) c.categories.push_back(std::to_string(x));
    // One line per setting of the other knobs: concurrent sources (cuda-dijkstra) or batch x chunk (batched).
    std::set<std::tuple<int, int, int>> others;
    for (const SweepResult* r : rs) others.insert({r->config.concurrent, r->config.batch, r->config.chunk});
    for (const auto& [k, batch, chunk] : others) {
      std::string label = std::to_string(k) + " concurrent";
      if (chunk > 0) label = "batch " + (batch > 0 ? std::to_string(batch) : std::string("auto")) + ", chunk " + std::to_string(chunk);
      Series s = make_series(label, series_color(static_cast<int>(c.series.size())));
      s.values.assign(xs.size(), kMissing);
      s.point_labels.assign(xs.size(), "");
      for (const SweepResult* r : rs) {
        if (r->config.concurrent != k || r->config.batch != batch || r->config.chunk != chunk) continue;
        const auto pos = static_cast<std::size_t>(std::find(xs.begin(), xs.end(), r->config.threads_per_block) - xs.begin());
        s.values[pos] = r->time.median_ms;
        if (r == best) s.point_labels[pos] = "best";
      }
      c.series.push_back(std::move(s));
    }
    out.push_back(std::move(c));
  }
}

}  // namespace

std::vector<SweepChartKind> parse_chart_kinds(const std::string& text) {
  std::vector<SweepChartKind> kinds;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t comma = text.find(',', start);
    const std::string item = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
    if (item == "block")
      kinds.push_back(SweepChartKind::BlockPhases);
    else if (item == "n")
      kinds.push_back(SweepChartKind::TimeVsN);
    else if (item == "gpus")
      kinds.push_back(SweepChartKind::GpuScaling);
    else if (item == "gbps")
      kinds.push_back(SweepChartKind::GbpsVsBlock);
    else if (item == "knobs")
      kinds.push_back(SweepChartKind::SparseKnobs);
    else if (item == "ladder")
      kinds.push_back(SweepChartKind::Ladder);
    else if (!item.empty())
      throw UsageError("--chart-kind: '" + item + "' is not a chart (block, n, gpus, gbps, knobs, ladder)");
    if (comma == std::string::npos) break;
    start = comma + 1;
  }
  return kinds;
}

std::vector<Chart> sweep_charts(const bench::SweepReport& report, const std::vector<SweepChartKind>& kinds) {
  const std::vector<SweepChartKind> all = {SweepChartKind::BlockPhases, SweepChartKind::TimeVsN,
                                           SweepChartKind::GpuScaling, SweepChartKind::GbpsVsBlock,
                                           SweepChartKind::SparseKnobs, SweepChartKind::Ladder};
  std::vector<Chart> charts;
  for (SweepChartKind k : kinds.empty() ? all : kinds) {
    switch (k) {
      case SweepChartKind::BlockPhases:
        block_charts(report, true, charts);
        break;
      case SweepChartKind::TimeVsN:
        time_vs_n_chart(report, charts);
        break;
      case SweepChartKind::GpuScaling:
        gpu_scaling_chart(report, charts);
        break;
      case SweepChartKind::GbpsVsBlock:
        block_charts(report, false, charts);
        break;
      case SweepChartKind::SparseKnobs:
        knob_charts(report, charts);
        break;
      case SweepChartKind::Ladder:
        if (bench::is_ladder_report(report)) {
          for (Chart& c : ladder_charts(bench::ladder_rows(report))) charts.push_back(std::move(c));
        }
        break;
    }
  }
  return charts;
}

}  // namespace apsp::chart
