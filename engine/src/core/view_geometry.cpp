#include <apsp/core/view_geometry.h>

#include <algorithm>

namespace apsp {

ViewGeometry make_view_geometry(int n, int budget) {
  ViewGeometry g;
  g.n = n;
  g.rows = g.cols = std::max(0, std::min(n, budget));
  return g;
}

}  // namespace apsp
