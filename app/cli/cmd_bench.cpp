// apsp bench: variants side by side in one process on the same graphs, with warm-up and repeats.
// Prints updates/s (n^3 / median time), % of the device's min-plus peak, GB/s per phase, the share of
// phases 1+2, the ratio to the first variant and, for multi-GPU rows, the parallel efficiency against the
// one-GPU row of the same variant and n; --csv writes the same rows. A variant may carry its own
// block size ("cuda-tuned:128"), so variants compare at their best settings in one run.
#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/graph/generators.h>
#include <apsp/io/atomic_file.h>
#include <apsp/solve/device_info.h>
#include <apsp/solve/registry.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <cstdio>
#include <memory>

#include <apsp/core/version.h>
#include <apsp/history/run_facts.h>
#include <apsp/io/export_context.h>

#include "bench_history.h"
#include "bench_scaling.h"
#include "cli_common.h"
#include "commands.h"

namespace apsp::cli {

namespace {
struct BenchArgs {
  std::string backends = "cpu-naive,cpu-blocked";
  std::string sizes = "1024";
  int block = 64;
  std::string dtype = "i32";
  int repeat = 3;
  int warmup = 1;
  int threads = 0;
  std::string gpus = "1";
  std::string graph = "er:p=0.05,seed=1,w=1:100";
  std::string csv;
  bool no_history = false;
};

struct Row {
  std::string backend;
  int block = 0;
  int gpus = 1;
  int n = 0;
  double median_ms = 0;
  double min_ms = 0;
  double updates_per_s = 0;
  double peak_pct = -1;
  double gbps[4] = {0, 0, 0, 0};  // pivot, rowcol, independent, full
  double phase12_share = 0;  // phases 1+2 event time / all compute event time
  double non_p3_share = 0;   // wall time not covered by the busiest device's phase-3 events: what phases 1+2
                             // (and, with several GPUs, communication) really add despite the overlap
  double upload_ms = 0;
  double ratio = 1;
  double efficiency = -1;  // t(1 GPU) / (gpus * t): multi-GPU variants with a one-GPU row in this run
  RunRecord record;        // for the run history (bench_history.h)
};

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t m = v.size() / 2;
  return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

/// "name" or "name:block".
std::pair<std::string, int> parse_variant(const std::string& item, int default_block) {
  const std::size_t colon = item.find(':');
  if (colon == std::string::npos) return {item, default_block};
  const std::string block = item.substr(colon + 1);
  return {item.substr(0, colon), parse_int_list(block, "--backend " + item, limits::kMinBlock, limits::kMaxBlock).front()};
}

Row measure(const std::string& backend, int block, int gpus, const DistanceMatrix& initial, const BenchArgs& a,
            DType dtype, const std::string& graph) {
  SolverOptions opts;
  opts.block = block;
  opts.dtype = dtype;
  opts.threads = a.threads;
  opts.gpus = gpus;
  auto solver = create_solver(backend, opts);
  std::vector<double> times;
  for (int rep = 0; rep < a.warmup + a.repeat; ++rep) {
    solver->reset(initial);
    solver->synchronize();  // the upload is not part of the solve time
    const auto t0 = std::chrono::steady_clock::now();
    solver->step(Granularity::ToEnd);
    solver->synchronize();
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (rep >= a.warmup) times.push_back(ms);
  }
  solver->collect_timings(true);
  Row row;
  row.backend = backend;
  row.block = block;
  row.gpus = gpus;
  row.n = initial.n();
  row.median_ms = median(times);
  row.min_ms = *std::min_element(times.begin(), times.end());
  const double n = initial.n();
  row.updates_per_s = n * n * n / (row.median_ms * 1e-3);
  if (backend_info(backend).gpu) {
    const auto devices = cuda_devices(false);
    if (!devices.empty()) {
      const double peak = (dtype == DType::I16 ? devices[0].minplus_peak_i16 : devices[0].minplus_peak_i32) * gpus;
      if (peak > 0) row.peak_pct = 100.0 * row.updates_per_s / peak;
    }
  }
  double compute_ms = 0, ms12 = 0, ms3 = 0;
  for (const PhaseTotals& t : solver->profile().totals()) {
    const double gbps = t.ms > 0 ? static_cast<double>(t.bytes) / (t.ms * 1e6) : 0;
    switch (t.phase) {
      case Phase::Pivot: row.gbps[0] = gbps; ms12 += t.ms; break;
      case Phase::PivotRowCol: row.gbps[1] = gbps; ms12 += t.ms; break;
      case Phase::Independent: row.gbps[2] = gbps; break;
      case Phase::Full: row.gbps[3] = gbps; break;
      case Phase::Upload: row.upload_ms = t.ms; break;
      default: break;
    }
    if (is_compute(t.phase)) compute_ms += t.ms;
  }
  row.phase12_share = compute_ms > 0 ? ms12 / compute_ms : 0;
  // Phase-3 time of the busiest device (GPUs of a multi-GPU run work side by side, so their times must not be
  // added). reset() clears the profile, so it holds the last run: compare with that run's wall time.
  std::map<int, double> ms3_by_device;
  for (const PhaseSample& x : solver->profile().samples())
    if (x.phase == Phase::Independent) ms3_by_device[x.device] += x.ms;
  for (const auto& [device, ms] : ms3_by_device) ms3 = std::max(ms3, ms);
  row.non_p3_share = ms3 > 0 ? std::max(0.0, 1.0 - ms3 / times.back()) : row.phase12_share;
  const BenchRun run{backend, backend_info(backend).gpu, block, gpus, std::string(to_string(dtype)), a.threads,
                     initial.n(), graph, times};
  row.record = bench_run_record(run, solver->profile());
  return row;
}

std::string gbps_cell(const Row& r) {
  char buf[96];
  if (r.gbps[3] > 0)
    std::snprintf(buf, sizeof buf, "full %.1f", r.gbps[3]);
  else
    std::snprintf(buf, sizeof buf, "%.1f / %.1f / %.1f", r.gbps[0], r.gbps[1], r.gbps[2]);
  return buf;
}
}  // namespace

Action add_bench(CLI::App& app) {
  auto a = std::make_shared<BenchArgs>();
  app.add_option("--backend", a->backends, "Comma-separated variants, each optionally NAME:BLOCK; ratios are to the first")
      ->capture_default_str();
  app.add_option("--n", a->sizes, "Comma-separated matrix sizes")
      ->capture_default_str()
      ->check(int_list_check(1, limits::kMaxVertices));
  app.add_option("--block", a->block, "Block size B")
      ->capture_default_str()
      ->check(CLI::Range(limits::kMinBlock, limits::kMaxBlock));
  app.add_option("--dtype", a->dtype, "i32 or i16")->capture_default_str();
  app.add_option("--repeat", a->repeat, "Timed runs per variant and size (the median is reported)")
      ->capture_default_str()
      ->check(CLI::Range(1, limits::kMaxRepeat));
  app.add_option("--warmup", a->warmup, "Untimed runs first")
      ->capture_default_str()
      ->check(CLI::Range(0, limits::kMaxWarmup));
  app.add_option("--threads", a->threads, "CPU threads (0: one per core; at most 4 per core)")
      ->capture_default_str()
      ->check(CLI::Range(0, limits::max_threads()));
  app.add_option("--gpus", a->gpus, "Comma-separated GPU counts for multi-GPU variants")
      ->capture_default_str()
      ->check(int_list_check(1, limits::kMaxGpus));
  app.add_option("--graph", a->graph, "Generator spec without n (n comes from --n)")->capture_default_str();
  app.add_option("--csv", a->csv, "Write the rows as CSV ('-': standard output)");
  app.add_flag("--no-history", a->no_history, "Do not append the runs to the run history (also: APSP_HISTORY=off)");
  return [a]() {
    const DType dtype = parse_dtype(a->dtype);
    const std::vector<std::string> backends = split_list(a->backends);
    if (backends.empty()) throw UsageError("--backend: give at least one variant");
    for (const std::string& item : backends) {  // fail before any work on a bad name or an unavailable variant
      const BackendInfo info = backend_info(parse_variant(item, a->block).first);
      if (!info.available) throw UnavailableError(info.name + ": " + info.unavailable_reason);
    }
    const std::vector<int> sizes = parse_int_list(a->sizes, "--n", 1, limits::kMaxVertices);
    const std::vector<int> gpu_counts = parse_int_list(a->gpus, "--gpus", 1, limits::kMaxGpus);
    std::FILE* table = is_stdout(a->csv) ? stderr : stdout;  // the CSV alone on standard output
    std::fprintf(table, "apsp bench: block %d, %s, %d warm-up + %d timed runs (median), graph %s\n", a->block,
                std::string(to_string(dtype)).c_str(), a->warmup, a->repeat, a->graph.c_str());
    std::fprintf(table, "%-13s %4s %4s %6s %10s %12s %7s %24s %7s %7s %8s %7s\n", "backend", "B", "gpus", "n", "time ms",
                "updates/s", "% peak", "GB/s p1 / p2 / p3", "p1+p2", "non-p3", "ratio", "scaling");
    std::vector<Row> rows;
    for (int n : sizes) {
      GeneratorSpec spec = GeneratorSpec::parse(a->graph);
      spec.params["n"] = std::to_string(n);
      const Graph graph = generate(spec);
      // One initial matrix per block size, padded the way that solver wants, so reset() copies it in one go
      // instead of re-padding element by element on every repeat.
      std::map<int, DistanceMatrix> initial_for_block;
      auto initial_for = [&](int block) -> const DistanceMatrix& {
        auto it = initial_for_block.find(block);
        if (it == initial_for_block.end()) it = initial_for_block.emplace(block, to_distance_matrix(graph, block, dtype)).first;
        return it->second;
      };
      double first_ms = 0;
      for (const std::string& item : backends) {
        const auto [backend, block] = parse_variant(item, a->block);
        const bool multi = backend_info(backend).multi_gpu;
        for (int g : multi ? gpu_counts : std::vector<int>{1}) {
          Row r = measure(backend, block, g, initial_for(block), *a, dtype, spec.to_string());
          if (first_ms == 0) first_ms = r.median_ms;
          r.ratio = first_ms / r.median_ms;
          if (multi) {
            std::vector<ScalingPoint> points;
            for (const Row& x : rows) points.push_back({x.backend, x.block, x.n, x.gpus, x.median_ms});
            points.push_back({r.backend, r.block, r.n, r.gpus, r.median_ms});
            r.efficiency = parallel_efficiency(points).back();
          }
          char peak[16] = "-", scaling[16] = "-";
          if (r.peak_pct >= 0) std::snprintf(peak, sizeof peak, "%.1f", r.peak_pct);
          if (r.efficiency >= 0) std::snprintf(scaling, sizeof scaling, "%.1f%%", 100 * r.efficiency);
          std::fprintf(table, "%-13s %4d %4d %6d %10.2f %12s %7s %24s %6.1f%% %6.1f%% %7.2fx %7s\n", r.backend.c_str(), r.block,
                      r.gpus, r.n, r.median_ms, si(r.updates_per_s).c_str(), peak, gbps_cell(r).c_str(),
                      100 * r.phase12_share, 100 * r.non_p3_share, r.ratio, scaling);
          std::fflush(table);
          rows.push_back(r);
        }
      }
    }
    std::vector<RunRecord> records;
    for (const Row& r : rows) records.push_back(r.record);
    const std::vector<std::string> run_ids = record_bench_runs(records, a->no_history);
    if (!a->csv.empty()) {
      // Context the rows do not carry (README "Export context"); backend, block, GPUs and n are columns.
      ExportContext context = rows.empty() ? ExportContext{} : export_context(rows.front().record);
      std::string text = "# version: " + std::string(version()) + "\n# dtype: " + std::string(to_string(dtype)) +
                         "\n# threads: " + std::to_string(context.threads) + "\n# graph: " + a->graph +
                         "\n# device: " + context.device + "\n# warmup: " + std::to_string(a->warmup) +
                         "\n# repeat: " + std::to_string(a->repeat) + "\n";
      text +=
          "backend,gpus,n,block,dtype,median_ms,min_ms,updates_per_s,peak_pct,gbps_pivot,gbps_rowcol,gbps_independent,"
          "gbps_full,phase12_share,non_p3_share,upload_ms,ratio_to_first,parallel_efficiency,max_ms,run_id\n";
      for (std::size_t i = 0; i < rows.size(); ++i) {
        const Row& r = rows[i];
        char line[640];
        std::snprintf(line, sizeof line,
                      "%s,%d,%d,%d,%s,%.4f,%.4f,%.3f,%.2f,%.3f,%.3f,%.3f,%.3f,%.4f,%.4f,%.4f,%.4f,%.4f,%.4f,%s\n",
                      r.backend.c_str(), r.gpus, r.n, r.block, std::string(to_string(dtype)).c_str(), r.median_ms, r.min_ms,
                      r.updates_per_s, r.peak_pct, r.gbps[0], r.gbps[1], r.gbps[2], r.gbps[3], r.phase12_share,
                      r.non_p3_share, r.upload_ms, r.ratio, r.efficiency, r.record.wall_max_ms, run_ids[i].c_str());
        text += line;
      }
      AtomicFile f(output_path(a->csv));
      f.write(text);
      f.commit();
    }
    return 0;
  };
}

}  // namespace apsp::cli
