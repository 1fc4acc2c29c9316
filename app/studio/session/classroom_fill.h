#pragma once
// Copies the worker's Inspection into the ClassroomState the panels and overlays read, once per frame.
#include "session/classroom_state.h"
#include "session/inspection.h"

namespace apsp::studio {

/// @brief Fills @p out's relaxation, source cells, paths and negative cycle from @p inspection; the selection
/// follows the worker's once it has one (a click sets it at once, the worker confirms it).
void fill_classroom(ClassroomState& out, const Inspection& inspection);

}  // namespace apsp::studio
