#pragma once
// The profile on a time axis: one lane per device and track (main, look-ahead, communication: the streams of a
// GPU, or the CPU's thread), each sample a slice from its start to its end, coloured by phase. The same data
// as --trace's timeline (apsp/report/trace.h), so the overlap of look-ahead, communication and phase 3 shows
// without leaving the studio. Zoom and pan on the time axis as on every plot (plot_zoom.h).
#include <apsp/profile/profile.h>
#include <imgui.h>

#include <vector>

namespace apsp::chart {

struct TimelineOptions {
  bool on_gpu = false;              ///< lanes are named "GPU d" (else "CPU")
  ImU32 (*color)(Phase) = nullptr;  ///< slice colour per phase
};

/// @brief Draws @p samples that have a start (start_us >= 0) into a @p size box at the cursor; hovering a
/// slice shows its round, phase, device, stream, start, duration and bandwidth.
void timeline_plot(const char* id, const std::vector<PhaseSample>& samples, const TimelineOptions& options,
                   ImVec2 size);

}  // namespace apsp::chart
