// Builds without CUDA: the heatmap always takes the host upload path.
#include "render/interop.h"

namespace apsp::studio {

InteropChoice create_heatmap_interop(int) { return {nullptr, "built without CUDA"}; }

}  // namespace apsp::studio
