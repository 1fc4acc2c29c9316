// choose_auto_backend: the two cost models of auto_backend.h, their measured constants, and the choice.
#include <apsp/core/format.h>
#include <apsp/solve/auto_backend.h>

#include <algorithm>
#include <cstdio>

namespace apsp {

namespace {

constexpr double kH100PeakI32 = 16.7e12;  // 132 SMs x 64 x 1.98 GHz (apsp info --device)
constexpr double kH100BandwidthGbps = 3352.0;

}  // namespace

const std::vector<AutoCostConstant>& auto_cost_constants() {
  // Measured on one H100 (16 CPU cores) with scripts/gpu-crossover.sh (README "auto: where Floyd–Warshall and the
  // sparse solvers cross"): the dense rate at n = 16384 (B = 128), the sparse constants at average out-degree 8,
  // n = 16384, all sources (time / (S m)).
  static const std::vector<AutoCostConstant> constants = {
      {"cuda-tuned", true, false, 14.5e12, kH100PeakI32, "H100, n = 16384, B = 128, i32: 303 ms"},
      {"cpu-blocked", false, false, 70e9, 16, "16 threads of the H100 host, n = 4096"},
      {"cpu-dijkstra", false, true, 3.02 / (16384.0 * 134217.0), 16,
       "16 threads, er:n=16384,p=0.0005 (m = 134217), all sources: 3.02 s"},
      {"cuda-dijkstra", true, true, 73.7 / (16384.0 * 134217.0), kH100BandwidthGbps,
       "H100, er:n=16384,p=0.0005, all sources, tpb 96, K 4: 73.7 s"},
  };
  return constants;
}

namespace {

const AutoCostConstant* constant_of(const std::string& backend) {
  for (const AutoCostConstant& c : auto_cost_constants())
    if (backend == c.backend) return &c;
  return nullptr;
}

/// The model's time for @p c on this machine.
double estimate_s(const AutoCostConstant& c, const AutoInputs& in) {
  const double n = static_cast<double>(in.n);
  if (!c.sparse) {
    double rate = c.value;
    if (c.gpu && in.gpu_minplus_peak_i32 > 0) rate *= in.gpu_minplus_peak_i32 / c.reference;
    if (!c.gpu) rate *= std::max(1, in.cpu_threads) / c.reference;
    return n * n * n / rate;
  }
  double per_edge = c.value;
  if (c.gpu && in.gpu_bandwidth_gbps > 0) per_edge *= c.reference / in.gpu_bandwidth_gbps;
  if (!c.gpu) per_edge *= c.reference / std::max(1, in.cpu_threads);
  // At least one relaxation per vertex per source: an edgeless graph still costs n per row.
  const double work = static_cast<double>(in.sources) * static_cast<double>(std::max(in.m, in.n));
  return work * per_edge;
}

std::string seconds_text(double s) { return format_duration_ms(1e3 * s); }

}  // namespace

AutoChoice choose_auto_backend(const AutoInputs& in) {
  AutoChoice choice;
  choice.dense_candidate = in.gpu ? "cuda-tuned" : "cpu-blocked";
  choice.dense_estimate_s = estimate_s(*constant_of(choice.dense_candidate), in);
  choice.backend = choice.dense_candidate;
  char degree[32];
  std::snprintf(degree, sizeof degree, "%.1f", in.n > 0 ? static_cast<double>(in.m) / static_cast<double>(in.n) : 0.0);
  if (!in.dense_only.empty()) {
    choice.reason = "auto: " + choice.backend + " (Floyd–Warshall), since " + in.dense_only + " needs it";
    return choice;
  }
  for (const std::string& name : in.sparse_available) {
    const AutoCostConstant* c = constant_of(name);
    if (!c || (c->gpu && !in.gpu)) continue;
    const double t = estimate_s(*c, in);
    if (choice.sparse_candidate.empty() || t < choice.sparse_estimate_s) {
      choice.sparse_candidate = name;
      choice.sparse_estimate_s = t;
    }
  }
  const std::string shape = "n = " + std::to_string(in.n) + ", m = " + std::to_string(in.m) + " (average out-degree " +
                            degree + "), " + std::to_string(in.sources) + " source" + (in.sources == 1 ? "" : "s");
  if (choice.sparse_candidate.empty()) {
    choice.reason = "auto: " + choice.backend + " (Floyd–Warshall; no sparse solver available here), " + shape;
    return choice;
  }
  const std::string figures = "modeled " + choice.dense_candidate + " " + seconds_text(choice.dense_estimate_s) +
                              " vs " + choice.sparse_candidate + " " + seconds_text(choice.sparse_estimate_s);
  if (choice.sparse_estimate_s < choice.dense_estimate_s) {
    choice.backend = choice.sparse_candidate;
    choice.sparse = true;
    choice.reason = "auto: " + choice.backend + " (sparse), " + shape + ": " + figures;
  } else {
    choice.reason = "auto: " + choice.backend + " (Floyd–Warshall), " + shape + ": " + figures;
  }
  return choice;
}

}  // namespace apsp
