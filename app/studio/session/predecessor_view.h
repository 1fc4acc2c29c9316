#pragma once
// Π, CLRS's predecessor matrix, as the classroom shows it: the whole matrix at the cursor (the heatmap's Π
// mode), π_ij of the selected cell before and after the step just done (the inspector), and the path read back
// from Π, j <- π_ij <- ... <- i, with its length from the edge weights beside d_ij (the graph view). The worker
// computes it (session/predecessor_reader.h) and publishes it with the inspection. 0-based, as the matrix axes.
#include <apsp/core/option_limits.h>
#include <apsp/core/predecessor_matrix.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "session/graph_view_limit.h"

namespace apsp::studio {

/// @brief Π is kept for graphs the graph view draws (its path is drawn there), and never above the engine's
/// own limit for Π.
inline constexpr int kPredecessorViewMaxVertices = std::min(kGraphViewMaxVertices, limits::kMaxPredecessorVertices);

struct PredecessorInspection {
  /// Π at the cursor; null when not shown (then `note` says why in one line).
  std::shared_ptr<const PredecessorMatrix> pi;
  std::string note;
  /// Π before the step just done; null before the first step, or where that state has no Π to read (mid-round
  /// on a backend that derives Π).
  std::shared_ptr<const PredecessorMatrix> pi_before;
  /// true: the solver keeps its own Π, updated at every strict improvement (CPU backends); false: Π derived
  /// from the distances (round boundaries and the end only).
  bool tracked = false;
  /// The selected cell's π_ij after the step just done, and before it (nullopt: no step yet, or the state
  /// before it has no Π to read, mid-round on a backend that derives Π).
  std::int32_t pi_ij = kNoPredecessor;
  std::optional<std::int32_t> pi_ij_before;
  /// i .. j as read back from Π (i == j: {i}); empty: j unreachable from i (π_ij is NIL).
  std::vector<std::int32_t> path;
  /// The sum of the path's edge weights (the lightest of parallel edges); meaningful when path_on_edges.
  std::int64_t path_length = 0;
  /// Every step of the path is an edge of the graph (else the path is shown without a length).
  bool path_on_edges = true;
  std::int32_t d_ij = 0;  ///< the distance now, shown beside the path's length (kInf32: unreachable)

  bool shown() const { return pi != nullptr; }
};

}  // namespace apsp::studio
