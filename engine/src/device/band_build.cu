#include "device/band_build.cuh"

#include <apsp/core/types.h>
#include <apsp/device/check.cuh>
#include <apsp/device/stream.cuh>

#include <algorithm>
#include <cstring>

namespace apsp::cuda {

namespace {

constexpr int kThreads = 256;
// Edges per staging copy: big enough that each copy runs at PCIe speed, small enough that two staging buffers
// cost little page-locked memory.
constexpr std::int64_t kStagingEdges = (std::int64_t{16} << 20) / static_cast<std::int64_t>(sizeof(Edge));
constexpr int kMaxGridY = 65535;       // gridDim.y limit; taller bands loop over rows
constexpr int kMaxScatterBlocks = 8192;  // the scatter loops over the edges beyond this many threads

// One 16-byte store per thread: row r of the band, elements [chunk * V, chunk * V + V). The memory is
// bandwidth-bound, so wide coalesced stores are the whole game; the partial chunk at a row's end (cols not a
// multiple of V) is stored element by element.
template <class T>
__global__ void __launch_bounds__(kThreads) fill_wide_kernel(MatrixView<T> band, int row_begin, int chunks_per_row, T inf) {
  constexpr int V = static_cast<int>(sizeof(uint4) / sizeof(T));
  const int chunk = static_cast<int>(blockIdx.x) * kThreads + static_cast<int>(threadIdx.x);
  if (chunk >= chunks_per_row) return;
  const int c0 = chunk * V;
  for (int r = static_cast<int>(blockIdx.y); r < band.rows; r += static_cast<int>(gridDim.y)) {
    const int diagonal = row_begin + r;
    T* row = band.row(r);
    if (c0 + V <= band.cols) {
      union {
        uint4 wide;
        T values[V];
      } chunk_values;
#pragma unroll
      for (int k = 0; k < V; ++k) chunk_values.values[k] = c0 + k == diagonal ? T{0} : inf;
      *reinterpret_cast<uint4*>(row + c0) = chunk_values.wide;
    } else {
      for (int c = c0; c < band.cols; ++c) row[c] = c == diagonal ? T{0} : inf;
    }
  }
}

// Fallback for a view whose rows are not 16-byte aligned (an offset view): one element per thread.
template <class T>
__global__ void __launch_bounds__(kThreads) fill_narrow_kernel(MatrixView<T> band, int row_begin, T inf) {
  const int c = static_cast<int>(blockIdx.x) * kThreads + static_cast<int>(threadIdx.x);
  if (c >= band.cols) return;
  for (int r = static_cast<int>(blockIdx.y); r < band.rows; r += static_cast<int>(gridDim.y))
    band.at(r, c) = c == row_begin + r ? T{0} : inf;
}

// Lightest wins: several edges may land on one cell in any order, so the cell keeps the minimum atomically.
__device__ __forceinline__ void relax_cell(std::int32_t* cell, std::int32_t w) { atomicMin(cell, w); }

// A 16-bit cell is relaxed through the aligned 32-bit word holding it: only its own half changes, so a
// neighbour's concurrent update is never lost (the CAS retries).
__device__ __forceinline__ void relax_cell(std::int16_t* cell, std::int32_t w) {
  const auto address = reinterpret_cast<std::uintptr_t>(cell);
  auto* word = reinterpret_cast<unsigned int*>(address & ~std::uintptr_t{3});
  const unsigned int shift = static_cast<unsigned int>(address & 2u) * 8u;
  const unsigned int mask = 0xFFFFu << shift;
  const unsigned int bits = (static_cast<unsigned int>(static_cast<std::uint16_t>(static_cast<std::int16_t>(w)))) << shift;
  unsigned int old = *word;
  while (true) {
    const auto current = static_cast<std::int16_t>(static_cast<std::uint16_t>((old & mask) >> shift));
    if (static_cast<std::int32_t>(current) <= w) return;
    const unsigned int seen = atomicCAS(word, old, (old & ~mask) | bits);
    if (seen == old) return;
    old = seen;
  }
}

template <class T>
__global__ void __launch_bounds__(kThreads) scatter_kernel(MatrixView<T> band, int row_begin, const Edge* edges, std::int64_t m) {
  const std::int64_t stride = static_cast<std::int64_t>(gridDim.x) * kThreads;
  for (std::int64_t i = static_cast<std::int64_t>(blockIdx.x) * kThreads + threadIdx.x; i < m; i += stride) {
    const Edge e = edges[i];
    const int r = e.src - row_begin;
    if (r < 0 || r >= band.rows || e.dst < 0 || e.dst >= band.cols) continue;  // another band's edge
    if (e.src == e.dst && e.weight >= 0) continue;  // a non-negative self loop never beats staying put
    relax_cell(&band.at(r, e.dst), e.weight);
  }
}

}  // namespace

DeviceEdges DeviceEdges::upload(const Graph& g, cudaStream_t s) {
  DeviceEdges out;
  const std::int64_t m = g.m();
  if (m == 0) return out;
  const std::uint64_t total = static_cast<std::uint64_t>(m) * sizeof(Edge);
  require_device_memory("the edge list (" + std::to_string(m) + " edges)", total);
  out.m_buffer = DeviceBuffer::allocate(total);
  out.m_count = m;

  // Two staging buffers alternate: the host fills one while the other's copy runs.
  const std::int64_t chunk = std::min(m, kStagingEdges);
  const int buffers = m > chunk ? 2 : 1;
  PinnedBuffer staging[2];
  Event copied[2];
  for (int b = 0; b < buffers; ++b) {
    staging[b] = PinnedBuffer::allocate(static_cast<std::size_t>(chunk) * sizeof(Edge));
    copied[b] = Event::create();
  }
  auto* device = static_cast<Edge*>(out.m_buffer.get());
  int k = 0;
  for (std::int64_t first = 0; first < m; first += chunk, ++k) {
    const int b = k % buffers;
    if (k >= buffers) APSP_CUDA_CHECK(cudaEventSynchronize(copied[b].get()));  // its previous copy is done
    const std::int64_t count = std::min(chunk, m - first);
    const std::size_t bytes = static_cast<std::size_t>(count) * sizeof(Edge);
    std::memcpy(staging[b].get(), g.edges.data() + first, bytes);
    APSP_CUDA_CHECK(cudaMemcpyAsync(device + first, staging[b].get(), bytes, cudaMemcpyHostToDevice, s));
    APSP_CUDA_CHECK(cudaEventRecord(copied[b].get(), s));
  }
  APSP_CUDA_CHECK(cudaStreamSynchronize(s));  // the staging buffers are freed on return
  return out;
}

template <class T>
void build_band_from_edges_async(MatrixView<T> band, int row_begin, const Edge* edges, std::int64_t m, cudaStream_t s) {
  if (band.rows <= 0 || band.cols <= 0) return;
  const unsigned int grid_y = static_cast<unsigned int>(std::min(band.rows, kMaxGridY));
  const bool wide = reinterpret_cast<std::uintptr_t>(band.data) % sizeof(uint4) == 0 && band.pitch * sizeof(T) % sizeof(uint4) == 0;
  if (wide) {
    constexpr int V = static_cast<int>(sizeof(uint4) / sizeof(T));
    const int chunks_per_row = (band.cols + V - 1) / V;
    const dim3 grid(static_cast<unsigned int>((chunks_per_row + kThreads - 1) / kThreads), grid_y);
    fill_wide_kernel<T><<<grid, kThreads, 0, s>>>(band, row_begin, chunks_per_row, DistTraits<T>::inf);
    APSP_CUDA_CHECK_LAUNCH("fill_wide_kernel");
  } else {
    const dim3 grid(static_cast<unsigned int>((band.cols + kThreads - 1) / kThreads), grid_y);
    fill_narrow_kernel<T><<<grid, kThreads, 0, s>>>(band, row_begin, DistTraits<T>::inf);
    APSP_CUDA_CHECK_LAUNCH("fill_narrow_kernel");
  }
  if (m <= 0) return;
  const std::int64_t blocks = std::min<std::int64_t>((m + kThreads - 1) / kThreads, kMaxScatterBlocks);
  scatter_kernel<T><<<static_cast<unsigned int>(blocks), kThreads, 0, s>>>(band, row_begin, edges, m);
  APSP_CUDA_CHECK_LAUNCH("scatter_kernel");
}

template void build_band_from_edges_async<std::int32_t>(MatrixView<std::int32_t>, int, const Edge*, std::int64_t, cudaStream_t);
template void build_band_from_edges_async<std::int16_t>(MatrixView<std::int16_t>, int, const Edge*, std::int64_t, cudaStream_t);

}  // namespace apsp::cuda
