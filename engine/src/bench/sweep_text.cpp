#include <apsp/bench/sweep_text.h>
#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/graph/sources.h>
#include <apsp/history/run_facts.h>
#include <apsp/report/export_context.h>
#include <apsp/solve/ladder.h>

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
                       "threads, graph, sources, tpb, concurrent, batch, chunk)");
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
      spec.threads = parse_int(key, value, 0, limits::max_threads());
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
                       "threads, graph, sources, tpb, concurrent, batch, chunk)");
    }
  }
  return spec;
}

std::string sweep_results_csv(const SweepReport& report, const std::vector<std::string>& run_ids) {
  std::string dtypes;
  for (DType d : report.spec.dtypes) {
    if (!dtypes.empty()) dtypes += ',';
    dtypes += to_string(d);
  }
  // One context for the whole sweep: what varies by row (backend, block, n, GPUs, run id) is in the rows.
  RunContext run = report.context;
  if (!run.collected) run = collect_run_context(report.spec.threads);  // a report made by hand (tests)
  for (const SweepResult& r : report.results) {
    if (run.phase2.empty()) run.phase2 = phase2_of(r.config.backend, report.spec.phase2);
    if (r.config.sparse()) run.sources = report.spec.sources;
  }
  const ExportContext context = ExportContextBuilder()
                                    .many_runs()
                                    .dtype(dtypes)
                                    .threads(report.spec.threads)
                                    .run_context(std::move(run))
                                    .graph(report.spec.graph)
                                    .device(report.device.empty() ? std::string("none") : report.device)
                                    .extra("cpu", cpu_model())
                                    .extra("warmup", std::to_string(report.spec.warmup))
                                    .extra("repeat", std::to_string(report.spec.repeat))
                                    .build();
  std::string text = csv_context_comments(context);
  text +=
      "backend,gpus,n,block,dtype,median_ms,min_ms,updates_per_s,peak_pct,gbps_pivot,gbps_rowcol,gbps_independent,"
      "gbps_full,phase12_share,non_p3_share,upload_ms,ratio_to_first,parallel_efficiency,max_ms,spread_pct,best,"
      "noisy,ms_pivot,ms_rowcol,ms_independent,ms_full,repeats,warmup,sources,threads_per_block,concurrent,batch,chunk,run_id\n";
  for (const SweepResult& r : report.results) {
    const SweepConfig& c = r.config;
    char line[768];
    std::snprintf(line, sizeof line,
                  "%s,%d,%d,%d,%s,%.4f,%.4f,%.3f,%.2f,%.3f,%.3f,%.3f,%.3f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%.2f,%d,%d,"
                  "%.4f,%.4f,%.4f,%.4f,%d,%d,",
                  c.backend.c_str(), c.gpus, c.n, c.block, std::string(to_string(c.dtype)).c_str(), r.time.median_ms,
                  r.time.min_ms, r.updates_per_s, r.peak_pct, r.gb_per_s(Phase::Pivot), r.gb_per_s(Phase::PivotRowCol),
                  r.gb_per_s(Phase::Independent), r.gb_per_s(Phase::Full), r.phase12_share, r.non_p3_share,
                  r.phase_ms(Phase::Upload), r.ratio, r.efficiency, r.time.max_ms, r.time.spread_pct, r.best ? 1 : 0,
                  r.time.noisy() ? 1 : 0, r.phase_ms(Phase::Pivot), r.phase_ms(Phase::PivotRowCol),
                  r.phase_ms(Phase::Independent), r.phase_ms(Phase::Full), report.spec.repeat, report.spec.warmup);
    text += line;
    const std::size_t i = static_cast<std::size_t>(&r - report.results.data());
    // Sparse solvers: the rows solved (a dense variant: all n) and the launch knobs (0: none).
    text += std::to_string(c.sparse() ? c.sources : c.n) + "," + std::to_string(c.threads_per_block) + "," +
            std::to_string(c.concurrent) + "," + std::to_string(c.batch) + "," + std::to_string(c.chunk) + ",";
    text += (i < run_ids.size() ? run_ids[i] : std::string("-")) + "\n";
  }
  return text;
}

}  // namespace apsp::bench
