// LiveViewTiles (live_view_tiles.cuh): the buffer, its seeding and the fold of phases 1 and 2.
#include "solve/cuda/live_view_tiles.cuh"

#include "device/view_tiles.cuh"

namespace apsp::cuda {

namespace {

/// log2 of @p v when it is a power of two, else -1.
int exact_log2(int v) {
  if (v <= 0 || (v & (v - 1)) != 0) return -1;
  int s = 0;
  while ((1 << s) < v) ++s;
  return s;
}

}  // namespace

bool epilogue_aligned(const ViewGeometry& g, int elems_per_word) {
  if (g.n <= 0 || g.rows <= 0 || g.cols <= 0 || g.rows > g.n || g.cols > g.n) return false;
  if (g.n % g.rows != 0 || g.n % g.cols != 0) return false;
  const int shift_r = exact_log2(g.n / g.rows), shift_c = exact_log2(g.n / g.cols);
  const int word_shift = elems_per_word == 2 ? 1 : 0;
  return shift_r >= 2 && shift_c >= 2 + word_shift;
}

bool LiveViewTiles::track(const ViewGeometry* g, int row_begin, int rows, int elems_per_word) {
  const bool want = g && rows > 0 && row_begin >= 0 && row_begin + rows <= g->n && epilogue_aligned(*g, elems_per_word);
  if (!want) {
    m_on = false;
    m_stale = true;
    m_g = ViewGeometry{};
    m_tiles = DeviceBuffer();
    return false;
  }
  if (m_on && m_g.n == g->n && m_g.rows == g->rows && m_g.cols == g->cols && m_row_begin == row_begin && m_rows == rows)
    return true;
  m_g = *g;
  m_row_begin = row_begin;
  m_rows = rows;
  m_y_begin = texel_of_cell(row_begin, g->n, g->rows);
  m_y_end = texel_of_cell(static_cast<long long>(row_begin) + rows - 1, g->n, g->rows) + 1;
  m_shift_r = exact_log2(g->n / g->rows);
  m_shift_c = exact_log2(g->n / g->cols);
  m_tiles = DeviceBuffer();
  m_tiles = DeviceBuffer::allocate(static_cast<std::size_t>(m_y_end - m_y_begin) * static_cast<std::size_t>(g->cols) *
                                   sizeof(std::int32_t));
  m_on = true;
  m_stale = true;
  return true;
}

template <class T> void LiveViewTiles::refresh_async(const T* band, std::size_t pitch, cudaStream_t stream) {
  if (!m_on || !m_stale) return;
  view_tile_min_rows_async<T>(band, pitch, m_row_begin, m_row_begin + m_rows, m_g.n, m_g.rows, m_g.cols, m_y_begin,
                              m_y_end, static_cast<std::int32_t*>(m_tiles.get()), stream);
  m_stale = false;
}

LiveTexels LiveViewTiles::texels() const {
  LiveTexels t;
  if (!current()) return t;
  t.tiles = static_cast<std::int32_t*>(m_tiles.get());
  t.n = m_g.n;
  t.row_offset = m_row_begin;
  t.y_begin = m_y_begin;
  t.cols = m_g.cols;
  t.shift_r = m_shift_r;
  t.shift_c = m_shift_c;
  return t;
}

template <class T>
void LiveViewTiles::fold_async(const T* band, std::size_t pitch, int r0, int r1, int c0, int c1,
                               cudaStream_t stream) const {
  if (!current()) return;
  r0 = r0 > m_row_begin ? r0 : m_row_begin;
  r1 = r1 < m_row_begin + m_rows ? r1 : m_row_begin + m_rows;
  view_tile_fold_async<T>(band, pitch, m_row_begin, r0, r1, c0, c1, m_g.n, m_g.rows, m_g.cols, m_y_begin,
                          static_cast<std::int32_t*>(m_tiles.get()), stream);
}

#define APSP_INSTANTIATE(T)                                                                                  \
  template void LiveViewTiles::refresh_async<T>(const T*, std::size_t, cudaStream_t);                        \
  template void LiveViewTiles::fold_async<T>(const T*, std::size_t, int, int, int, int, cudaStream_t) const;
APSP_INSTANTIATE(std::int32_t)
APSP_INSTANTIATE(std::int16_t)
#undef APSP_INSTANTIATE

}  // namespace apsp::cuda
