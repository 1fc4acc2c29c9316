// DeviceViewEncoder: heatmap codes on the GPU (see apsp/view/device_view.h). Stage 1 runs on the solver's
// stream (tile minima, normalization, range), or for solvers spread over several GPUs on the encoder's own
// stream after DeviceTileMinima gathered the bands' tiles there; stage 2 on the caller's (codes into a
// surface). Every result the host needs (range, improved count, a tooltip value, timings) comes back through pinned memory and events
// that are queried, never waited on, except by wait_ready() in batch runs.
#include <apsp/core/errors.h>
#include <apsp/device/check.cuh>
#include <apsp/device/stream.cuh>
#include <apsp/solve/tile_minima.h>
#include <apsp/view/device_view.h>
#include <cuda_runtime.h>

#include <climits>
#include <memory>
#include <string>

#include "device/buffer.cuh"
#include "device/view_tiles.cuh"

namespace apsp {
namespace {

using cuda::DeviceBuffer;
using cuda::Event;
using cuda::PinnedBuffer;

constexpr int kReduceThreads = 256;
constexpr int kReduceMaxBlocks = 1024;
constexpr int kEncodeX = 32;
constexpr int kEncodeY = 8;

// Whether an event has completed, without waiting. An event never recorded counts as complete.
bool completed(cudaEvent_t e) {
  const cudaError_t status = cudaEventQuery(e);
  if (status == cudaErrorNotReady) return false;
  APSP_CUDA_CHECK(status);
  return true;
}

// GPU time between two completed events; 0 if the driver refuses (the error is cleared, it is no failure).
double elapsed_ms(cudaEvent_t start, cudaEvent_t end) {
  float ms = 0;
  if (cudaEventElapsedTime(&ms, start, end) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0.0;
  }
  return static_cast<double>(ms);
}

__device__ __forceinline__ int warp_min(int v) {
  for (int o = 16; o > 0; o >>= 1) v = min(v, __shfl_down_sync(0xffffffffu, v, o));
  return v;
}
__device__ __forceinline__ int warp_max(int v) {
  for (int o = 16; o > 0; o >>= 1) v = max(v, __shfl_down_sync(0xffffffffu, v, o));
  return v;
}

// range[0] = lo, range[1] = hi: the reduction's identity, or the fixed range the user chose.
__global__ void init_range_kernel(int* range, int lo, int hi) {
  range[0] = lo;
  range[1] = hi;
}

// Normalizes the raw tile minima exactly as Solver::view_tiles() does (>= cut: unreachable, kInf32) and, when
// @p reduce, folds the finite ones (< inf) into range with one atomic pair per CTA.
__global__ void __launch_bounds__(kReduceThreads)
    normalize_range_kernel(std::int32_t* tiles, std::size_t count, std::int32_t cut, std::int32_t inf, bool reduce,
                           int* range) {
  int lo = INT_MAX, hi = INT_MIN;
  const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
  for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < count; i += stride) {
    std::int32_t v = tiles[i];
    if (v >= cut) {
      v = kInf32;
      tiles[i] = v;
    }
    if (v < inf) {
      lo = min(lo, v);
      hi = max(hi, v);
    }
  }
  if (!reduce) return;
  __shared__ int s_lo[kReduceThreads / 32];
  __shared__ int s_hi[kReduceThreads / 32];
  lo = warp_min(lo);
  hi = warp_max(hi);
  const int warp = static_cast<int>(threadIdx.x) / 32, lane = static_cast<int>(threadIdx.x) % 32;
  if (lane == 0) {
    s_lo[warp] = lo;
    s_hi[warp] = hi;
  }
  __syncthreads();
  if (warp == 0) {
    lo = lane < kReduceThreads / 32 ? s_lo[lane] : INT_MAX;
    hi = lane < kReduceThreads / 32 ? s_hi[lane] : INT_MIN;
    lo = warp_min(lo);
    hi = warp_max(hi);
    if (lane == 0 && lo <= hi) {
      atomicMin(&range[0], lo);
      atomicMax(&range[1], hi);
    }
  }
}

// encode_value() of view.h, the same integer arithmetic: images from both paths match bit for bit.
__device__ __forceinline__ unsigned short encode_code(std::int32_t v, int lo, int hi, std::int32_t inf) {
  if (v >= inf) return kViewInfCode;
  if (hi <= lo) return 0;
  const long long idx = (static_cast<long long>(v) - lo) * 255 / (static_cast<long long>(hi) - lo);
  return static_cast<unsigned short>(idx < 0 ? 0 : (idx > 255 ? 255 : idx));
}

// One thread per texel: the code into the surface (row y of the array = view row y = matrix rows), the
// improved bit against the previous tiles, which then take the current values.
__global__ void __launch_bounds__(kEncodeX* kEncodeY)
    encode_kernel(const std::int32_t* tiles, std::int32_t* previous, int rows, int cols, const int* range,
                  std::int32_t inf, bool mark_improved, cudaSurfaceObject_t surface, unsigned int* improved) {
  const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x);
  const int y = static_cast<int>(blockIdx.y * blockDim.y + threadIdx.y);
  bool better = false;
  if (x < cols && y < rows) {
    const std::size_t i = static_cast<std::size_t>(y) * static_cast<std::size_t>(cols) + static_cast<std::size_t>(x);
    const std::int32_t v = tiles[i];
    unsigned short code = encode_code(v, range[0], range[1], inf);
    better = mark_improved && v < previous[i];
    if (better) code |= kViewImprovedBit;
    surf2Dwrite<unsigned short>(code, surface, x * static_cast<int>(sizeof(unsigned short)), y);
    previous[i] = v;
  }
  const unsigned int votes = __ballot_sync(0xffffffffu, better);
  if ((threadIdx.x % 32) == 0 && votes != 0) atomicAdd(improved, static_cast<unsigned int>(__popc(votes)));
}

}  // namespace

struct DeviceViewEncoder::Impl {
  int device = 0;
  ViewGeometry geometry;
  std::int32_t inf = kInf32;
  std::size_t capacity = 0;  // texels the tile buffers hold
  DeviceBuffer tiles;        // current tile minima (normalized)
  DeviceBuffer previous;     // the tiles last encoded (or captured before a step)
  DeviceBuffer range;        // int[2]: lo, hi
  DeviceBuffer improved;     // unsigned: texels improved by the last encode
  PinnedBuffer host;         // int[4]: lo, hi, improved, tooltip value
  Event reduce_start, reduce_end, encode_start, encode_end, texel_done;
  bool encode_pending = false;   // an encode was enqueued and its results not yet polled
  double encoded_reduce_ms = 0;  // GPU time of the reduction the last encode used (taken before a new one)
  bool encoded_once = false;     // encode_end has been recorded (reduces must order after it)
  bool texel_pending = false;
  std::size_t texel_index = 0;
  DeviceTileMinima gather;  // tiles of a matrix spread over several GPUs, gathered onto this device
  bool track_live = true;   // ask solvers to keep live minima of the view (Solver::track_view)
  cuda::Stream own_stream;  // declared last: destroyed first, after the destructor waited for its work

  int* host_ints() const { return static_cast<int*>(host.get()); }

  void ensure(const ViewGeometry& g) {
    if (g.texels() <= capacity) {
      geometry = g;
      return;
    }
    // The old buffers may still be read by an encode: cudaFree waits for the device, which is fine here (a
    // new graph or view budget, not a frame).
    APSP_CUDA_CHECK(cudaDeviceSynchronize());
    tiles = DeviceBuffer::allocate(g.texels() * sizeof(std::int32_t));
    previous = DeviceBuffer::allocate(g.texels() * sizeof(std::int32_t));
    capacity = g.texels();
    geometry = g;
  }

  // Tile minima of the one band @p m (a matrix on one GPU) into @p out, normalized; with a range pointer, the
  // range reduction too.
  void tiles_async(const Solver::Storage& storage, const ViewGeometry& g, const RangePolicy& policy,
                   std::int32_t* out, int* range_out, cudaStream_t s) {
    const Solver::StorageBand& m = storage.bands.front();
    const DType dtype = storage.dtype;
    const std::size_t pitch = m.pitch_bytes / (dtype == DType::I16 ? sizeof(std::int16_t) : sizeof(std::int32_t));
    if (storage.live_for(g)) {
      // Kept current by the solver's kernels (Solver::track_view): rows x cols values, not the matrix.
      APSP_CUDA_CHECK(cudaMemcpyAsync(out, m.live_tiles, g.texels() * sizeof(std::int32_t), cudaMemcpyDeviceToDevice, s));
    } else if (dtype == DType::I16) {
      cuda::view_tile_min_async<std::int16_t>(static_cast<const std::int16_t*>(m.data), pitch, g.n, g.rows, g.cols, out,
                                              s);
    } else {
      cuda::view_tile_min_async<std::int32_t>(static_cast<const std::int32_t*>(m.data), pitch, g.n, g.rows, g.cols, out,
                                              s);
    }
    normalize_async(g, policy, out, range_out, s);
  }

  // Raw tile minima in @p out -> kInf32 where unreachable; with a range pointer, the range reduction too.
  void normalize_async(const ViewGeometry& g, const RangePolicy& policy, std::int32_t* out, int* range_out,
                       cudaStream_t s) {
    const std::size_t count = g.texels();
    const int blocks =
        static_cast<int>(std::min<std::size_t>(kReduceMaxBlocks, (count + kReduceThreads - 1) / kReduceThreads));
    const std::int32_t cut = std::min(policy.inf, policy.unreachable_from);
    normalize_range_kernel<<<blocks, kReduceThreads, 0, s>>>(out, count, cut, policy.inf, range_out != nullptr,
                                                             range_out ? range_out : static_cast<int*>(range.get()));
    APSP_CUDA_CHECK_LAUNCH("normalize_range_kernel");
  }

  // The encoder's own stream for gathered views (solvers spread over several GPUs), created on first use.
  cudaStream_t gather_stream() {
    if (!own_stream) own_stream = cuda::Stream::create();
    return own_stream.get();
  }

  // The range buffer set to @p fixed, or emptied for a reduction; returns it for the reduction (nullptr with a
  // fixed range, which is not reduced).
  int* init_range_async(std::optional<ValueRange> fixed, cudaStream_t s) {
    int* r = static_cast<int*>(range.get());
    if (fixed) {
      init_range_kernel<<<1, 1, 0, s>>>(r, fixed->lo, fixed->hi);
    } else {
      init_range_kernel<<<1, 1, 0, s>>>(r, INT_MAX, INT_MIN);
    }
    APSP_CUDA_CHECK_LAUNCH("init_range_kernel");
    return fixed ? nullptr : r;
  }

  // End of stage 1: the range to pinned memory, then the event ready() queries.
  void finish_reduce_async(cudaStream_t s) {
    APSP_CUDA_CHECK(cudaMemcpyAsync(host_ints(), range.get(), 2 * sizeof(int), cudaMemcpyDeviceToHost, s));
    APSP_CUDA_CHECK(cudaEventRecord(reduce_end.get(), s));
  }

  void order_after_encode(cudaStream_t s) {
    // Stage 2 of the previous update reads the tiles and writes the previous buffer: wait for it on the GPU.
    if (encoded_once) APSP_CUDA_CHECK(cudaStreamWaitEvent(s, encode_end.get(), 0));
  }
};

bool DeviceViewEncoder::compiled() { return true; }


DeviceViewEncoder::DeviceViewEncoder(int device) : m_impl(std::make_unique<Impl>()) {
  Impl& d = *m_impl;
  d.device = device;
  APSP_CUDA_CHECK(cudaSetDevice(device));
  d.range = DeviceBuffer::allocate(2 * sizeof(int));
  d.improved = DeviceBuffer::allocate(sizeof(unsigned int));
  d.host = PinnedBuffer::allocate(4 * sizeof(int));
  d.host_ints()[0] = d.host_ints()[1] = d.host_ints()[2] = d.host_ints()[3] = 0;
  d.reduce_start = Event::create_timed();
  d.reduce_end = Event::create_timed();
  d.encode_start = Event::create_timed();
  d.encode_end = Event::create_timed();
  d.texel_done = Event::create_timed();
}

DeviceViewEncoder::~DeviceViewEncoder() {
  // Work still queued may use the buffers: let it finish before the deleters free them.
  if (m_impl) {
    (void)cudaSetDevice(m_impl->device);
    (void)cudaEventSynchronize(m_impl->reduce_end.get());
    (void)cudaEventSynchronize(m_impl->encode_end.get());
    (void)cudaEventSynchronize(m_impl->texel_done.get());
    if (m_impl->own_stream) (void)cudaStreamSynchronize(m_impl->own_stream.get());
  }
}
DeviceViewEncoder::DeviceViewEncoder(DeviceViewEncoder&&) noexcept = default;
DeviceViewEncoder& DeviceViewEncoder::operator=(DeviceViewEncoder&&) noexcept = default;

void DeviceViewEncoder::reduce_async(Solver& solver, const ViewGeometry& geometry, std::optional<ValueRange> fixed) {
  Impl& d = *m_impl;
  const Solver::Storage where = solver.storage();
  if (!where.on_device() || geometry.texels() == 0) throw UsageError("DeviceViewEncoder: no device matrix to read");
  if (device_for(solver) != d.device)
    throw UsageError("DeviceViewEncoder: the solver's view belongs on CUDA device " +
                     std::to_string(device_for(solver)) + ", not " + std::to_string(d.device));
  APSP_CUDA_CHECK(cudaSetDevice(d.device));
  d.ensure(geometry);
  const RangePolicy& policy = solver.range_policy();
  d.inf = policy.inf;
  auto* tiles = static_cast<std::int32_t*>(d.tiles.get());
  if (d.track_live) (void)solver.track_view(&geometry);  // from now on its kernels keep the minima (where they can)
  const Solver::Storage storage = solver.storage_for_reads_async();
  APSP_CUDA_CHECK(cudaSetDevice(d.device));
  if (storage.bands.size() == 1) {
    // One GPU holds the matrix: everything on the solver's stream.
    const Solver::StorageBand& band = storage.bands.front();
    auto s = static_cast<cudaStream_t>(band.stream);
    d.order_after_encode(s);
    APSP_CUDA_CHECK(cudaEventRecord(d.reduce_start.get(), s));
    int* range = d.init_range_async(fixed, s);
    d.tiles_async(storage, geometry, policy, tiles, range, s);
    d.finish_reduce_async(s);
    return;
  }
  // Spread over several GPUs: each reduces its own rows, the tiles are merged here on the encoder's stream (the
  // reduce time starts once the bands' copies arrived).
  cudaStream_t s = d.gather_stream();
  d.order_after_encode(s);
  d.gather.gather_async(storage, geometry, d.device, tiles, s, d.reduce_start.get());
  APSP_CUDA_CHECK(cudaSetDevice(d.device));
  int* range = d.init_range_async(fixed, s);
  d.normalize_async(geometry, policy, tiles, range, s);
  d.finish_reduce_async(s);
}

void DeviceViewEncoder::capture_previous_async(Solver& solver, const ViewGeometry& geometry) {
  Impl& d = *m_impl;
  if (geometry.texels() == 0 || !solver.storage().on_device() || device_for(solver) != d.device) return;
  APSP_CUDA_CHECK(cudaSetDevice(d.device));
  d.ensure(geometry);
  auto* previous = static_cast<std::int32_t*>(d.previous.get());
  if (d.track_live) (void)solver.track_view(&geometry);
  const Solver::Storage storage = solver.storage_for_reads_async();
  APSP_CUDA_CHECK(cudaSetDevice(d.device));
  if (storage.bands.size() == 1) {
    auto s = static_cast<cudaStream_t>(storage.bands.front().stream);
    d.order_after_encode(s);
    d.tiles_async(storage, geometry, solver.range_policy(), previous, nullptr, s);
    return;
  }
  cudaStream_t s = d.gather_stream();
  d.order_after_encode(s);
  d.gather.gather_async(storage, geometry, d.device, previous, s, nullptr);
  APSP_CUDA_CHECK(cudaSetDevice(d.device));
  d.normalize_async(geometry, solver.range_policy(), previous, nullptr, s);
}

void DeviceViewEncoder::set_live_minima(bool on) { m_impl->track_live = on; }

bool DeviceViewEncoder::ready() const {
  APSP_CUDA_CHECK(cudaSetDevice(m_impl->device));
  return completed(m_impl->reduce_end.get());
}

void DeviceViewEncoder::wait_ready() const {
  APSP_CUDA_CHECK(cudaSetDevice(m_impl->device));
  APSP_CUDA_CHECK(cudaEventSynchronize(m_impl->reduce_end.get()));
}

ValueRange DeviceViewEncoder::range() const {
  const int* h = m_impl->host_ints();
  ValueRange r;
  if (h[0] <= h[1]) {
    r.lo = h[0];
    r.hi = h[1];
    r.has_finite = true;
  }
  return r;
}

const ViewGeometry& DeviceViewEncoder::geometry() const { return m_impl->geometry; }

void DeviceViewEncoder::encode_async(unsigned long long surface, bool mark_improved, void* stream) {
  Impl& d = *m_impl;
  const ViewGeometry& g = d.geometry;
  if (g.texels() == 0) return;
  APSP_CUDA_CHECK(cudaSetDevice(d.device));
  auto s = static_cast<cudaStream_t>(stream);
  APSP_CUDA_CHECK(cudaStreamWaitEvent(s, d.reduce_end.get(), 0));
  // The reduction is complete (the caller saw ready()); the worker records it anew only after this update.
  d.encoded_reduce_ms = elapsed_ms(d.reduce_start.get(), d.reduce_end.get());
  APSP_CUDA_CHECK(cudaEventRecord(d.encode_start.get(), s));
  auto* improved = static_cast<unsigned int*>(d.improved.get());
  APSP_CUDA_CHECK(cudaMemsetAsync(improved, 0, sizeof(unsigned int), s));
  const dim3 grid((g.cols + kEncodeX - 1) / kEncodeX, (g.rows + kEncodeY - 1) / kEncodeY);
  encode_kernel<<<grid, dim3(kEncodeX, kEncodeY), 0, s>>>(static_cast<const std::int32_t*>(d.tiles.get()),
                                                          static_cast<std::int32_t*>(d.previous.get()), g.rows, g.cols,
                                                          static_cast<const int*>(d.range.get()), d.inf, mark_improved,
                                                          static_cast<cudaSurfaceObject_t>(surface), improved);
  APSP_CUDA_CHECK_LAUNCH("encode_kernel");
  APSP_CUDA_CHECK(cudaMemcpyAsync(d.host_ints() + 2, improved, sizeof(unsigned int), cudaMemcpyDeviceToHost, s));
  APSP_CUDA_CHECK(cudaEventRecord(d.encode_end.get(), s));
  d.encode_pending = true;
  d.encoded_once = true;
}

std::optional<std::pair<std::size_t, DeviceViewTimes>> DeviceViewEncoder::poll_encoded() {
  Impl& d = *m_impl;
  if (!d.encode_pending) return std::nullopt;
  APSP_CUDA_CHECK(cudaSetDevice(d.device));
  if (!completed(d.encode_end.get())) return std::nullopt;
  d.encode_pending = false;
  DeviceViewTimes t;
  t.reduce_ms = d.encoded_reduce_ms;
  t.encode_ms = elapsed_ms(d.encode_start.get(), d.encode_end.get());
  return std::make_pair(static_cast<std::size_t>(static_cast<unsigned int>(d.host_ints()[2])), t);
}

void DeviceViewEncoder::request_texel_async(std::size_t index, void* stream) {
  Impl& d = *m_impl;
  if (index >= d.geometry.texels() || d.texel_pending) return;
  APSP_CUDA_CHECK(cudaSetDevice(d.device));
  auto s = static_cast<cudaStream_t>(stream);
  if (d.encoded_once) APSP_CUDA_CHECK(cudaStreamWaitEvent(s, d.encode_end.get(), 0));
  APSP_CUDA_CHECK(cudaMemcpyAsync(d.host_ints() + 3, static_cast<const std::int32_t*>(d.previous.get()) + index,
                                  sizeof(std::int32_t), cudaMemcpyDeviceToHost, s));
  APSP_CUDA_CHECK(cudaEventRecord(d.texel_done.get(), s));
  d.texel_pending = true;
  d.texel_index = index;
}

std::optional<std::pair<std::size_t, std::int32_t>> DeviceViewEncoder::texel() {
  Impl& d = *m_impl;
  if (!d.texel_pending) return std::nullopt;
  APSP_CUDA_CHECK(cudaSetDevice(d.device));
  if (!completed(d.texel_done.get())) return std::nullopt;
  d.texel_pending = false;
  return std::make_pair(d.texel_index, static_cast<std::int32_t>(d.host_ints()[3]));
}

}  // namespace apsp
