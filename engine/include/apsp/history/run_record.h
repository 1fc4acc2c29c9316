#pragma once
/// @file run_record.h
/// @brief One finished run as the run history keeps it (README "Run history"): what ran, where, and its
/// per-phase totals. Serialised as one JSON object per line; the JSON stays inside the engine.
#include <apsp/device/gpu_clocks.h>

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace apsp {

class ProfileLog;

/// @brief Totals of one phase over a run ("pivot", "rowcol", "independent", "full", "upload", ...):
/// summed over rounds and devices.
struct RunPhaseTotal {
  std::string phase;
  double ms = 0;                   ///< the median of samples_ms where there are repeats
  std::uint64_t bytes = 0;         ///< of one run
  std::uint64_t updates = 0;       ///< of one run
  std::vector<double> samples_ms;  ///< each timed run's time, in the order of RunRecord::wall_samples_ms
};

/// @brief One end-to-end phase of `apsp solve` ("read", "build" or "build (device)", "upload", "compute",
/// "download", "write", "end to end"): wall ms on the host, download and write overlapped.
struct RunStage {
  std::string stage;
  double ms = 0;
};

/// @brief A GPU the run used.
struct RunDevice {
  std::string name;
  int sm_count = 0;
  int sm_clock_khz = 0;
  int driver_version = 0;  ///< cudaDriverGetVersion: 13000 for CUDA 13.0
};

/// @brief One finished run.
struct RunRecord {
  std::string id;       ///< "20261122-230512-3fa9": UTC date-time + 4 hex digits; sorts by time
  std::string version;  ///< apsp::version()
  std::string date;     ///< ISO 8601 UTC, "2026-11-22T23:05:12Z"
  std::string host;
  std::string source;  ///< "gui", "solve" or "bench"
  std::string commit;  ///< the build's git commit, "-dirty" appended for uncommitted changes; "" when unknown
  std::string build;   ///< build type and flags of the binary that ran
  std::string cpu_model;
  int threads = 0;                 ///< CPU threads the solver used (resolved: never 0)
  int threads_asked = -1;          ///< as asked (0: one per core); -1 in records that did not say
  std::string isa;                 ///< the CPU kernels' instruction set in use ("avx512", "avx2", "generic")
  std::vector<RunDevice> devices;  ///< GPUs of a CUDA backend; empty for CPU backends
  std::string backend;
  int block = 0;
  int gpus = 1;
  std::string dtype;  ///< "i32" or "i16"
  int n = 0;
  std::string graph;       ///< generator spec, or the file's path
  std::string graph_hash;  ///< files only: "fnv1a64:<16 hex digits>" of the file's bytes
  std::string sources;     ///< sparse solvers: the rows asked for (--sources text); "" for dense variants
  std::string phase2;      ///< the classic blocked phase 2's mode ("split", ...); "" where it does not apply
  std::int64_t edges = 0;  ///< sparse solvers: edges relaxed by one run (apsp/solve/sparse_work.h); 0 otherwise
  std::map<std::string, std::string> env;  ///< APSP_*, OMP_*, CUDA_VISIBLE_DEVICES when it ran (run_context.h)
  double cpu_mhz = 0;                      ///< mean CPU clock when it began; 0 when not recorded
  double load_avg = -1;                    ///< 1-minute load average when it began; -1 when not recorded
  std::string driver;                      ///< NVIDIA driver version (NVML); "" when none or not recorded
  int cuda_runtime = 0;                    ///< CUDA runtime version (13000); 0 when none or not recorded
  std::vector<GpuClockRange> gpu_clocks;   ///< SM and memory clocks over the run, per GPU; empty if unknown
  std::vector<RunPhaseTotal> phases;
  double wall_ms = 0;      ///< the solve's wall time (median over the repeats when there are several)
  int repeats = 1;         ///< timed runs behind wall_ms
  double wall_min_ms = 0;  ///< spread of the repeats (both equal wall_ms for one run)
  double wall_max_ms = 0;
  std::vector<double> wall_samples_ms;  ///< every timed run's wall time, in the order they ran
  std::vector<double> round_ms;  ///< per round: compute ms summed over phases and devices (the last repeat)
  std::vector<RunStage> stages;  ///< `apsp solve`'s end-to-end phases; empty in older records and elsewhere

  /// @brief Sum of the compute phases' ms (pivot, rowcol, independent, full).
  double compute_ms() const;
  /// @brief The phase named @p phase, or nullptr.
  const RunPhaseTotal* phase(std::string_view name) const;
};

/// @brief A new id: the current UTC time "YYYYMMDD-HHMMSS" and 4 hex digits of (process, counter, clock),
/// so ids made in the same second by two processes differ and ids sort by time.
std::string new_run_id();
/// @brief The current UTC time as ISO 8601 ("2026-11-22T23:05:12Z").
std::string utc_now_iso8601();

/// @brief Fills @p record's phases and round_ms from @p log (the compute phases per round; transfers only
/// in the totals).
void set_profile(RunRecord& record, const ProfileLog& log);

/// @brief One line of JSON (no newline) for @p record.
std::string to_json_line(const RunRecord& record);
/// @brief Parses one line written by to_json_line(); throws apsp::Error (the reason) when it is not JSON or lacks
/// the id. Missing optional fields keep their defaults, so older or newer lines still read.
RunRecord parse_run_record(std::string_view line);

}  // namespace apsp
