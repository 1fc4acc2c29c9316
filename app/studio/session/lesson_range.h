#pragma once
// The colour range of a whole lesson: every value any step of the run will show, known before the first step,
// so that a cell keeps its colour while its distance does not change. Distances only decrease, so the smallest
// value of any state is the final matrix's smallest; the largest finite one is the largest "first finite value"
// of a cell, which can appear mid-lesson above the initial maximum and depends on the order of the updates. So
// it is measured, by replaying the same algorithm (blocked or plain, the same block and dtype) on the CPU k-step
// by k-step: every frame the run can show (k, phase or round steps, mid-step views) lies within it.
#include <apsp/core/distance_matrix.h>
#include <apsp/view/view.h>

#include <optional>

namespace apsp::studio {

/// Classroom sizes: up to this n the replay (twice n^3 updates on one core, a fraction of a second) is
/// made when a solver is set up; above it the colours keep each step's own range.
inline constexpr int kLessonRangeMaxN = 256;

/// @brief The range of every state of a run on @p initial (n <= kLessonRangeMaxN) of a blocked (three-phase) or
/// plain Floyd–Warshall with block @p block. nullopt above the size limit, and for a run a negative cycle or a
/// range error stops (its values are not a lesson's range).
std::optional<ValueRange> lesson_range(const DistanceMatrix& initial, bool blocked, int block);

}  // namespace apsp::studio
