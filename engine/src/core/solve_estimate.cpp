#include <apsp/core/distance_matrix.h>
#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/core/solve_estimate.h>
#include <apsp/core/option_limits.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <thread>

namespace apsp {

namespace {

/// Saturating sum: an absurd n must read as "too much", never wrap around to a small number.
std::uint64_t add(std::uint64_t a, std::uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

int cpu_threads(int requested) {
  if (requested > 0) return requested;
  const unsigned cores = std::thread::hardware_concurrency();
  return cores > 0 ? static_cast<int>(cores) : 1;
}

/// Min-plus updates per second, about half or less of what README's measurements gave (cpu-naive 1.1-1.6 G on
/// one core; cpu-blocked 13 G on 2 busy cores up to 79 G on 2 quiet ones; one H200: cuda-naive 0.54 T,
/// cuda-blocked 8.7 T, cuda-tuned 13.6-14.9 T per GPU), so that the time is rather over- than under-estimated.
double conservative_rate(const SolveShape& shape) {
  // A machine's own figure (e.g. from `apsp bench`) replaces the built-in ones.
  if (const char* env = std::getenv("APSP_SOLVE_RATE")) {
    char* end = nullptr;
    const double rate = std::strtod(env, &end);
    if (end != env && *end == '\0' && rate > 0 && std::isfinite(rate)) return rate;
  }
  const std::string& b = shape.backend;
  if (b == "cpu-blocked") return 4e9 * cpu_threads(shape.threads);
  if (b == "cuda-naive") return 0.25e12;
  if (b == "cuda-blocked") return 4e12;
  if (b == "cuda-tuned") return 7e12 * std::max(1, shape.gpus);
  // The ladder's other steps, not yet measured: the streaming k-step kernels move about 8 bytes per
  // update (0.1 T at well under the H200's DRAM bandwidth), the blocked ones as cuda-blocked.
  if (b == "cuda-simple" || b == "cuda-simple-vec") return 0.1e12;
  if (b == "cuda-pseudo-blocked") return 0.25e12;
  if (b == "cuda-staged" || b == "cuda-blocked-vec") return 4e12;
  return 0.5e9;  // cpu-naive, and anything unknown
}

bool host_working_copy(const std::string& backend) { return backend.rfind("cpu-", 0) == 0 || backend.rfind("cuda-", 0) != 0; }

std::string si_rate(double v) {
  char text[32];
  if (v >= 1e12)
    std::snprintf(text, sizeof text, "%.1f T", v / 1e12);
  else
    std::snprintf(text, sizeof text, "%.1f G", v / 1e9);
  return text;
}

}  // namespace

SolveEstimate estimate_solve(const SolveShape& shape, std::int64_t n, bool negative_weights) {
  SolveEstimate e;
  e.n = n;
  if (n <= 0) return e;
  const std::uint64_t matrix = DistanceMatrix::required_bytes(n, shape.block, shape.dtype);
  // Alive together at the peak (Solver::reset): the initial matrix (later the result it reads back, never
  // both), the CPU variants' working copy and Π with cpu-blocked's edge counts (CpuSolverBase::host_bytes_for), and the
  // input copy Solver::reset keeps when a weight is negative. GPU variants keep their working copy on the device.
  const bool keeps_input = negative_weights || n <= limits::kMaxPredecessorVertices;
  const std::uint64_t initial = shape.builds_on_device && !keeps_input ? 0 : matrix;
  const std::uint64_t result = shape.streams_result ? std::min(shape.stream_buffer_bytes, matrix) : matrix;
  std::uint64_t bytes = std::max(initial, result);
  if (host_working_copy(shape.backend)) {
    bytes = add(bytes, matrix);
    const std::uint64_t table = DistanceMatrix::required_bytes(n, shape.block, DType::I32);
    if (shape.track_paths) bytes = add(bytes, shape.backend == "cpu-blocked" ? add(table, table) : table);
  }
  if (negative_weights) bytes = add(bytes, matrix);
  e.host_bytes = bytes;
  const double dn = static_cast<double>(n);
  e.updates = dn * dn * dn;
  e.updates_per_second = conservative_rate(shape);
  e.seconds = e.updates / e.updates_per_second;
  return e;
}

std::string format_duration(double seconds) {
  char text[48];
  if (seconds >= 86400 * 365.0)
    std::snprintf(text, sizeof text, "%.3g years", seconds / (86400 * 365.0));
  else if (seconds >= 86400)
    std::snprintf(text, sizeof text, "%.1f days", seconds / 86400);
  else if (seconds >= 3600)
    std::snprintf(text, sizeof text, "%.1f h", seconds / 3600);
  else if (seconds >= 60)
    std::snprintf(text, sizeof text, "%.0f min", seconds / 60);
  else if (seconds >= 1)
    std::snprintf(text, sizeof text, "%.1f s", seconds);
  else
    return format_duration_ms(seconds * 1e3);  // "250 ms", "36.0 µs": never "0.0 s"
  return text;
}

std::string SolveEstimate::describe(const std::string& backend) const {
  char text[256];
  std::snprintf(text, sizeof text, "n = %lld, %s of host memory, about %s on %s (%.3g updates at %s updates/s)",
                static_cast<long long>(n), format_bytes(host_bytes).c_str(), format_duration(seconds).c_str(),
                backend.c_str(), updates, si_rate(updates_per_second).c_str());
  return text;
}

}  // namespace apsp
