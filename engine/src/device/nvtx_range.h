#pragma once
// NVTX ranges around each (round, phase) the CUDA solvers enqueue, so that Nsight Systems shows the solve's
// structure on the enqueuing host thread above the kernels it launched. NVTX3 is header-only and ships with
// CUDA; with no tool attached a push or pop is one call through a function pointer that returns at once, and
// the name is a few dozen bytes formatted on the stack: cheap next to a launch. Compiled only with CUDA.
#include <nvtx3/nvToolsExt.h>

#include <cstdio>
#include <string>
#include <string_view>

namespace apsp::cuda {

/// @brief Pushes "round R: <phase label>" (with the k range when a phase is stepped part way) on construction,
/// pops it on destruction; one per run_phase() call. The label is the caller's (profile.h label()): this room
/// knows no phases.
class NvtxPhaseRange {
 public:
  NvtxPhaseRange(int round, std::string_view phase_label, int k_begin, int k_end, bool whole_phase) {
    char name[96];
    const std::string what(phase_label);
    if (whole_phase)
      std::snprintf(name, sizeof name, "round %d: %s", round, what.c_str());
    else
      std::snprintf(name, sizeof name, "round %d: %s, k %d..%d", round, what.c_str(), k_begin, k_end - 1);
    nvtxRangePushA(name);
  }
  ~NvtxPhaseRange() { nvtxRangePop(); }
  NvtxPhaseRange(const NvtxPhaseRange&) = delete;
  NvtxPhaseRange& operator=(const NvtxPhaseRange&) = delete;
};

}  // namespace apsp::cuda
