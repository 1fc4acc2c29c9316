#pragma once
/// @file option_limits.h
/// @brief The bounds of every numeric option of `apsp` and `apsp-studio`, in one place. Both programs check
/// their flags against these (a one-line usage error, exit 2) and print them in --help; the engine checks
/// the solver options it is handed against the same numbers.
#include <algorithm>
#include <thread>

namespace apsp::limits {

/// @brief Block size B: 1 .. 4096. The CPU variants take any B (larger blocks only pad the matrix and
/// leave the caches); the CUDA variants take their own short lists within this range.
inline constexpr int kMinBlock = 1;
inline constexpr int kMaxBlock = 4096;

/// @brief GPUs for multi-GPU variants: 1 .. 64 (whether that many are visible is checked when solving).
inline constexpr int kMaxGpus = 64;

/// @brief CPU threads: 0 (one per core) .. kThreadsPerCore x the cores. More only oversubscribes, and
/// libgomp fails near 50000 threads and crashes near 100000.
inline constexpr int kThreadsPerCore = 4;
/// @brief The largest thread count accepted on this machine (at least kThreadsPerCore).
inline int max_threads() {
  return kThreadsPerCore * std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

/// @brief `apsp bench`: timed runs 1 .. 1000 per variant and size, untimed warm-up runs 0 .. 1000.
inline constexpr int kMaxRepeat = 1000;
inline constexpr int kMaxWarmup = 1000;
/// @brief `apsp bench --min-time`: 0 .. 3600 seconds of timed runs per configuration.
inline constexpr double kMaxMinTimeS = 3600;

/// @brief Vertex counts given as numbers (`apsp bench --n`): 1 .. 2^20. Whether the matrix fits in memory
/// is checked separately; generator specs carry their own per-model bounds.
inline constexpr int kMaxVertices = 1 << 20;

/// @brief The predecessor matrix Π (`apsp solve --pred`, Solver::read_predecessors): kept for n <= 4096. Π costs
/// 4 n^2 bytes beside the distances (64 MiB at 4096); a CPU variant that tracks it relaxes with scalar code on
/// one thread (its bookkeeping does not vectorize), and the other variants derive it from the distances with
/// one breadth-first search per source over the input matrix, n^3 edge checks (about 7 * 10^10 at 4096, as
/// long as a solve). Classroom graphs have tens of vertices; a few thousand still fit a student's machine.
inline constexpr int kMaxPredecessorVertices = 4096;

/// @brief Steps requested up front (`apsp-studio --advance`, `--advance-phases`, `--advance-k`): up to 10^7,
/// more than any solve that fits in memory has; a count past the end stops at the end.
inline constexpr int kMaxAdvanceSteps = 10'000'000;

/// @brief `apsp-studio --frames`: 1 .. 10^7 (about 46 hours at 60 Hz).
inline constexpr int kMaxFrames = 10'000'000;

/// @brief `apsp-studio --view-budget`: heatmap texture side 16 .. 16384 texels (GL's usual texture limit).
inline constexpr int kMinViewBudget = 16;
inline constexpr int kMaxViewBudget = 16384;

/// @brief `apsp-studio --size WxH`: each side 64 .. 16384 pixels.
inline constexpr int kMinWindowSide = 64;
inline constexpr int kMaxWindowSide = 16384;

/// @brief `apsp-studio --scale`: UI scale 0.5 .. 4.
inline constexpr float kMinUiScale = 0.5f;
inline constexpr float kMaxUiScale = 4.0f;

/// @brief `apsp-studio --rps`: playback speed 0.25 .. 240 rounds per second.
inline constexpr float kMinRoundsPerSecond = 0.25f;
inline constexpr float kMaxRoundsPerSecond = 240.0f;

/// @brief `apsp solve --max-seconds`: 0 (no limit) .. 10^9 seconds (about 32 years).
inline constexpr double kMaxSolveSeconds = 1e9;

/// @brief `apsp-studio --synthetic-gpus` (a test hook): 2 .. 8 made-up GPUs.
inline constexpr int kMinSyntheticGpus = 2;
inline constexpr int kMaxSyntheticGpus = 8;

/// @brief `apsp-studio --heatmap-scale`: 1 .. 64 pixels per cell side (the image must also stay within
/// kMaxViewBudget pixels per side, checked when it is written).
inline constexpr int kMinHeatmapScale = 1;
inline constexpr int kMaxHeatmapScale = 64;

// --- Handouts (apsp handout, the studio's Handout export) ---
/// @brief A handout prints n x n tables: at most 16 vertices, so that D and Π with headers stay readable on one
/// A4 page (17 columns of up to 6 characters at 9 points or more).
inline constexpr int kMaxHandoutVertices = 16;

}  // namespace apsp::limits
