#pragma once
/// @file trace.h
/// @brief The profile's samples as a timeline: Chrome trace / Perfetto JSON (open it in ui.perfetto.dev or
/// chrome://tracing). One process per device ("GPU 0 (NVIDIA H200)", or "CPU"), one thread per track (main,
/// look-ahead, communication: the streams, or the CPU's thread role), one complete ("X") event per sample:
/// every phase, copy and broadcast, at its start_us on the solve's common time axis, with round, phase,
/// device, bytes, updates and k-steps as args.
#include <apsp/profile/profile.h>
#include <apsp/report/export_context.h>
#include <apsp/solve/solver.h>

#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace apsp {

/// @brief Host work that is not in the solver's profile (apsp solve's load: graph -> matrix), as a slice of the
/// "host" track on the samples' time axis.
struct HostSlice {
  std::string name;
  double start_us = 0;  ///< on the samples' axis; < 0 before the solve's time reference (taken in reset())
  double ms = 0;
};

/// @brief What the timeline names: the run it came from (the export context every export carries, as
/// "otherData") and its devices.
struct TraceContext : ExportContext {
  bool on_gpu = false;                      ///< samples' device numbers are CUDA ordinals (else: one CPU)
  std::map<int, std::string> device_names;  ///< CUDA ordinal -> name, for the process names
  /// Drawn on the CPU process (a "host" process beside the GPUs); a slice before the reference shifts every
  /// event by the same amount so that the trace starts at 0.
  std::vector<HostSlice> host_slices;
};

/// @brief The context of a run of @p backend with @p options on an n-vertex graph (run id "-", graph unknown:
/// ""); CUDA device names from device_info.h when the backend runs on GPUs, else the CPU model; @p run, where
/// collected, the run's context (written as the export context writes it, into otherData).
TraceContext trace_context_for(std::string_view backend, const SolverOptions& options, int n,
                               const RunContext& run = {});

/// @brief The trace as JSON text: {"traceEvents": [...], "displayTimeUnit": "ms", "otherData": {...}}. Samples
/// without a start (start_us < 0) are left out; ts and dur are microseconds.
std::string trace_json(const std::vector<PhaseSample>& samples, const TraceContext& context);

/// @brief Writes trace_json() to @p path through AtomicFile (all or nothing). Throws Error naming the file.
void write_trace(const std::string& path, const std::vector<PhaseSample>& samples, const TraceContext& context);

}  // namespace apsp
