// Tile minima of a host matrix (CPU variants' storage); the device counterpart is solve/cuda/tile_minima.cu.
#include <apsp/solve/tile_minima.h>

#include <algorithm>
#include <cstdint>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace apsp {

namespace {

int resolve_threads(int threads) {
  if (threads > 0) return threads;
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

template <class T>
void tile_minima(const Solver::StorageBand& band, const ViewGeometry& g, int threads, std::int32_t* tiles) {
  const auto* base = static_cast<const unsigned char*>(band.data);
#pragma omp parallel for schedule(static) num_threads(threads)
  for (int y = 0; y < g.rows; ++y) {
    std::int32_t* out = tiles + static_cast<std::size_t>(y) * static_cast<std::size_t>(g.cols);
    for (int x = 0; x < g.cols; ++x) out[x] = INT32_MAX;
    for (int i = g.row_begin(y); i < g.row_begin(y + 1); ++i) {
      const T* row = reinterpret_cast<const T*>(base + band.pitch_bytes * static_cast<std::size_t>(i));
      for (int x = 0; x < g.cols; ++x) {
        const int j1 = g.col_begin(x + 1);
        std::int32_t m = out[x];
        for (int j = g.col_begin(x); j < j1; ++j) m = std::min<std::int32_t>(m, row[j]);
        out[x] = m;
      }
    }
  }
}

}  // namespace

void host_tile_minima(const Solver::Storage& storage, const ViewGeometry& geometry, int threads,
                      std::int32_t* tiles) {
  if (storage.bands.empty()) return;
  const Solver::StorageBand& band = storage.bands.front();  // host storage is one band of every row
  if (storage.dtype == DType::I16) {
    tile_minima<std::int16_t>(band, geometry, resolve_threads(threads), tiles);
  } else {
    tile_minima<std::int32_t>(band, geometry, resolve_threads(threads), tiles);
  }
}

}  // namespace apsp
