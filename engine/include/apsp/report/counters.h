#pragma once
/// @file counters.h
/// @brief Hardware counters per (round, phase, device) through CUPTI's range profiler (README "Hardware counters").
///
/// A profile drives a solver of its own (never the one being timed) phase by phase: each asked-for phase runs
/// inside a range named "r<round>/p<phase>/dev<device>", replayed from the same state as many times as the
/// counters need (one pass per group of counters the hardware can count at once), so the work is measured, not
/// perturbed timings. Rounds not asked for run without ranges. Host-only header: it builds without CUDA and
/// without CUPTI, where collect_counters() throws UnavailableError and counters_unavailable_reason() says why.
#include <apsp/core/distance_matrix.h>
#include <apsp/profile/profile.h>
#include <apsp/report/export_context.h>
#include <apsp/solve/solver.h>

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace apsp::counters {

/// @brief Which rounds to profile: a list ("3", "0,2,5"), every N-th from round 0 ("every:4") or all ("all",
/// for a short run: at most kMaxAllRounds rounds).
struct RoundSelection {
  enum class Kind { List, Every, All };
  Kind kind = Kind::List;
  std::vector<int> rounds;  ///< Kind::List: ascending, distinct
  int every = 1;            ///< Kind::Every: N >= 1

  /// @brief Parses "LIST", "every:N" or "all"; throws UsageError naming @p option and what was wrong.
  static RoundSelection parse(std::string_view text, std::string_view option = "--rounds");
  /// @brief Whether round @p round is profiled.
  bool contains(int round) const;
  /// @brief The rounds profiled in a run of @p total rounds; throws UsageError (naming @p option) when a listed
  /// round is >= @p total, or "all" asks for more than kMaxAllRounds.
  std::vector<int> resolve(int total, std::string_view option = "--rounds") const;
  /// @brief The text parse() reads back.
  std::string to_string() const;
};

/// @brief "all" profiles every round only up to this many: each profiled phase is replayed several times.
inline constexpr int kMaxAllRounds = 64;

/// @brief One counter of the default set: its CUPTI metric name and what the report calls it.
struct MetricInfo {
  std::string_view metric;   ///< e.g. "dram__bytes_read.sum" (Hopper names)
  std::string_view column;   ///< short column name ("dram_read_bytes")
  std::string_view meaning;  ///< one line for --help and README
};

/// @brief The default counters, in the order collect_counters() asks for them.
const std::vector<MetricInfo>& default_metrics();

/// @brief Bytes one shared-memory wavefront moves at most: 32 banks x 4 bytes. Shared load/store bytes are
/// wavefronts x this, the shared-memory bandwidth a phase used (bank conflicts add wavefronts: an upper bound on
/// the data moved).
inline constexpr double kSharedBytesPerWavefront = 128.0;

/// @brief What to profile.
struct CounterRequest {
  std::string backend;    ///< a CUDA variant of the registry
  SolverOptions options;  ///< options.gpus must be 1: the range profiler is per CUDA context
  RoundSelection rounds;
  int device = 0;                          ///< CUDA device ordinal the solver and the counters use
  std::vector<std::string> extra_metrics;  ///< CUPTI metric names collected besides the default set
};

/// @brief The counters of one (round, phase, device) range, beside the engine's model of that phase.
struct PhaseCounters {
  int round = 0;
  Phase phase = Phase::Full;
  int device = 0;
  double dram_read_bytes = 0;       ///< dram__bytes_read.sum
  double dram_write_bytes = 0;      ///< dram__bytes_write.sum
  double occupancy_pct = 0;         ///< achieved occupancy: sm__warps_active.avg.pct_of_peak_sustained_active
  double sm_throughput_pct = 0;     ///< sm__throughput.avg.pct_of_peak_sustained_elapsed
  double l2_hit_pct = 0;            ///< lts__t_sector_hit_rate.pct
  double shared_load_bytes = 0;     ///< shared load wavefronts x kSharedBytesPerWavefront
  double shared_store_bytes = 0;    ///< shared store wavefronts x kSharedBytesPerWavefront
  double instructions = 0;          ///< warp instructions executed, smsp__inst_executed.sum
  double kernel_ms = 0;             ///< gpu__time_duration.sum of the range (its kernels, profiling replays excluded)
  std::uint64_t modeled_bytes = 0;  ///< the round model's global-memory bytes of this phase (the GB/s model)
  std::uint64_t updates = 0;        ///< min-plus updates of this phase
  std::vector<std::pair<std::string, double>> extra;  ///< CounterRequest::extra_metrics, in order

  double dram_bytes() const { return dram_read_bytes + dram_write_bytes; }
  /// @brief Measured DRAM bytes / modeled bytes; 0 when nothing was modeled.
  double measured_over_modeled() const;
  /// @brief Min-plus updates per DRAM byte (the roofline's x); 0 without DRAM traffic.
  double arithmetic_intensity() const;
  /// @brief Updates per second over kernel_ms (the roofline's y); 0 without a time.
  double updates_per_s() const;
};

/// @brief A profile: the configuration, the device's roofs and one entry per profiled (round, phase, device).
struct CounterReport {
  std::string backend;
  SolverOptions options;
  int n = 0;
  int rounds_total = 0;
  std::string device_name;
  int device = 0;
  double minplus_peak = 0;    ///< updates/s of the dtype (apsp info --device)
  double bandwidth_gbps = 0;  ///< peak DRAM bandwidth (apsp info --device)
  int passes = 0;             ///< replays per profiled phase
  std::string rounds;         ///< the selection asked for (RoundSelection::to_string())
  std::vector<std::string> extra_metrics;
  std::vector<PhaseCounters> phases;  ///< in run order
  /// @brief Why no metric isolates the min-plus instructions (instructions counts every warp instruction).
  std::string instruction_note;

  /// @brief The entry of (round, phase, device), nullptr when that range was not profiled.
  const PhaseCounters* find(int round, Phase phase, int device) const;
};

/// @brief Why counters cannot be collected here ("built without CUPTI", "no CUDA device: ..."); empty when they
/// may be (permission is only known once the profiler starts: collect_counters() then throws UnavailableError).
std::string counters_unavailable_reason();

/// @brief Progress: phases profiled so far of @p total; return false to stop (the report then holds those).
using CounterProgress = std::function<bool(int done, int total)>;

/// @brief Solves @p initial (padded for request.options' block and dtype) with a new solver of request.backend
/// and collects the counters of the asked rounds. Throws UnavailableError (no CUPTI, no GPU, no permission, a
/// device that cannot be profiled), UsageError (a CPU backend, --gpus > 1, rounds outside the run) and what
/// the solver throws. Every CUPTI failure names the call.
CounterReport collect_counters(const CounterRequest& request, const DistanceMatrix& initial,
                               const CounterProgress& progress = {});

/// @brief The whole CSV of @p reports (the same extra metrics each): @p context's "# key: value" comments, the
/// rounds, how shared bytes and instructions are counted, then counters_csv_header() and every report's rows.
/// What `apsp profile --csv` and the studio's --counters-csv write.
std::string counters_csv(const std::vector<CounterReport>& reports, const ExportContext& context);

/// @brief The CSV header line of counters_csv_rows() (backend first, the extra metrics last).
std::string counters_csv_header(const std::vector<std::string>& extra_metrics);
/// @brief One CSV row per entry of @p report (no header), backend first.
std::string counters_csv_rows(const CounterReport& report);

/// @brief "p1", "p2", "p3" for the blocked phases, to_string(phase) else: the phase in range names, tables and
/// roofline tags.
std::string phase_tag(Phase phase);

/// @brief "r3/p2/dev0": the range name of (round, phase, device); p1..p3 for the blocked phases, "full" else.
std::string range_name(int round, Phase phase, int device);

}  // namespace apsp::counters
