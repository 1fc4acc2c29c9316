// apsp_cuda_bench: times whole solves (step(ToEnd), no transfers) of CUDA variants side by side, with the
// per-phase split from the solver's own CUDA-event profile. Used by scripts/gpu-bench.sh; `apsp bench` in the
// CLI is the user-facing equivalent.
//
//   apsp_cuda_bench --backend cuda-naive:64,cuda-blocked:64,cuda-tuned:64 --n 8192,16384 --dtype i32
//                   [--repeat 3] [--csv out.csv (appended; header when new)]
#include <apsp/core/distance_matrix.h>
#include <apsp/core/errors.h>
#include <apsp/device/device_info.h>
#include <apsp/graph/generators.h>
#include <apsp/solve/registry.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, sep))
    if (!item.empty()) out.push_back(item);
  return out;
}

/// Dense random graph (about half the pairs, weights 1..1000): random data, never zeros.
apsp::DistanceMatrix random_matrix(int n, int block, apsp::DType dtype, std::uint64_t seed) {
  apsp::DistanceMatrix m(n, block, dtype);
  apsp::SplitMix64 rng(seed);
  for (int i = 0; i < n; ++i) {
    if (dtype == apsp::DType::I32) {
      std::int32_t* row = m.row<std::int32_t>(i);
      for (int j = 0; j < n; ++j) {
        const std::uint64_t r = rng.next();
        if (i != j && (r & 1)) row[j] = static_cast<std::int32_t>(1 + (r >> 8) % 1000);
      }
    } else {
      std::int16_t* row = m.row<std::int16_t>(i);
      for (int j = 0; j < n; ++j) {
        const std::uint64_t r = rng.next();
        if (i != j && (r & 1)) row[j] = static_cast<std::int16_t>(1 + (r >> 8) % 1000);
      }
    }
  }
  return m;
}

struct Result {
  std::string backend;
  int block;
  std::string dtype;
  int n;
  double ms;         // median wall time of step(ToEnd), synchronized
  double event_ms;   // sum of the phase events of that run
  double phase_ms[3];
  std::uint64_t phase_bytes[3];
};

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> backends{"cuda-naive:64", "cuda-blocked:64", "cuda-tuned:64"};
  std::vector<int> sizes{8192};
  std::vector<std::string> dtypes{"i32"};
  int repeat = 3;
  std::string csv;
  for (int a = 1; a + 1 < argc; a += 2) {
    const std::string key = argv[a], value = argv[a + 1];
    if (key == "--backend") backends = split(value, ',');
    else if (key == "--n") {
      sizes.clear();
      for (const auto& s : split(value, ',')) sizes.push_back(std::stoi(s));
    } else if (key == "--dtype") dtypes = split(value, ',');
    else if (key == "--repeat") repeat = std::stoi(value);
    else if (key == "--csv") csv = value;
    else {
      std::fprintf(stderr, "unknown option %s\n", key.c_str());
      return 2;
    }
  }
  try {
    const auto devices = apsp::cuda_devices(false);
    if (devices.empty()) {
      std::fprintf(stderr, "%s\n", apsp::cuda_unavailable_reason().c_str());
      return 2;
    }
    const apsp::DeviceInfo& dev = devices.front();
    std::printf("device: %s, %d SMs, %.0f MHz, %.1f GiB, peak %.0f GB/s, min-plus peak i32 %.2f T/s, i16 %.2f T/s\n",
                dev.name.c_str(), dev.sm_count, dev.sm_clock_khz / 1e3, dev.memory_bytes / 1073741824.0,
                dev.peak_bandwidth_gbps, dev.minplus_peak_i32 / 1e12, dev.minplus_peak_i16 / 1e12);
    std::vector<Result> results;
    for (const std::string& dt : dtypes) {
      const apsp::DType dtype = apsp::parse_dtype(dt);
      for (int n : sizes) {
        std::map<int, apsp::DistanceMatrix> inputs;  // one random matrix per block size (no re-padding copies)
        for (const std::string& spec : backends) {
          const auto parts = split(spec, ':');
          const std::string name = parts.at(0);
          const int block = parts.size() > 1 ? std::stoi(parts[1]) : 64;
          if (!inputs.count(block)) inputs.emplace(block, random_matrix(n, block, dtype, 12345 + n));
          apsp::SolverOptions o;
          o.block = block;
          o.dtype = dtype;
          auto solver = apsp::create_solver(name, o);
          {  // warm-up: module load, first launches, allocations of a smaller problem
            const apsp::DistanceMatrix warm = random_matrix(std::min(n, 1024), block, dtype, 7);
            solver->reset(warm);
            solver->step(apsp::Granularity::ToEnd);
          }
          std::vector<Result> runs;
          for (int r = 0; r < repeat; ++r) {
            solver->reset(inputs.at(block));
            solver->synchronize();
            const auto t0 = std::chrono::steady_clock::now();
            solver->step(apsp::Granularity::ToEnd);
            solver->synchronize();
            const auto t1 = std::chrono::steady_clock::now();
            solver->collect_timings(true);
            Result res{name, block, dt, n, std::chrono::duration<double, std::milli>(t1 - t0).count(), 0, {0, 0, 0}, {0, 0, 0}};
            for (const apsp::PhaseSample& s : solver->profile().samples()) {
              if (!apsp::is_compute(s.phase)) continue;
              res.event_ms += s.ms;
              const int slot = s.phase == apsp::Phase::Pivot ? 0 : s.phase == apsp::Phase::PivotRowCol ? 1 : 2;
              res.phase_ms[slot] += s.ms;
              res.phase_bytes[slot] += s.bytes;
            }
            runs.push_back(res);
            std::printf("  %s B=%d %s n=%d run %d: %.2f ms\n", name.c_str(), block, dt.c_str(), n, r, res.ms);
            std::fflush(stdout);
          }
          std::sort(runs.begin(), runs.end(), [](const Result& a, const Result& b) { return a.ms < b.ms; });
          results.push_back(runs[runs.size() / 2]);
        }
      }
    }
    std::FILE* out = csv.empty() ? nullptr : std::fopen(csv.c_str(), "a");  // appends: one CSV per session
    if (out && std::ftell(out) == 0)
      std::fprintf(out, "device,backend,block,dtype,n,ms,updates_per_s,pct_peak,ratio_to_first,p1_share,p2_share,p3_share,"
                        "p1_gbps,p2_gbps,p3_gbps\n");
    // p1%..p3%: shares of the summed phase event times; ev/wall > 1 when phases overlap (look-ahead).
    std::printf("\n%-13s %5s %4s %6s %10s %9s %7s %7s %6s %6s %6s %8s %8s %8s %7s\n", "backend", "B", "type", "n", "ms",
                "T upd/s", "%peak", "ratio", "p1%", "p2%", "p3%", "p1 GB/s", "p2 GB/s", "p3 GB/s", "ev/wall");
    for (const Result& r : results) {
      const Result* first = nullptr;
      for (const Result& q : results)
        if (q.n == r.n && q.dtype == r.dtype) {
          first = &q;
          break;
        }
      const double updates = static_cast<double>(r.n) * r.n * r.n;
      const double rate = updates / (r.ms * 1e-3);
      const double peak = r.dtype == "i16" ? dev.minplus_peak_i16 : dev.minplus_peak_i32;
      double share[3], gbps[3];
      for (int p = 0; p < 3; ++p) {
        share[p] = r.event_ms > 0 ? 100.0 * r.phase_ms[p] / r.event_ms : 0;
        gbps[p] = r.phase_ms[p] > 0 ? r.phase_bytes[p] / (r.phase_ms[p] * 1e6) : 0;
      }
      const double ratio = first->ms / r.ms;
      std::printf("%-13s %5d %4s %6d %10.2f %9.3f %7.1f %7.2f %6.2f %6.2f %6.2f %8.0f %8.0f %8.0f %7.3f\n", r.backend.c_str(),
                  r.block, r.dtype.c_str(), r.n, r.ms, rate / 1e12, 100.0 * rate / peak, ratio, share[0], share[1],
                  share[2], gbps[0], gbps[1], gbps[2], r.event_ms / r.ms);
      if (out)
        std::fprintf(out, "\"%s\",%s,%d,%s,%d,%.3f,%.6e,%.2f,%.3f,%.3f,%.3f,%.3f,%.1f,%.1f,%.1f\n", dev.name.c_str(),
                     r.backend.c_str(), r.block, r.dtype.c_str(), r.n, r.ms, rate, 100.0 * rate / peak, ratio, share[0],
                     share[1], share[2], gbps[0], gbps[1], gbps[2]);
    }
    if (out) std::fclose(out);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return apsp::exit_code(e);
  }
  return 0;
}
