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
#include <apsp/solve/sparse_registry.h>

#include <algorithm>
#include <chrono>
#include <map>
#include <cstdio>
#include <memory>
#include <optional>

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
  // Sparse graphs (issue 13): the rows every variant solves, and cuda-dijkstra's knobs (each combination a row).
  std::string sources = "all";
  std::string threads_per_block = std::to_string(SparseSolverOptions{}.threads_per_block);
  std::string concurrent = std::to_string(SparseSolverOptions{}.concurrent);
  // cuda-batched-bf (issue 13 point 5): its knobs, each combination a row.
  std::string batch = std::to_string(SparseSolverOptions{}.batch);
  std::string chunk = std::to_string(SparseSolverOptions{}.chunk);
};

struct Row {
  std::string backend;
  std::int64_t sources = 0;   // rows solved (a dense variant always solves all n)
  int threads_per_block = 0;  // cuda-dijkstra's knobs; 0 elsewhere
  int concurrent = 0;
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
            DType dtype) {
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
  return row;
}

/// A sparse solver's row: time per solve of the chosen sources; updates/s is the Floyd-Warshall equivalent of
/// those rows (S n^2 / time), so it compares with the dense rows' n^3 / time.
Row measure_sparse(const std::string& backend, const SparseSolverOptions& opts, const CsrGraph& graph,
                   const std::vector<std::int32_t>& sources, const BenchArgs& a) {
  auto solver = create_sparse_solver(backend, opts);
  std::vector<double> times;
  for (int rep = 0; rep < a.warmup + a.repeat; ++rep) {
    const auto t0 = std::chrono::steady_clock::now();
    const SourceDistances rows = solver->solve(graph, sources);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (rep >= a.warmup) times.push_back(ms);
  }
  Row row;
  row.backend = backend;
  row.n = graph.n;
  row.sources = static_cast<std::int64_t>(sources.size());
  if (backend == "cuda-dijkstra" || backend == "cuda-batched-bf") row.threads_per_block = opts.threads_per_block;
  if (backend == "cuda-dijkstra") row.concurrent = opts.concurrent;
  row.median_ms = median(times);
  row.min_ms = *std::min_element(times.begin(), times.end());
  row.updates_per_s = static_cast<double>(row.sources) * graph.n * static_cast<double>(graph.n) / (row.median_ms * 1e-3);
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
  app.add_option("--csv", a->csv, "Write the rows as CSV");
  // Sparse graphs (issue 13).
  app.add_option("--sources", a->sources, "Rows the sparse variants solve: all, A:B or a list (dense variants solve all)")
      ->capture_default_str();
  app.add_option("--threads-per-block", a->threads_per_block, "cuda-dijkstra: comma-separated threads per block (multiples of 32)")
      ->capture_default_str()
      ->check(int_list_check(limits::kMinThreadsPerBlock, limits::kMaxThreadsPerBlock));
  app.add_option("--concurrent", a->concurrent, "cuda-dijkstra: comma-separated sources in flight")
      ->capture_default_str()
      ->check(int_list_check(1, limits::kMaxConcurrent));
  // cuda-batched-bf (issue 13 point 5).
  app.add_option("--batch", a->batch, "cuda-batched-bf: comma-separated sources per batch (0: automatic)")
      ->capture_default_str()
      ->check(int_list_check(0, limits::kMaxBatch));
  app.add_option("--chunk", a->chunk, "cuda-batched-bf: comma-separated sources per warp (32, 64, 128)")
      ->capture_default_str()
      ->check(int_list_check(32, 128));
  return [a]() {
    const DType dtype = parse_dtype(a->dtype);
    const std::vector<std::string> backends = split_list(a->backends);
    if (backends.empty()) throw UsageError("--backend: give at least one variant");
    const SourceSpec source_spec = SourceSpec::parse(a->sources);
    const std::vector<int> tpb_list = parse_int_list(a->threads_per_block, "--threads-per-block", limits::kMinThreadsPerBlock, limits::kMaxThreadsPerBlock);
    const std::vector<int> concurrent_list = parse_int_list(a->concurrent, "--concurrent", 1, limits::kMaxConcurrent);
    const std::vector<int> batch_list = parse_int_list(a->batch, "--batch", 0, limits::kMaxBatch);
    const std::vector<int> chunk_list = parse_int_list(a->chunk, "--chunk", 32, 128);
    // Every knob combination of a sparse variant (the first value of the knobs it does not take).
    auto sparse_variants = [&](const std::string& item) {
      std::vector<SparseSolverOptions> out;
      const bool dijkstra = item == "cuda-dijkstra", batched = item == "cuda-batched-bf";
      for (int tpb : dijkstra || batched ? tpb_list : std::vector<int>{tpb_list.front()})
        for (int k : dijkstra ? concurrent_list : std::vector<int>{concurrent_list.front()})
          for (int batch : batched ? batch_list : std::vector<int>{batch_list.front()})
            for (int chunk : batched ? chunk_list : std::vector<int>{chunk_list.front()}) {
              SparseSolverOptions o;
              o.threads = a->threads;
              o.threads_per_block = tpb;
              o.concurrent = k;
              o.batch = batch;
              o.chunk = chunk;
              out.push_back(o);
            }
      return out;
    };
    for (const std::string& item : backends) {  // fail before any work on a bad name or an unavailable variant
      if (is_sparse_backend(item)) {
        for (const SparseBackendInfo& info : list_sparse_backends())
          if (info.name == item && !info.available) throw UnavailableError(info.name + ": " + info.unavailable_reason);
        for (const SparseSolverOptions& o : sparse_variants(item)) create_sparse_solver(item, o);
        continue;
      }
      const BackendInfo info = backend_info(parse_variant(item, a->block).first);
      if (!info.available) throw UnavailableError(info.name + ": " + info.unavailable_reason);
    }
    const std::vector<int> sizes = parse_int_list(a->sizes, "--n", 1, limits::kMaxVertices);
    const std::vector<int> gpu_counts = parse_int_list(a->gpus, "--gpus", 1, limits::kMaxGpus);
    std::printf("apsp bench: block %d, %s, %d warm-up + %d timed runs (median), graph %s\n", a->block,
                std::string(to_string(dtype)).c_str(), a->warmup, a->repeat, a->graph.c_str());
    std::printf("%-13s %4s %4s %6s %10s %12s %7s %24s %7s %7s %8s %7s\n", "backend", "B", "gpus", "n", "time ms",
                "updates/s", "% peak", "GB/s p1 / p2 / p3", "p1+p2", "non-p3", "ratio", "scaling");
    std::vector<Row> rows;
    for (int n : sizes) {
      GeneratorSpec spec = GeneratorSpec::parse(a->graph);
      spec.params["n"] = std::to_string(n);
      const Graph graph = generate(spec);
      const std::vector<std::int32_t> sources = source_spec.resolve(graph.n);
      std::optional<CsrGraph> csr;  // built once per graph, for the sparse variants only
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
        if (is_sparse_backend(item)) {
          if (!csr) csr = to_csr(graph);
          for (const SparseSolverOptions& o : sparse_variants(item)) {
            Row r = measure_sparse(item, o, *csr, sources, *a);
            if (first_ms == 0) first_ms = r.median_ms;
            r.ratio = first_ms / r.median_ms;
            char knob[48] = "-";
            if (item == "cuda-dijkstra") std::snprintf(knob, sizeof knob, "tpb %d, K %d", o.threads_per_block, o.concurrent);
            if (item == "cuda-batched-bf")
              std::snprintf(knob, sizeof knob, "tpb %d, S %d, W %d", o.threads_per_block, o.batch, o.chunk);
            std::printf("%-13s %4s %4s %6d %10.2f %12s %7s %24s %7s %7s %7.2fx %7s  %lld sources\n", r.backend.c_str(), "-", "1", r.n,
                        r.median_ms, si(r.updates_per_s).c_str(), "-", knob, "-", "-", r.ratio, "-", static_cast<long long>(r.sources));
            std::fflush(stdout);
            rows.push_back(r);
          }
          continue;
        }
        const auto [backend, block] = parse_variant(item, a->block);
        const bool multi = backend_info(backend).multi_gpu;
        for (int g : multi ? gpu_counts : std::vector<int>{1}) {
          Row r = measure(backend, block, g, initial_for(block), *a, dtype);
          r.sources = n;
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
          std::printf("%-13s %4d %4d %6d %10.2f %12s %7s %24s %6.1f%% %6.1f%% %7.2fx %7s\n", r.backend.c_str(), r.block,
                      r.gpus, r.n, r.median_ms, si(r.updates_per_s).c_str(), peak, gbps_cell(r).c_str(),
                      100 * r.phase12_share, 100 * r.non_p3_share, r.ratio, scaling);
          std::fflush(stdout);
          rows.push_back(r);
        }
      }
    }
    if (!a->csv.empty()) {
      // The sparse columns (issue 13) sit before the ratio columns, so the columns that were there keep their
      // positions at both ends.
      std::string text =
          "backend,gpus,n,block,dtype,median_ms,min_ms,updates_per_s,peak_pct,gbps_pivot,gbps_rowcol,gbps_independent,"
          "gbps_full,phase12_share,non_p3_share,upload_ms,sources,threads_per_block,concurrent,ratio_to_first,"
          "parallel_efficiency\n";
      for (const Row& r : rows) {
        char line[512];
        std::snprintf(line, sizeof line,
                      "%s,%d,%d,%d,%s,%.4f,%.4f,%.6g,%.2f,%.3f,%.3f,%.3f,%.3f,%.4f,%.4f,%.4f,%lld,%d,%d,%.4f,%.4f\n",
                      r.backend.c_str(), r.gpus, r.n, r.block, std::string(to_string(dtype)).c_str(), r.median_ms, r.min_ms,
                      r.updates_per_s, r.peak_pct, r.gbps[0], r.gbps[1], r.gbps[2], r.gbps[3], r.phase12_share,
                      r.non_p3_share, r.upload_ms, static_cast<long long>(r.sources), r.threads_per_block, r.concurrent,
                      r.ratio, r.efficiency);
        text += line;
      }
      AtomicFile f(a->csv);
      f.write(text);
      f.commit();
    }
    return 0;
  };
}

}  // namespace apsp::cli
