#include <apsp/bench/sweep_text.h>
#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/graph/sources.h>
#include <apsp/history/run_facts.h>
#include <apsp/report/export_context.h>
#include <apsp/solve/ladder.h>

#include "csv_line.h"

#include <charconv>
#include <cstdio>

namespace apsp::bench {

namespace {

std::vector<std::string> split(const std::string& text, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t at = text.find(sep, start);
    out.push_back(text.substr(start, at == std::string::npos ? std::string::npos : at - start));
    if (at == std::string::npos) break;
    start = at + 1;
  }
  return out;
}

int parse_int(const std::string& key, const std::string& item, int lo, int hi) {
  int v = 0;
  const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
  if (item.empty() || ec != std::errc() || ptr != item.data() + item.size() || v < lo || v > hi)
    throw UsageError("--sweep: " + key + ": '" + item + "' is not an integer in [" + std::to_string(lo) + ", " +
                     std::to_string(hi) + "]");
  return v;
}

std::vector<int> parse_ints(const std::string& key, const std::string& value, int lo, int hi) {
  std::vector<int> out;
  for (const std::string& item : split(value, ',')) out.push_back(parse_int(key, item, lo, hi));
  return out;
}

/// A min time in seconds: a finite number in [0, limits::kMaxMinTimeS].
double parse_seconds(const std::string& key, const std::string& item) {
  double v = 0;
  const auto [ptr, ec] = std::from_chars(item.data(), item.data() + item.size(), v);
  if (item.empty() || ec != std::errc() || ptr != item.data() + item.size() || !(v >= 0 && v <= limits::kMaxMinTimeS))
    throw UsageError("--sweep: " + key + ": '" + item + "' is not a number of seconds in [0, " +
                     std::to_string(static_cast<int>(limits::kMaxMinTimeS)) + "]");
  return v;
}

}  // namespace

SweepSpec parse_sweep_spec(const std::string& text) {
  SweepSpec spec;
  for (const std::string& pair : split(text, ';')) {
    if (pair.empty()) continue;
    const std::size_t eq = pair.find('=');
    const std::string key = pair.substr(0, eq);
    if (eq == std::string::npos || eq + 1 == pair.size())
      throw UsageError("--sweep: '" + pair +
                       "' is not key=value (keys: backend, block, gpus, dtype, n, repeat, warmup, "
                       "min_time, threads, graph, sources, tpb, concurrent, batch, chunk)");
    const std::string value = pair.substr(eq + 1);
    if (key == "backend") {
      spec.backends.clear();
      for (const std::string& item : split(value, ',')) {
        if (item.empty()) throw UsageError("--sweep: backend: empty item in '" + value + "'");
        spec.backends.push_back(item);
      }
    } else if (key == "block") {
      spec.blocks = parse_ints(key, value, limits::kMinBlock, limits::kMaxBlock);
    } else if (key == "gpus") {
      spec.gpus = parse_ints(key, value, 1, limits::kMaxGpus);
    } else if (key == "n") {
      spec.sizes = parse_ints(key, value, 1, limits::kMaxVertices);
    } else if (key == "dtype") {
      spec.dtypes.clear();
      for (const std::string& item : split(value, ',')) {
        if (item != "i32" && item != "i16") throw UsageError("--sweep: dtype: '" + item + "' is not i32 or i16");
        spec.dtypes.push_back(parse_dtype(item));
      }
    } else if (key == "repeat") {
      spec.repeat = parse_int(key, value, 1, limits::kMaxRepeat);
    } else if (key == "warmup") {
      spec.warmup = parse_int(key, value, 0, limits::kMaxWarmup);
    } else if (key == "threads") {
      spec.threads = parse_ints(key, value, 0, limits::max_threads());
    } else if (key == "min_time") {
      spec.min_time_s = parse_seconds(key, value);
    } else if (key == "graph") {
      spec.graph = value;
    } else if (key == "sources") {
      SourceSpec::parse(value);  // one line naming --sources when malformed
      spec.sources = value;
    } else if (key == "tpb") {
      spec.threads_per_block = parse_ints(key, value, limits::kMinThreadsPerBlock, limits::kMaxThreadsPerBlock);
    } else if (key == "concurrent") {
      spec.concurrent = parse_ints(key, value, 1, limits::kMaxConcurrent);
    } else if (key == "batch") {
      spec.batch = parse_ints(key, value, 0, limits::kMaxBatch);
    } else if (key == "chunk") {
      spec.chunk = parse_ints(key, value, 32, 128);
      for (int c : spec.chunk)
        if (c != 32 && c != 64 && c != 128) throw UsageError("--sweep: chunk: " + std::to_string(c) + " is not 32, 64 or 128");
    } else {
      throw UsageError("--sweep: unknown key '" + key +
                       "' (keys: backend, block, gpus, dtype, n, repeat, warmup, "
                       "min_time, threads, graph, sources, tpb, concurrent, batch, chunk)");
    }
  }
  return spec;
}

ExportContext sweep_export_context(const SweepReport& report) {
  std::string dtypes;
  for (DType d : report.spec.dtypes) {
    if (!dtypes.empty()) dtypes += ',';
    dtypes += to_string(d);
  }
  // One context for the whole sweep: what varies by row (backend, block, n, GPUs, run id) is in the rows.
  RunContext run = report.context;
  if (!run.collected) run = collect_run_context(report.spec.threads.front());  // a report made by hand (tests)
  for (const SweepResult& r : report.results) {
    if (run.phase2.empty()) run.phase2 = phase2_of(r.config.backend, report.spec.phase2);
    if (r.config.sparse()) run.sources = report.spec.sources;
  }
  ExportContextBuilder context;
  context.many_runs()
      .dtype(dtypes)
      .threads(report.spec.threads.front())
      .run_context(std::move(run))
      .graph(report.spec.graph)
      .device(report.device.empty() ? std::string("none") : report.device)
      .extra("cpu", cpu_model())
      .extra("warmup", std::to_string(report.spec.warmup))
      .extra("repeat", std::to_string(report.spec.repeat));
  // A threads sweep: each row says its threads; the context names the first above and here the list.
  if (report.spec.threads.size() > 1) {
    std::string swept;
    for (int t : report.spec.threads) {
      if (!swept.empty()) swept += ',';
      swept += std::to_string(t);
    }
    context.extra("threads_swept", swept);
  }
  if (report.spec.min_time_s > 0) {
    char seconds[32];
    std::snprintf(seconds, sizeof seconds, "%g", report.spec.min_time_s);
    context.extra("min_time_s", seconds);
  }
  return context.build();
}

namespace {

/// The phases the CSV names, with their column stem ("upload_ms" and "ms_pivot" are the old names).
struct CsvPhase {
  Phase phase;
  const char* stem;
};
constexpr CsvPhase kCsvPhases[] = {{Phase::Upload, "upload"},
                                   {Phase::Pivot, "pivot"},
                                   {Phase::PivotRowCol, "rowcol"},
                                   {Phase::Independent, "independent"},
                                   {Phase::Full, "full"}};

const PhaseFigures* find_phase(const SweepResult& r, Phase phase) {
  for (const PhaseFigures& p : r.phases)
    if (p.phase == phase) return &p;
  return nullptr;
}

bool has_compute_phase(const SweepResult& r) {
  for (const PhaseFigures& p : r.phases)
    if (is_compute(p.phase)) return true;
  return false;
}

}  // namespace

std::string sweep_results_csv(const SweepReport& report, const std::vector<std::string>& run_ids) {
  std::string text = csv_context_comments(sweep_export_context(report));
  text +=
      "backend,gpus,n,block,dtype,median_ms,min_ms,updates_per_s,peak_pct,gbps_pivot,gbps_rowcol,gbps_independent,"
      "gbps_full,phase12_share,non_p3_share,upload_ms,ratio_to_first,parallel_efficiency,max_ms,spread_pct,best,"
      "noisy,ms_pivot,ms_rowcol,ms_independent,ms_full,repeats,warmup,sources,threads_per_block,concurrent,batch,chunk,"
      "edges_per_s,sources_per_s,threads,threads_resolved,run_id";
  for (const CsvPhase& p : kCsvPhases) text += std::string(",ms_") + p.stem + "_min,ms_" + p.stem + "_max";
  text += ",repeat,run_wall_ms";
  for (const CsvPhase& p : kCsvPhases) text += std::string(",run_ms_") + p.stem;
  text += '\n';
  for (std::size_t i = 0; i < report.results.size(); ++i) {
    const SweepResult& r = report.results[i];
    const SweepConfig& c = r.config;
    const bool phased = has_compute_phase(r) && !c.sparse();  // a sparse solver has no phases 1-3 to share
    // The configuration's aggregates, the same on each of its rows (one row per timed run, long form).
    CsvLine aggregates;
    aggregates.text(c.backend).integer(c.gpus).integer(c.n).integer_if(!c.sparse(), c.block);
    aggregates.text(std::string(to_string(c.dtype)));
    aggregates.number(r.time.median_ms, 4).number(r.time.min_ms, 4).number_if(!c.sparse(), r.updates_per_s, 3);
    aggregates.number_if(r.peak_pct >= 0, r.peak_pct, 2);
    for (Phase ph : {Phase::Pivot, Phase::PivotRowCol, Phase::Independent, Phase::Full}) {
      const PhaseFigures* f = find_phase(r, ph);
      aggregates.number_if(f != nullptr && f->bytes > 0, r.gb_per_s(ph), 3);  // no modeled bytes: no GB/s
    }
    aggregates.number_if(phased, r.phase12_share, 4).number_if(phased, r.non_p3_share, 4);
    aggregates.number_if(find_phase(r, Phase::Upload) != nullptr, r.phase_ms(Phase::Upload), 4);
    aggregates.number(r.ratio, 4).number_if(r.efficiency >= 0, r.efficiency, 4);
    aggregates.number(r.time.max_ms, 4).number(r.time.spread_pct, 2);
    aggregates.text(best_cell(r)).integer(r.time.noisy() ? 1 : 0);
    for (Phase ph : {Phase::Pivot, Phase::PivotRowCol, Phase::Independent, Phase::Full})
      aggregates.number_if(find_phase(r, ph) != nullptr, r.phase_ms(ph), 4);
    aggregates.integer(static_cast<long long>(r.time.samples_ms.size())).integer(report.spec.warmup);  // runs done
    // Sparse solvers: the rows solved (a dense variant: all n) and the launch knobs (empty: not this solver's).
    aggregates.integer(c.sparse() ? c.sources : c.n).integer_if(c.threads_per_block > 0, c.threads_per_block);
    aggregates.integer_if(c.concurrent > 0, c.concurrent);
    aggregates.integer_if(c.chunk > 0, c.batch).integer_if(c.chunk > 0, c.chunk);  // batch 0 with a chunk: automatic
    // A rate that does not apply to the row's kind of solver is an empty cell, never a number to average.
    aggregates.number_if(c.sparse(), r.edges_per_s, 3).number_if(c.sparse(), r.sources_per_s, 3);
    aggregates.integer(c.threads).integer(resolved_threads(c.threads));  // asked (0: one per core), ran with
    aggregates.text(i < run_ids.size() && run_ids[i] != "-" ? run_ids[i] : std::string());
    for (const CsvPhase& p : kCsvPhases) {
      const PhaseFigures* f = find_phase(r, p.phase);
      const TimeSpread s =
          f ? spread_of(f->samples_ms.empty() ? std::vector<double>{f->ms} : f->samples_ms) : TimeSpread{};
      aggregates.number_if(f != nullptr, s.min_ms, 4).number_if(f != nullptr, s.max_ms, 4);
    }
    for (std::size_t run = 0; run < r.time.samples_ms.size(); ++run) {
      CsvLine line = aggregates;
      line.integer(static_cast<long long>(run + 1)).number(r.time.samples_ms[run], 4);
      for (const CsvPhase& p : kCsvPhases) {
        const PhaseFigures* f = find_phase(r, p.phase);
        const bool ran = f != nullptr && run < f->samples_ms.size();
        line.number_if(ran, ran ? f->samples_ms[run] : 0, 4);
      }
      text += line.cells() + "\n";
    }
  }
  return text;
}

}  // namespace apsp::bench
