// cuda-batched-bf: Bellman–Ford over a batch of sources at once, as a frontier-compacted
// min-plus product of the distance block with the sparse adjacency.
//
// Layout: the batch's distances are vertex-major, dist[v][s] (a batch of sources contiguous per vertex), so
// relaxing the edge (u, v) for every source of a chunk is one coalesced vector operation
//   dist[v][chunk] = min(dist[v][chunk], dist[u][chunk] + w).
// Work items are (chunk, v) pairs, one warp each (pull over v's in-edges, 1, 2 or 4 sources per lane). A round
// processes only the items some in-neighbour of which improved in the round before (its "changed" stamp), reads
// only those in-neighbours, and appends the out-neighbours of every improved item to the next round's list
// (each (chunk, v) once per round: its "queued" stamp). So every cell of dist has one writer per round and no
// atomics touch distances; reads of a row another warp rewrites in the same round see the old or the new value,
// both lengths of real walks, and the writer re-queues the reader for the next round. The batch is done when a
// round queues nothing.
//
// Negative weights need no reweighting: Bellman–Ford is exact with them once there is no negative cycle, which
// SparseSolver::solve has ruled out (Johnson's potentials, computed there, are not used here). Distances stay
// int32: |d(u)| and |w| are below kInf32 = 2^30 - 1, so d(u) + w cannot overflow int32. A candidate <= -kInf32
// is an error at once (the true distance is at most it); a candidate >= kInf32 is dropped and raises a flag,
// after which a check at the end of the batch reports any vertex left unreached with a reached in-neighbour
// (its true distance is then >= kInf32). Both are RangeErrors, as for the other solvers.
//
// Pipeline: per batch, seed, rounds (checked every kRoundsPerCheck rounds by one small copy), a tiled transpose
// into an S x n block (double-buffered), then D2H through pinned staging buffers on a second stream, copied into
// the result by several host threads while the GPU already works on the next batch.
#include <apsp/core/errors.h>
#include <apsp/core/types.h>

#include <algorithm>
#include <apsp/device/check.cuh>
#include <apsp/device/stream.cuh>
#include <chrono>
#include <cstddef>
#include <cstring>
#include <deque>
#include <functional>
#include <string>
#include <vector>

#include "device/buffer.cuh"
#include "solve/batched_bf_plan.h"
#include "solve/parallel_copy.h"
#include "solve/sparse_factories.h"

namespace apsp {

namespace {

constexpr unsigned kFullMask = 0xffffffffu;
constexpr unsigned long long kNoRangeError = ~0ull;
/// Rounds enqueued between two reads of the next round's item count: an empty round costs one launch of a few
/// microseconds, a read costs a host round trip.
constexpr int kRoundsPerCheck = 8;
/// Bytes of each of the two pinned staging buffers of the copy-out.
constexpr std::size_t kStagingBytes = std::size_t{32} << 20;

/// The small state the host reads back: the rotating item counts and the range-error slot.
struct Control {
  unsigned count[3];      ///< round r reads count[r % 3], appends to count[(r + 1) % 3]
  int positive_overflow;  ///< 1 once a candidate reached kInf32 (the end-of-batch check decides)
  int padding;
  unsigned long long range_error;  ///< smallest row * n + v whose distance leaves the int32 range
};

struct BatchView {
  int* dist;              ///< n x stride, dist[v * stride + s]; kInf32 = unreached
  int* changed;           ///< chunks x n: the last round in which (chunk, v) improved; -1 never
  int* queued;            ///< chunks x n: the last round whose work list holds (chunk, v); -1 never
  const int* in_offsets;  ///< reverse CSR
  const int* in_sources;
  const int* in_weights;
  const int* out_offsets;  ///< forward CSR
  const int* out_targets;
  Control* control;
  int n;
  int stride;  ///< sources per vertex row: the batch, a whole number of chunks
};

template <int V>
__device__ __forceinline__ void load_lanes(const int* p, int (&d)[V]) {
  if constexpr (V == 4) {
    const int4 t = *reinterpret_cast<const int4*>(p);
    d[0] = t.x, d[1] = t.y, d[2] = t.z, d[3] = t.w;
  } else if constexpr (V == 2) {
    const int2 t = *reinterpret_cast<const int2*>(p);
    d[0] = t.x, d[1] = t.y;
  } else {
    d[0] = *p;
  }
}

template <int V>
__device__ __forceinline__ void store_lanes(int* p, const int (&d)[V]) {
  if constexpr (V == 4)
    *reinterpret_cast<int4*>(p) = make_int4(d[0], d[1], d[2], d[3]);
  else if constexpr (V == 2)
    *reinterpret_cast<int2*>(p) = make_int2(d[0], d[1]);
  else
    *p = d[0];
}

/// best = min(best, du + w) for one source (batch row @p row), saturating at the int32 range.
__device__ __forceinline__ void relax_one(int& best, int du, int w, const BatchView& b, int row, int v) {
  if (du >= kInf32) return;      // u unreached from this source (padding rows never are reached)
  const int candidate = du + w;  // both below 2^30 - 1 in magnitude: no int32 overflow
  if (candidate >= kInf32) {
    if (!b.control->positive_overflow) b.control->positive_overflow = 1;
    return;
  }
  if (candidate <= -kInf32) {
    atomicMin(&b.control->range_error, static_cast<unsigned long long>(row) * static_cast<unsigned>(b.n) + v);
    return;
  }
  best = min(best, candidate);
}

/// Appends (chunk, x) for every out-neighbour x of v to the list of round @p next_round, each once per round.
/// Called by a whole warp (v and chunk warp-uniform); one atomicAdd per 32 out-edges.
__device__ void enqueue_out_neighbours(const BatchView& b, int chunk, int v, int next_round, unsigned* items,
                                       unsigned* count) {
  const int lane = threadIdx.x % 32;
  int* queued = b.queued + static_cast<std::size_t>(chunk) * b.n;
  const unsigned chunk_base = static_cast<unsigned>(chunk) * static_cast<unsigned>(b.n);
  const int end = b.out_offsets[v + 1];
  for (int base = b.out_offsets[v]; base < end; base += 32) {
    bool append = false;
    int x = 0;
    if (base + lane < end) {
      x = b.out_targets[base + lane];
      // The plain read skips the atomic for the many items already queued by another in-neighbour.
      append = queued[x] != next_round && atomicExch(&queued[x], next_round) != next_round;
    }
    const unsigned mask = __ballot_sync(kFullMask, append);
    if (mask == 0) continue;
    const int leader = __ffs(static_cast<int>(mask)) - 1;
    unsigned first = 0;
    if (lane == leader) first = atomicAdd(count, static_cast<unsigned>(__popc(static_cast<int>(mask))));
    first = __shfl_sync(kFullMask, first, leader);
    if (append)
      items[first + __popc(static_cast<int>(mask & ((1u << lane) - 1u)))] = chunk_base + static_cast<unsigned>(x);
  }
}

__global__ void fill_kernel(int* p, std::size_t count, int value) {
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x)
    p[i] = value;
}

/// One warp per batch row: the source's distance 0, its stamp (round 0) and its out-neighbours in round 1's list.
__global__ void seed_kernel(BatchView b, const int* sources, int rows, int chunk_sources, unsigned* items,
                            unsigned* count) {
  const int row = static_cast<int>((blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x) / 32);
  if (row >= rows) return;  // whole warps leave together
  const int s = sources[row];
  const int chunk = row / chunk_sources;
  if (threadIdx.x % 32 == 0) {
    b.dist[static_cast<std::size_t>(s) * b.stride + row] = 0;
    b.changed[static_cast<std::size_t>(chunk) * b.n + s] = 0;
  }
  enqueue_out_neighbours(b, chunk, s, 1, items, count);
}

/// One round: each warp takes (chunk, v) items of the list, pulls the in-neighbours that changed since v last
/// read them, writes v's row of the chunk if it improved and queues v's out-neighbours for the next round.
/// Bounded to 1024 threads per block so every --threads-per-block launches (64 registers at most; the 4-wide
/// variant needs exactly that).
template <int V>
__global__ void __launch_bounds__(1024) relax_round_kernel(BatchView b, int round, const unsigned* items, unsigned* next_items) {
  constexpr int kChunk = 32 * V;
  unsigned* count = b.control->count;
  // count[(round + 2) % 3] was read by the previous round and is appended to by the next: clear it now.
  if (blockIdx.x == 0 && threadIdx.x == 0) count[(round + 2) % 3] = 0;
  const unsigned item_count = count[round % 3];
  unsigned* next_count = &count[(round + 1) % 3];
  const int lane = threadIdx.x % 32;
  const unsigned warps = gridDim.x * (blockDim.x / 32);
  for (unsigned i = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32; i < item_count; i += warps) {
    const unsigned item = items[i];
    const int chunk = static_cast<int>(item / static_cast<unsigned>(b.n));
    const int v = static_cast<int>(item - static_cast<unsigned>(chunk) * static_cast<unsigned>(b.n));
    const int first_row = chunk * kChunk + lane * V;
    int* dv = b.dist + static_cast<std::size_t>(v) * b.stride + first_row;
    int best[V], before[V];
    load_lanes<V>(dv, best);
#pragma unroll
    for (int j = 0; j < V; ++j) before[j] = best[j];
    const int* changed = b.changed + static_cast<std::size_t>(chunk) * b.n;
    const int end = b.in_offsets[v + 1];
    for (int base = b.in_offsets[v]; base < end; base += 32) {
      // 32 in-edges at once: one coalesced read of the edges, one read of their stamps in parallel.
      int u = -1, w = 0;
      if (base + lane < end) {
        u = b.in_sources[base + lane];
        w = b.in_weights[base + lane];
        if (changed[u] < round - 1) u = -1;  // unchanged since v last read it (v was queued when it changed)
      }
      unsigned pending = __ballot_sync(kFullMask, u >= 0);
      while (pending != 0) {  // warp-uniform: every lane takes the same in-neighbours
        // Four in-neighbours' rows loaded before any is used, so their latencies overlap.
        int from[4], weight[4];
#pragma unroll
        for (int k = 0; k < 4; ++k) {
          from[k] = -1;
          weight[k] = 0;
          if (pending != 0) {
            const int src = __ffs(static_cast<int>(pending)) - 1;
            pending &= pending - 1;
            from[k] = __shfl_sync(kFullMask, u, src);
            weight[k] = __shfl_sync(kFullMask, w, src);
          }
        }
        int du[4][V];
#pragma unroll
        for (int k = 0; k < 4; ++k) {
          if (from[k] >= 0) {
            load_lanes<V>(b.dist + static_cast<std::size_t>(from[k]) * b.stride + first_row, du[k]);
          } else {
#pragma unroll
            for (int j = 0; j < V; ++j) du[k][j] = kInf32;
          }
        }
#pragma unroll
        for (int k = 0; k < 4; ++k)
#pragma unroll
          for (int j = 0; j < V; ++j) relax_one(best[j], du[k][j], weight[k], b, first_row + j, v);
      }
    }
    bool improved = false;
#pragma unroll
    for (int j = 0; j < V; ++j) improved = improved || best[j] < before[j];
    if (improved) store_lanes<V>(dv, best);
    if (__any_sync(kFullMask, improved)) {
      if (lane == 0) b.changed[static_cast<std::size_t>(chunk) * b.n + v] = round;
      enqueue_out_neighbours(b, chunk, v, round + 1, next_items, next_count);
    }
  }
}

/// Runs only after a candidate reached kInf32: a vertex still unreached from a row with a reached in-neighbour
/// has a true distance >= kInf32 (every in-range candidate would have been kept), so it is a range error.
__global__ void overflow_check_kernel(BatchView b, int rows) {
  const std::size_t cells = static_cast<std::size_t>(b.n) * static_cast<std::size_t>(rows);
  for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < cells;
       i += static_cast<std::size_t>(gridDim.x) * blockDim.x) {
    const int v = static_cast<int>(i / static_cast<std::size_t>(rows));
    const int row = static_cast<int>(i % static_cast<std::size_t>(rows));
    if (b.dist[static_cast<std::size_t>(v) * b.stride + row] < kInf32) continue;
    for (int e = b.in_offsets[v]; e < b.in_offsets[v + 1]; ++e)
      if (b.dist[static_cast<std::size_t>(b.in_sources[e]) * b.stride + row] < kInf32) {
        atomicMin(&b.control->range_error, static_cast<unsigned long long>(row) * static_cast<unsigned>(b.n) + v);
        break;
      }
  }
}

/// out[row][v] = dist[v][row] for row < rows: 32 x 32 tiles through shared memory, both sides coalesced.
__global__ void transpose_rows_kernel(const int* dist, int stride, int n, int rows, int* out) {
  __shared__ int tile[32][33];  // one column of padding: no bank conflicts on the transposed read
  const long long v0 = static_cast<long long>(blockIdx.x) * 32;
  for (int s0 = static_cast<int>(blockIdx.y) * 32; s0 < rows; s0 += static_cast<int>(gridDim.y) * 32) {
    for (int j = threadIdx.y; j < 32; j += blockDim.y) {
      const long long v = v0 + j;
      const int s = s0 + static_cast<int>(threadIdx.x);
      tile[j][threadIdx.x] = v < n && s < rows ? dist[v * stride + s] : 0;
    }
    __syncthreads();
    for (int j = threadIdx.y; j < 32; j += blockDim.y) {
      const int s = s0 + j;
      const long long v = v0 + threadIdx.x;
      if (s < rows && v < n) out[static_cast<long long>(s) * n + v] = tile[threadIdx.x][j];
    }
    __syncthreads();
  }
}

cuda::DeviceBuffer upload(const void* src, std::size_t bytes) {
  cuda::DeviceBuffer b = cuda::DeviceBuffer::allocate(std::max<std::size_t>(bytes, 4));
  if (bytes > 0) APSP_CUDA_CHECK(cudaMemcpy(b.get(), src, bytes, cudaMemcpyHostToDevice));
  return b;
}

/// The copy-out: finished S x n blocks go D2H through two pinned staging buffers on their own stream and are
/// copied into the result by several host threads; pump() makes progress without blocking, so the thread that
/// drives the rounds calls it while it waits for the GPU.
class RowDrain {
 public:
  RowDrain(cudaStream_t stream, cuda::PinnedBuffer (&staging)[2]) : m_stream(stream), m_staging(staging) {
    for (Slot& s : m_slots) s.done = cuda::Event::create();
  }

  /// Queues block @p index (rows already transposed into @p device once @p ready fires) for @p host.
  void add(std::int64_t index, const int* device, std::int32_t* host, std::size_t bytes, cudaEvent_t ready,
           std::int64_t first_row, std::int64_t rows) {
    m_blocks.push_back({index, reinterpret_cast<const unsigned char*>(device), reinterpret_cast<unsigned char*>(host),
                        bytes, ready, first_row, rows});
  }

  /// Takes finished staging copies and starts new ones; returns whether it did anything.
  bool pump() {
    bool progressed = false;
    while (!m_in_flight.empty()) {
      Slot& s = m_slots[m_in_flight.front()];
      const cudaError_t status = cudaEventQuery(s.done.get());
      if (status == cudaErrorNotReady) break;
      APSP_CUDA_CHECK(status);
      detail::parallel_copy(s.host, m_staging[m_in_flight.front()].get(), s.bytes);
      finish_piece(s);
      m_free[m_in_flight.front()] = true;
      m_in_flight.pop_front();
      progressed = true;
    }
    for (int slot = 0; slot < 2; ++slot) {
      if (!m_free[slot] || m_next_block >= m_blocks.size()) continue;
      Block& block = m_blocks[m_next_block];
      if (block.enqueued == 0) APSP_CUDA_CHECK(cudaStreamWaitEvent(m_stream, block.ready, 0));
      const std::size_t bytes = std::min(kStagingBytes, block.bytes - block.enqueued);
      Slot& s = m_slots[slot];
      s.block = m_next_block;
      s.host = block.host + block.enqueued;
      s.bytes = bytes;
      APSP_CUDA_CHECK(cudaMemcpyAsync(m_staging[slot].get(), block.device + block.enqueued, bytes,
                                      cudaMemcpyDeviceToHost, m_stream));
      APSP_CUDA_CHECK(cudaEventRecord(s.done.get(), m_stream));
      block.enqueued += bytes;
      if (block.enqueued == block.bytes) ++m_next_block;
      m_free[slot] = false;
      m_in_flight.push_back(slot);
      progressed = true;
    }
    return progressed;
  }

  /// Pumps until block @p index (and all before it) is in the result.
  void wait_for(std::int64_t index) {
    while (m_completed <= index) {
      if (pump()) continue;
      if (m_in_flight.empty()) break;  // nothing queued up to index: nothing to wait for
      APSP_CUDA_CHECK(cudaEventSynchronize(m_slots[m_in_flight.front()].done.get()));
    }
  }

  /// Called with (first_row, rows) of each block once its rows are in the result.
  std::function<void(std::int64_t, std::int64_t)> on_block_done;

 private:
  struct Block {
    std::int64_t index;
    const unsigned char* device;
    unsigned char* host;
    std::size_t bytes;
    cudaEvent_t ready;
    std::int64_t first_row, rows;
    std::size_t enqueued = 0;
    std::size_t landed = 0;
  };
  struct Slot {
    cuda::Event done;
    std::size_t block = 0;
    unsigned char* host = nullptr;
    std::size_t bytes = 0;
  };

  void finish_piece(const Slot& s) {
    Block& block = m_blocks[s.block];
    block.landed += s.bytes;
    if (block.landed < block.bytes) return;
    ++m_completed;
    if (on_block_done) on_block_done(block.first_row, block.rows);
  }

  cudaStream_t m_stream;
  cuda::PinnedBuffer (&m_staging)[2];
  Slot m_slots[2];
  bool m_free[2] = {true, true};
  std::deque<int> m_in_flight;  // staging slots in the order their copies were enqueued (one stream: FIFO)
  std::vector<Block> m_blocks;
  std::size_t m_next_block = 0;
  std::int64_t m_completed = 0;
};

class CudaBatchedBf final : public SparseSolver {
 public:
  using SparseSolver::SparseSolver;
  std::string_view name() const override { return "cuda-batched-bf"; }

  std::uint64_t working_bytes(std::int64_t n, std::int64_t m) const override {
    // The reverse CSR built on the host and the two pinned staging buffers.
    return 4 * (static_cast<std::uint64_t>(n) + 1) + 8 * static_cast<std::uint64_t>(m) + 2 * kStagingBytes;
  }

 protected:
  void solve_rows(const CsrGraph& graph, const std::vector<std::int64_t>& potentials, SourceDistances& out,
                  SparseSolveStats& stats) override {
    (void)potentials;  // Bellman–Ford needs no reweighting; solve() has already ruled out negative cycles
    const std::int64_t rows = out.rows();
    if (rows == 0 || graph.n == 0) return;
    switch (options().chunk) {
      case 32:
        return solve_batches<1>(graph, out, stats);
      case 64:
        return solve_batches<2>(graph, out, stats);
      default:
        return solve_batches<4>(graph, out, stats);  // 128, the registry allows no other value
    }
  }

 private:
  template <int V>
  void solve_batches(const CsrGraph& graph, SourceDistances& out, SparseSolveStats& stats) {
    constexpr int kChunk = 32 * V;
    const std::int64_t rows = out.rows();
    const int n = graph.n;
    const auto un = static_cast<std::size_t>(n);
    const auto m = static_cast<std::size_t>(graph.m());

    int device = 0, l2_bytes = 0, sm_count = 0;
    APSP_CUDA_CHECK(cudaGetDevice(&device));
    APSP_CUDA_CHECK(cudaDeviceGetAttribute(&l2_bytes, cudaDevAttrL2CacheSize, device));
    APSP_CUDA_CHECK(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device));
    std::size_t free_bytes = 0, total_bytes = 0;
    APSP_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
    const detail::BatchedBfPlan plan = detail::plan_batched_bf(n, graph.m(), rows, kChunk, options().batch, free_bytes,
                                                               static_cast<std::uint64_t>(l2_bytes));
    const auto stride = static_cast<int>(plan.batch);
    const std::size_t chunks = static_cast<std::size_t>(plan.batch / kChunk);

    const detail::ReverseCsr reverse = detail::reverse_csr(graph);
    const cuda::DeviceBuffer out_offsets = upload(graph.offsets.data(), 4 * (un + 1));
    const cuda::DeviceBuffer out_targets = upload(graph.targets.data(), 4 * m);
    const cuda::DeviceBuffer in_offsets = upload(reverse.offsets.data(), 4 * (un + 1));
    const cuda::DeviceBuffer in_sources = upload(reverse.sources.data(), 4 * m);
    const cuda::DeviceBuffer in_weights = upload(reverse.weights.data(), 4 * m);
    const cuda::DeviceBuffer sources = upload(out.sources.data(), 4 * static_cast<std::size_t>(rows));
    const cuda::DeviceBuffer dist = cuda::DeviceBuffer::allocate(4 * un * static_cast<std::size_t>(stride));
    const cuda::DeviceBuffer changed = cuda::DeviceBuffer::allocate(4 * un * chunks);
    const cuda::DeviceBuffer queued = cuda::DeviceBuffer::allocate(4 * un * chunks);
    const cuda::DeviceBuffer lists[2] = {cuda::DeviceBuffer::allocate(4 * un * chunks),
                                         cuda::DeviceBuffer::allocate(4 * un * chunks)};
    const cuda::DeviceBuffer blocks[2] = {cuda::DeviceBuffer::allocate(4 * un * static_cast<std::size_t>(stride)),
                                          cuda::DeviceBuffer::allocate(4 * un * static_cast<std::size_t>(stride))};
    const cuda::DeviceBuffer control = cuda::DeviceBuffer::allocate(sizeof(Control));
    const cuda::PinnedBuffer host_control = cuda::PinnedBuffer::allocate(sizeof(Control));
    for (cuda::PinnedBuffer& s : m_staging)
      if (!s.get()) s = cuda::PinnedBuffer::allocate(kStagingBytes);  // kept across solves: pinning is slow
    const cuda::Stream compute = cuda::Stream::create();
    const cuda::Stream copy = cuda::Stream::create();
    const cuda::Event checked = cuda::Event::create();
    const cuda::Event block_ready[2] = {cuda::Event::create(), cuda::Event::create()};
    // On any exception, let both streams drain before their buffers are freed under running work.
    struct SyncOnExit {
      cudaStream_t a, b;
      ~SyncOnExit() {
        (void)cudaStreamSynchronize(a);
        (void)cudaStreamSynchronize(b);
      }
    } sync_on_exit{compute.get(), copy.get()};

    const BatchView view{static_cast<int*>(dist.get()),
                         static_cast<int*>(changed.get()),
                         static_cast<int*>(queued.get()),
                         static_cast<const int*>(in_offsets.get()),
                         static_cast<const int*>(in_sources.get()),
                         static_cast<const int*>(in_weights.get()),
                         static_cast<const int*>(out_offsets.get()),
                         static_cast<const int*>(out_targets.get()),
                         static_cast<Control*>(control.get()),
                         n,
                         stride};
    unsigned* list_items[2] = {static_cast<unsigned*>(lists[0].get()), static_cast<unsigned*>(lists[1].get())};
    Control* device_control = static_cast<Control*>(control.get());
    const Control* read_control = static_cast<const Control*>(host_control.get());

    // The relax kernel runs as many blocks as stay resident and strides over the items, so a round's grid does
    // not depend on its item count (which only the device knows when the round is enqueued).
    const int threads = options().threads_per_block;
    int blocks_per_sm = 0;
    APSP_CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks_per_sm, relax_round_kernel<V>, threads, 0));
    if (blocks_per_sm < 1)
      throw UsageError("cuda-batched-bf: " + std::to_string(threads) + " threads per block do not fit its kernel");
    const unsigned relax_blocks = static_cast<unsigned>(blocks_per_sm * std::max(1, sm_count));
    const unsigned fill_blocks = static_cast<unsigned>(std::max(1, sm_count) * 8);

    RowDrain drain(copy.get(), m_staging);
    auto batch_start = std::chrono::steady_clock::now();
    drain.on_block_done = [&](std::int64_t first_row, std::int64_t block_rows) {
      const auto now = std::chrono::steady_clock::now();
      stats.batches.push_back(
          {first_row, block_rows, std::chrono::duration<double, std::milli>(now - batch_start).count()});
      batch_start = now;
      // Blocks land in order (one copy stream, FIFO), so this block's end is the finished prefix.
      report_rows_done(out, first_row + block_rows);
    };
    auto wait_event = [&](cudaEvent_t event) {  // keeps the copy-out moving while the rounds run
      while (true) {
        const cudaError_t status = cudaEventQuery(event);
        if (status != cudaErrorNotReady) {
          APSP_CUDA_CHECK(status);
          return;
        }
        if (!drain.pump()) {
          APSP_CUDA_CHECK(cudaEventSynchronize(event));
          return;
        }
      }
    };

    for (std::int64_t b = 0; b < plan.batches; ++b) {
      const std::int64_t first_row = b * plan.batch;
      const int batch_rows = static_cast<int>(std::min<std::int64_t>(plan.batch, rows - first_row));
      cudaStream_t st = compute.get();
      fill_kernel<<<fill_blocks, 256, 0, st>>>(view.dist, un * static_cast<std::size_t>(stride), kInf32);
      APSP_CUDA_CHECK_LAUNCH("fill_kernel");
      APSP_CUDA_CHECK(cudaMemsetAsync(changed.get(), 0xFF, 4 * un * chunks, st));  // -1: never
      APSP_CUDA_CHECK(cudaMemsetAsync(queued.get(), 0xFF, 4 * un * chunks, st));
      APSP_CUDA_CHECK(cudaMemsetAsync(device_control, 0, offsetof(Control, range_error), st));
      APSP_CUDA_CHECK(cudaMemsetAsync(&device_control->range_error, 0xFF, sizeof(unsigned long long), st));
      const unsigned seed_blocks = static_cast<unsigned>((batch_rows + 3) / 4);  // 4 warps per block
      seed_kernel<<<seed_blocks, 128, 0, st>>>(view, static_cast<const int*>(sources.get()) + first_row, batch_rows,
                                               kChunk, list_items[1], &device_control->count[1]);
      APSP_CUDA_CHECK_LAUNCH("seed_kernel");

      for (int round = 1;;) {
        for (int r = 0; r < kRoundsPerCheck; ++r, ++round) {
          relax_round_kernel<V>
              <<<relax_blocks, threads, 0, st>>>(view, round, list_items[round % 2], list_items[(round + 1) % 2]);
          APSP_CUDA_CHECK_LAUNCH("relax_round_kernel");
        }
        APSP_CUDA_CHECK(
            cudaMemcpyAsync(host_control.get(), device_control, sizeof(Control), cudaMemcpyDeviceToHost, st));
        APSP_CUDA_CHECK(cudaEventRecord(checked.get(), st));
        wait_event(checked.get());
        if (read_control->count[round % 3] == 0) break;  // the next round would have nothing to do
        throw_if_stopped();
      }
      if (read_control->positive_overflow) {
        overflow_check_kernel<<<fill_blocks, 256, 0, st>>>(view, batch_rows);
        APSP_CUDA_CHECK_LAUNCH("overflow_check_kernel");
        APSP_CUDA_CHECK(
            cudaMemcpyAsync(host_control.get(), device_control, sizeof(Control), cudaMemcpyDeviceToHost, st));
        APSP_CUDA_CHECK(cudaEventRecord(checked.get(), st));
        wait_event(checked.get());
      }
      if (read_control->range_error != kNoRangeError) {
        const std::int64_t row = static_cast<std::int64_t>(read_control->range_error / static_cast<unsigned>(n));
        const std::int64_t v = static_cast<std::int64_t>(read_control->range_error % static_cast<unsigned>(n));
        throw RangeError("a distance from " + std::to_string(out.sources[static_cast<std::size_t>(first_row + row)]) +
                         " to " + std::to_string(v) + " leaves the i32 range (-" + std::to_string(kInf32) + ", " +
                         std::to_string(kInf32) + ")");
      }

      // The S x n block of this batch goes to blocks[b % 2], whose previous batch (b - 2) must have left it.
      drain.wait_for(b - 2);
      int* block = static_cast<int*>(blocks[b % 2].get());
      const dim3 tile_threads(32, 8);
      const dim3 tile_grid(static_cast<unsigned>((n + 31) / 32),
                           static_cast<unsigned>(std::min(65535, (batch_rows + 31) / 32)));
      transpose_rows_kernel<<<tile_grid, tile_threads, 0, st>>>(view.dist, stride, n, batch_rows, block);
      APSP_CUDA_CHECK_LAUNCH("transpose_rows_kernel");
      APSP_CUDA_CHECK(cudaEventRecord(block_ready[b % 2].get(), st));
      drain.add(b, block, out.row(first_row), 4 * un * static_cast<std::size_t>(batch_rows), block_ready[b % 2].get(),
                first_row, batch_rows);
      drain.pump();
      throw_if_stopped();
    }
    drain.wait_for(plan.batches - 1);
  }

  cuda::PinnedBuffer m_staging[2];
};

}  // namespace

namespace detail {
std::unique_ptr<SparseSolver> make_cuda_batched_bf(const SparseSolverOptions& options) {
  return std::make_unique<CudaBatchedBf>(options);
}
}  // namespace detail

}  // namespace apsp
