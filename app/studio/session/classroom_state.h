#pragma once
// What the classroom features share: the selected cell, the relaxation the inspector explains, the
// current and final paths of the selected pair, a negative cycle, and the presentation switches. The session /
// inspector side (App) writes it each frame; the heatmap overlays, the graph view, the pseudocode and the
// inspector panels read it. Vertex and cell numbers are 0-based everywhere, the same as the matrix axes.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "session/negative_cycle_finding.h"

namespace apsp::studio {

/// @brief A matrix cell (row i, column j), 0-based; i < 0 means none.
struct CellRef {
  int i = -1;
  int j = -1;
  bool valid() const { return i >= 0 && j >= 0; }
  bool operator==(const CellRef&) const = default;
};

/// @brief The inspector's relaxation of the selected cell at the step just taken:
/// d[i][j] = min(d_ij_before, d_ik + d_kj) = d_ij. Values widened to int32, unreachable = kInf32.
struct Relaxation {
  int round = -1;          ///< round of the step just taken (0-based)
  int phase = 0;           ///< 1, 2, 3 for blocked variants (pivot, row/column, independent); 0: a whole pass
  int k = -1;              ///< global intermediate vertex of the relaxation shown
  CellRef cell;            ///< (i, j)
  bool updated_by_step = false;  ///< whether the step just taken writes this cell at all
  std::int32_t d_ij_before = 0;
  std::int32_t d_ik = 0;
  std::int32_t d_kj = 0;
  std::int32_t d_ij = 0;   ///< after the step
  std::string line;        ///< the highlighted pseudocode line's text
};

/// @brief How much of the path read from Π the graph view draws (ui/predecessor_display.h).
struct PiPathStep {
  CellRef cell;    ///< the cell whose path is stepped; another selected cell shows its whole path
  int edges = -1;  ///< edges drawn, from j backwards; -1: the whole path
};

/// @brief Everything the classroom panels and overlays read.
struct ClassroomState {
  CellRef selected;                     ///< --select I:J or a click on the heatmap
  std::optional<Relaxation> relaxation; ///< empty: no selection or no step taken yet
  CellRef source_ik;                    ///< the two cells the relaxation reads (marked on the heatmap)
  CellRef source_kj;
  std::vector<std::int32_t> current_path;  ///< i .. j after the steps taken so far; empty: unreachable or none
  std::int64_t current_path_length = 0;
  std::vector<std::int32_t> final_path;    ///< once the solve finished
  std::int64_t final_path_length = 0;
  NegativeCycleFinding negative_cycle;     ///< once one is found (its vertices may be unknown)
  bool presentation = false;               ///< side panels hidden, large type (--presentation, key P)
  bool graph_view = true;                  ///< the graph view panel (--graph-view on|off)
  // Π, the predecessor matrix (session/predecessor_view.h): the D / Π switch and the Π path's steps.
  bool show_pi = false;     ///< the heatmap shows Π, the inspector leads with it (--show pi, key V)
  PiPathStep pi_path_step;  ///< keys [ and ], the inspector's |< < > >|
};

}  // namespace apsp::studio
