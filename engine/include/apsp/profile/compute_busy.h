#pragma once
/// @file compute_busy.h
/// @brief How much of a run's time axis its compute phases cover (the studio's device_busy_ms).
#include <apsp/profile/profile.h>

#include <vector>

namespace apsp {

/// @brief The time the compute samples of rounds >= 0 that have a start cover on the time axis, samples that
/// overlap (streams, GPUs side by side) counted once: the span from the first start to the last end, less the
/// gaps in which no compute phase ran. Milliseconds; 0 without such samples.
double compute_busy_ms(const std::vector<PhaseSample>& samples);

}  // namespace apsp
