#pragma once
/// @file run_context.h
/// @brief What besides the code decides how fast a run went, collected once per run so that a run can be
/// reproduced and two runs told apart (README "Export context"): the build, the CPU kernels' instruction set,
/// threads asked and resolved, the environment variables that steer the programs (APSP_*, OMP_*,
/// CUDA_VISIBLE_DEVICES), the CPU model and clock, the load when the run began, the GPU clocks during it, the
/// driver and CUDA runtime, and a run's sources and phase-2 mode. Run records keep it (run_record.h), and every
/// CSV, JSON and trace export writes it through the export context (apsp/report/export_context.h).
#include <apsp/device/gpu_clocks.h>
#include <apsp/history/run_record.h>

#include <map>
#include <string>
#include <vector>

namespace apsp {

struct RunContext {
  std::string commit;              ///< build_commit(); "" when unknown (a build outside git)
  std::string build;               ///< build_description()
  std::string isa;                 ///< cpu_isa(): "avx512", "avx2" or "generic"
  int threads_asked = -1;          ///< as asked (0: one per core); -1 when not said
  int threads = 0;                 ///< as resolved (never 0 once collected)
  std::map<std::string, std::string> env;  ///< APSP_*, OMP_* and CUDA_VISIBLE_DEVICES as set (printable)
  std::string cpu_model;
  double cpu_mhz = 0;    ///< mean "cpu MHz" of /proc/cpuinfo when the run began; 0 when unknown
  double load_avg = -1;  ///< the 1-minute load average when the run began; -1 when unknown
  std::string driver;    ///< the NVIDIA driver's version (NVML), "" without one
  int cuda_runtime = 0;  ///< cudaRuntimeGetVersion (13000 for 13.0); 0 without CUDA
  std::vector<GpuClockRange> gpu_clocks;  ///< per GPU used, over the run; empty when not recorded
  std::string sources;   ///< sparse solvers: the --sources text; "" for dense runs
  std::string phase2;    ///< the classic blocked phase 2's mode ("split", "one-cta"); "" where it does not apply
  bool collected = false;  ///< false: nothing was collected (an export of no particular run)
};

/// @brief The context of a run that begins now with @p threads_asked CPU threads (0: one per core): build,
/// ISA, threads, environment, CPU, load, and for a run on GPUs (@p on_gpu) the driver and runtime (a CPU run
/// starts no CUDA for them). GPU clocks, sources and phase 2 are the caller's (GpuClockMonitor over the run;
/// what it asked for).
RunContext collect_run_context(int threads_asked, bool on_gpu = false);

/// @brief Threads as both asked and resolved: "0 (auto: 2)" for 0, else "2"; "2" when the ask is unknown.
std::string threads_text(int threads_asked, int threads);
/// @brief The environment as "NAME=value NAME=value" ("none set" for none).
std::string env_text(const std::map<std::string, std::string>& env);
/// @brief "SM 1755-1980 MHz / memory 2619 MHz" per GPU, "GPU 0: ...; GPU 1: ..." for several.
std::string gpu_clocks_text(const std::vector<GpuClockRange>& clocks);
/// @brief "13.0" for 13000, "" for 0.
std::string cuda_version_text(int version);

/// @brief Copies @p context into @p record's fields (run_record.h keeps them flat, as the history's JSON does).
void apply_run_context(RunRecord& record, const RunContext& context);
/// @brief The context a record kept (what older records did not say stays empty).
RunContext run_context_of(const RunRecord& record);

}  // namespace apsp
