#pragma once
/// @file run_facts.h
/// @brief Facts about the machine and the input that a run record carries: host, CPU model, GPUs,
/// a fingerprint of the graph file.
#include <apsp/history/run_context.h>
#include <apsp/history/run_record.h>

#include <string>
#include <vector>

namespace apsp {

/// @brief The host name ("" if unknown).
std::string host_name();
/// @brief The first "model name" of /proc/cpuinfo ("" where there is none).
std::string cpu_model();
/// @brief The CPU threads a solve that asked for @p asked runs with: @p asked, or for 0 (one per core) OpenMP's
/// default team size.
int resolved_threads(int asked);
/// @brief The CUDA devices' name, SMs, clock and driver, the first @p gpus of them (none without CUDA).
std::vector<RunDevice> run_devices(int gpus);
/// @brief "fnv1a64:<16 hex digits>": 64-bit FNV-1a over the file's bytes (fast; identifies, not secure);
/// "" when the file cannot be read or is not a regular file (a pipe or FIFO cannot be read a second time).
std::string file_fingerprint(const std::string& path);

/// @brief What a caller knows about a run; make_run_record() adds the machine's facts, id, date, version.
struct RunDescription {
  std::string source;  ///< "gui", "solve", "bench"
  std::string backend;
  bool gpu_backend = false;
  int block = 0;
  int gpus = 1;
  std::string dtype;
  int threads = 0;  ///< as requested: 0 resolves to the OpenMP default
  int n = 0;
  std::string graph;       ///< spec or path
  std::string graph_file;  ///< the file to fingerprint; empty for generated graphs
  /// Collected when the run began (collect_run_context, with GPU clocks, sources and phase 2 set); one not
  /// collected is collected by make_run_record, at the end of the run.
  RunContext context;
};

/// @brief A record for @p what with wall time @p wall_ms (one run) and the per-phase totals of @p log.
RunRecord make_run_record(const RunDescription& what, const ProfileLog& log, double wall_ms);
/// @brief Sets @p record's wall time to the median of @p times_ms, its spread to their min and max, and keeps
/// every time (wall_samples_ms, in the order given).
void set_wall_times(RunRecord& record, std::vector<double> times_ms);

}  // namespace apsp
