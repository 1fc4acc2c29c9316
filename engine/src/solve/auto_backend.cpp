// choose_auto_backend: the two cost models of auto_backend.h, their measured constants, and the choice.
#include <apsp/core/format.h>
#include <apsp/solve/auto_backend.h>

#include <algorithm>
#include <cstdio>

namespace apsp {

namespace {

constexpr double kH200PeakI32 = 16.7e12;        // 132 SMs x 64 x 1.98 GHz (apsp info --device)
constexpr double kH200BandwidthGbps = 4814.0;   // apsp info --device
constexpr double kHostThreads = 16;             // the H200 host's cores

}  // namespace

const std::vector<AutoCostConstant>& auto_cost_constants() {
  // Measured on one H200 and its 16-core host with scripts/gpu-crossover.sh (README "auto: where Floyd–Warshall
  // and the sparse solvers cross"): cuda-tuned B = 128 at n = 16384 (303 ms), cpu-blocked at n = 4096 (219 ms),
  // and the sparse solvers on gnm graphs of n = 16384 at average out-degree 2, 8, 32 and 128, their a and b a
  // relative least-squares fit of the time per row (within 25 % of each of the four points). cuda-dijkstra has
  // no constant: it lost to cuda-batched-bf at every degree measured (by 100x at degree 2), so auto never
  // picks it.
  static const std::vector<AutoCostConstant> constants = {
      {"cuda-tuned", true, false, 14.5e12, 0, 0, kH200PeakI32, "H200, n = 16384, B = 128, i32: 303 ms"},
      {"cpu-blocked", false, false, 313e9, 0, 0, kHostThreads, "16 threads, n = 4096, B = 64: 219 ms"},
      {"cpu-dijkstra", false, true, 0, 2.588e-9, 2.455e-10, kHostThreads,
       "16 threads, 1024 sources: 45 / 101 / 231 / 485 ms at degree 2 / 8 / 32 / 128"},
      {"cuda-batched-bf", true, true, 0, 1.770e-10, 6.395e-12, kH200BandwidthGbps,
       "H200, all 16384 sources: 59 / 54 / 104 / 274 ms at degree 2 / 8 / 32 / 128"},
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
    double rate = c.rate;
    if (c.gpu && in.gpu_minplus_peak_i32 > 0) rate *= in.gpu_minplus_peak_i32 / c.reference;
    if (!c.gpu) rate *= std::max(1, in.cpu_threads) / c.reference;
    return n * n * n / rate;
  }
  double scale = 1;
  if (c.gpu && in.gpu_bandwidth_gbps > 0) scale = c.reference / in.gpu_bandwidth_gbps;
  if (!c.gpu) scale = c.reference / std::max(1, in.cpu_threads);
  const double row_s = c.per_vertex_s * n + c.per_edge_s * static_cast<double>(in.m);
  return static_cast<double>(in.sources) * row_s * scale;
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
