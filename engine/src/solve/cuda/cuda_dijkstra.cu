// cuda-dijkstra: the concurrent-kernel report's GPU Dijkstra, one source per CUDA stream, --concurrent sources
// in flight. Per source: initialize, then while the threshold is finite
//   relax    every frontier vertex relaxes its unsettled successors with an atomic min,
//   minimum  delta = the smallest tentative distance among unsettled vertices,
//   update   unsettled vertices at delta settle and form the next frontier.
// The host reads each iteration's delta (one small copy per iteration and stream) to decide whether that
// source is done; the other streams keep the GPU busy meanwhile, which is what the concurrency is for.
//
// Negative weights: Johnson's potentials h come from the CPU (johnson_potentials). The kernels keep
// reweighted keys k(v) = D(v) + h(s) - h(v), relax with w + h(u) - h(v) >= 0, and the row is
// un-reweighted on the device when the source is done.
#include <apsp/core/errors.h>
#include <apsp/core/types.h>

#include <apsp/device/check.cuh>
#include <apsp/device/stream.cuh>
#include <chrono>
#include <cstring>
#include <string>
#include <vector>

#include "device/buffer.cuh"
#include "solve/sparse_factories.h"

namespace apsp {

namespace {

/// Unreached key: every byte 0x3F, so one cudaMemsetAsync fills it; about 4.6e18, far above any real key
/// (|k| <= |D| + 2 max|h| < 3 n 2^30).
constexpr long long kUnreachedKey = 0x3F3F3F3F3F3F3F3FLL;
constexpr int kUnreachedByte = 0x3F;

struct DeviceCsr {
  const int* offsets;
  const int* targets;
  const int* weights;
  const long long* h;  ///< Johnson's potentials, nullptr without negative weights
  int n;
};

__global__ void init_source_kernel(long long* key, unsigned char* unsettled, unsigned char* frontier, int n,
                                   int source) {
  const long long v = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (v >= n) return;
  key[v] = v == source ? 0 : kUnreachedKey;
  unsettled[v] = v != source;
  frontier[v] = v == source;  // the source is settled at 0 and relaxes first
}

__global__ void relax_kernel(DeviceCsr g, long long* key, const unsigned char* unsettled,
                             const unsigned char* frontier) {
  const long long u = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (u >= g.n || !frontier[u]) return;
  const long long ku = key[u];
  const long long hu = g.h ? g.h[u] : 0;
  for (int e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
    const int v = g.targets[e];
    if (!unsettled[v]) continue;
    const long long candidate = ku + g.weights[e] + (g.h ? hu - g.h[v] : 0);
    if (candidate < key[v]) atomicMin(&key[v], candidate);  // the plain read only skips atomics that cannot win
  }
}

/// delta = min over unsettled v of key[v]; *delta must hold kUnreachedKey before the launch.
__global__ void minimum_kernel(const long long* key, const unsigned char* unsettled, int n, long long* delta) {
  __shared__ long long warp_min[32];
  const long long v = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  long long best = v < n && unsettled[v] ? key[v] : kUnreachedKey;
  for (int offset = 16; offset > 0; offset /= 2) best = min(best, __shfl_down_sync(0xffffffffu, best, offset));
  const int lane = threadIdx.x % 32;
  const int warp = threadIdx.x / 32;
  if (lane == 0) warp_min[warp] = best;
  __syncthreads();
  if (warp != 0) return;
  const int warps = blockDim.x / 32;  // blockDim.x is a multiple of 32 (checked by the registry)
  best = lane < warps ? warp_min[lane] : kUnreachedKey;
  for (int offset = 16; offset > 0; offset /= 2) best = min(best, __shfl_down_sync(0xffffffffu, best, offset));
  if (lane == 0 && best < kUnreachedKey) atomicMin(delta, best);
}

__global__ void update_kernel(const long long* key, unsigned char* unsettled, unsigned char* frontier, int n,
                              const long long* delta) {
  const long long v = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (v >= n) return;
  const long long threshold = *delta;
  const bool settles = unsettled[v] && key[v] <= threshold && key[v] < kUnreachedKey;
  frontier[v] = settles;
  if (settles) unsettled[v] = 0;
}

/// The finished row as int32 distances: D(v) = k(v) - h(s) + h(v); a distance outside (-kInf32, kInf32) sets
/// *overflow to 1 + the smallest such v (the host reports it).
__global__ void finish_row_kernel(DeviceCsr g, const long long* key, int source, int* row, int* overflow) {
  const long long v = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (v >= g.n) return;
  const long long k = key[v];
  if (k >= kUnreachedKey) {
    row[v] = kInf32;
    return;
  }
  const long long d = g.h ? k - g.h[source] + g.h[v] : k;
  if (d >= kInf32 || d <= -kInf32) {
    atomicMin(overflow, static_cast<int>(v) + 1);
    row[v] = kInf32;
    return;
  }
  row[v] = static_cast<int>(d);
}

/// One source in flight: its stream, its device state and the pinned slots the host reads.
struct Slot {
  cuda::Stream stream;
  cuda::Event ready;  ///< recorded after each enqueued iteration or the row copy
  cuda::DeviceBuffer key, unsettled, frontier, delta, row, overflow;
  cuda::PinnedBuffer host_delta, host_row, host_overflow;
  enum class State { Idle, Iterating, Draining } state = State::Idle;
  std::int64_t row_index = -1;
  std::int32_t source = -1;
};

class CudaDijkstra final : public SparseSolver {
 public:
  using SparseSolver::SparseSolver;
  std::string_view name() const override { return "cuda-dijkstra"; }

  std::uint64_t working_bytes(std::int64_t n, std::int64_t m) const override {
    (void)m;
    // Pinned per stream: one int32 row and two small slots; h on the host (the device copies are counted there).
    return static_cast<std::uint64_t>(options().concurrent) * (4 * static_cast<std::uint64_t>(n) + 16) +
           8 * static_cast<std::uint64_t>(n);
  }

 protected:
  void solve_rows(const CsrGraph& graph, const std::vector<std::int64_t>& potentials, SourceDistances& out,
                  SparseSolveStats& stats) override {
    const std::int64_t rows = out.rows();
    if (rows == 0 || graph.n == 0) return;
    const auto n = static_cast<std::size_t>(graph.n);
    const std::size_t m = static_cast<std::size_t>(graph.m());
    const int concurrent = static_cast<int>(std::min<std::int64_t>(options().concurrent, rows));
    const std::uint64_t graph_bytes = 4 * (n + 1) + 8 * m + (potentials.empty() ? 0 : 8 * n);
    const std::uint64_t slot_bytes = 8 * n + 2 * n + 4 * n + 16;
    cuda::require_device_memory("cuda-dijkstra: the CSR graph and " + std::to_string(concurrent) + " sources' state",
                                graph_bytes + slot_bytes * static_cast<std::uint64_t>(concurrent));

    // Graph upload (synchronous: before any stream reads it). Empty arrays still get a valid pointer.
    auto upload = [](const void* src, std::size_t bytes) {
      cuda::DeviceBuffer b = cuda::DeviceBuffer::allocate(bytes > 0 ? bytes : 4);
      if (bytes > 0) APSP_CUDA_CHECK(cudaMemcpy(b.get(), src, bytes, cudaMemcpyHostToDevice));
      return b;
    };
    const cuda::DeviceBuffer offsets = upload(graph.offsets.data(), 4 * (n + 1));
    const cuda::DeviceBuffer targets = upload(graph.targets.data(), 4 * m);
    const cuda::DeviceBuffer weights = upload(graph.weights.data(), 4 * m);
    const cuda::DeviceBuffer h = potentials.empty() ? cuda::DeviceBuffer() : upload(potentials.data(), 8 * n);
    const DeviceCsr g{static_cast<const int*>(offsets.get()), static_cast<const int*>(targets.get()),
                      static_cast<const int*>(weights.get()), static_cast<const long long*>(h.get()), graph.n};

    std::vector<Slot> slots(static_cast<std::size_t>(concurrent));
    for (Slot& s : slots) {
      s.stream = cuda::Stream::create();
      s.ready = cuda::Event::create();
      s.key = cuda::DeviceBuffer::allocate(8 * n);
      s.unsettled = cuda::DeviceBuffer::allocate(n);
      s.frontier = cuda::DeviceBuffer::allocate(n);
      s.delta = cuda::DeviceBuffer::allocate(8);
      s.row = cuda::DeviceBuffer::allocate(4 * n);
      s.overflow = cuda::DeviceBuffer::allocate(4);
      s.host_delta = cuda::PinnedBuffer::allocate(8);
      s.host_row = cuda::PinnedBuffer::allocate(4 * n);
      s.host_overflow = cuda::PinnedBuffer::allocate(4);
    }
    // On any exception, let the streams drain before their buffers are freed under running kernels.
    struct DrainOnExit {
      std::vector<Slot>& slots;
      ~DrainOnExit() {
        for (Slot& s : slots)
          if (s.stream) (void)cudaStreamSynchronize(s.stream.get());
      }
    } drain{slots};

    const int threads = options().threads_per_block;
    const unsigned blocks = static_cast<unsigned>((static_cast<std::int64_t>(n) + threads - 1) / threads);
    const std::int64_t batch = std::max<std::int64_t>(concurrent, (rows + 99) / 100);
    std::int64_t next_row = 0, finished = 0, batch_first = 0;
    auto batch_start = std::chrono::steady_clock::now();
    // Rows finish out of order over the streams; the progress hook promises a finished prefix of the list.
    std::vector<std::uint8_t> row_finished(static_cast<std::size_t>(rows), 0);
    std::int64_t prefix = 0;

    auto enqueue_iteration = [&](Slot& s) {
      cudaStream_t st = s.stream.get();
      relax_kernel<<<blocks, threads, 0, st>>>(g, static_cast<long long*>(s.key.get()),
                                               static_cast<const unsigned char*>(s.unsettled.get()),
                                               static_cast<const unsigned char*>(s.frontier.get()));
      APSP_CUDA_CHECK_LAUNCH("relax_kernel");
      APSP_CUDA_CHECK(cudaMemsetAsync(s.delta.get(), kUnreachedByte, 8, st));
      minimum_kernel<<<blocks, threads, 0, st>>>(static_cast<const long long*>(s.key.get()),
                                                 static_cast<const unsigned char*>(s.unsettled.get()), graph.n,
                                                 static_cast<long long*>(s.delta.get()));
      APSP_CUDA_CHECK_LAUNCH("minimum_kernel");
      update_kernel<<<blocks, threads, 0, st>>>(
          static_cast<const long long*>(s.key.get()), static_cast<unsigned char*>(s.unsettled.get()),
          static_cast<unsigned char*>(s.frontier.get()), graph.n, static_cast<const long long*>(s.delta.get()));
      APSP_CUDA_CHECK_LAUNCH("update_kernel");
      APSP_CUDA_CHECK(cudaMemcpyAsync(s.host_delta.get(), s.delta.get(), 8, cudaMemcpyDeviceToHost, st));
      APSP_CUDA_CHECK(cudaEventRecord(s.ready.get(), st));
    };
    auto start_source = [&](Slot& s) {
      s.row_index = next_row++;
      s.source = out.sources[static_cast<std::size_t>(s.row_index)];
      init_source_kernel<<<blocks, threads, 0, s.stream.get()>>>(
          static_cast<long long*>(s.key.get()), static_cast<unsigned char*>(s.unsettled.get()),
          static_cast<unsigned char*>(s.frontier.get()), graph.n, s.source);
      APSP_CUDA_CHECK_LAUNCH("init_source_kernel");
      s.state = Slot::State::Iterating;
      enqueue_iteration(s);
    };
    auto enqueue_finish = [&](Slot& s) {
      cudaStream_t st = s.stream.get();
      APSP_CUDA_CHECK(cudaMemsetAsync(s.overflow.get(), 0x7F, 4, st));  // 0x7F7F7F7F: no overflow (atomicMin lowers it)
      finish_row_kernel<<<blocks, threads, 0, st>>>(g, static_cast<const long long*>(s.key.get()), s.source,
                                                    static_cast<int*>(s.row.get()),
                                                    static_cast<int*>(s.overflow.get()));
      APSP_CUDA_CHECK_LAUNCH("finish_row_kernel");
      APSP_CUDA_CHECK(cudaMemcpyAsync(s.host_row.get(), s.row.get(), 4 * n, cudaMemcpyDeviceToHost, st));
      APSP_CUDA_CHECK(cudaMemcpyAsync(s.host_overflow.get(), s.overflow.get(), 4, cudaMemcpyDeviceToHost, st));
      APSP_CUDA_CHECK(cudaEventRecord(s.ready.get(), st));
      s.state = Slot::State::Draining;
    };
    auto take_row = [&](Slot& s) {
      std::int32_t overflow = 0;
      std::memcpy(&overflow, s.host_overflow.get(), 4);
      if (overflow != 0x7F7F7F7F)
        throw RangeError("a distance from " + std::to_string(s.source) + " to " + std::to_string(overflow - 1) +
                         " leaves the i32 range (-" + std::to_string(kInf32) + ", " + std::to_string(kInf32) + ")");
      std::memcpy(out.row(s.row_index), s.host_row.get(), 4 * n);
      row_finished[static_cast<std::size_t>(s.row_index)] = 1;
      s.state = Slot::State::Idle;
      if (++finished - batch_first >= batch || finished == rows) {
        const auto now = std::chrono::steady_clock::now();
        stats.batches.push_back({batch_first, finished - batch_first,
                                 std::chrono::duration<double, std::milli>(now - batch_start).count()});
        batch_first = finished;
        batch_start = now;
        const std::int64_t before = prefix;
        while (prefix < rows && row_finished[static_cast<std::size_t>(prefix)]) ++prefix;
        if (prefix > before) report_rows_done(out, prefix);  // those rows were copied to the host above
        throw_if_stopped();
      }
    };

    for (Slot& s : slots)
      if (next_row < rows) start_source(s);
    while (finished < rows) {
      bool progressed = false;
      Slot* waiting = nullptr;
      for (Slot& s : slots) {
        if (s.state == Slot::State::Idle) continue;
        const cudaError_t status = cudaEventQuery(s.ready.get());
        if (status == cudaErrorNotReady) {
          if (!waiting) waiting = &s;
          continue;
        }
        APSP_CUDA_CHECK(status);
        progressed = true;
        if (s.state == Slot::State::Iterating) {
          long long delta = 0;
          std::memcpy(&delta, s.host_delta.get(), 8);
          if (delta >= kUnreachedKey)
            enqueue_finish(s);
          else
            enqueue_iteration(s);
        } else {
          take_row(s);
          if (next_row < rows) start_source(s);
        }
      }
      // Nothing ready: block on one busy stream instead of spinning a core the other threads may need.
      if (!progressed && waiting) APSP_CUDA_CHECK(cudaEventSynchronize(waiting->ready.get()));
    }
  }
};

}  // namespace

namespace detail {
std::unique_ptr<SparseSolver> make_cuda_dijkstra(const SparseSolverOptions& options) {
  return std::make_unique<CudaDijkstra>(options);
}
}  // namespace detail

}  // namespace apsp
