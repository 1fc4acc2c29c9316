#pragma once
// The heatmap's device path shares one DeviceViewEncoder between two threads:
//  - the solver's worker thread (SolverSession) enqueues stage 1 on the solver's stream right after a step: the
//    state before the step (capture) and the new view's tile minima and range (reduce);
//  - the frame loop (HeatmapFeed) enqueues stage 2 once that finished: the encode into the texture, and tooltip
//    read-backs of the encoded tiles.
// The encoder's rule (apsp/view/device_view.h): stage 1 never runs while the other thread is inside stage 2, and
// stage 1 may reallocate the buffers a read-back reads. Here that rule is code: the encoder is reached only
// through a WorkerLease or a FrameLease, and at most one lease is held at a time (the other side waits, or for a
// read-back skips a frame). The worker reduces a new view only once the frame loop took the last one
// (wants_view()), so views never queue up behind a slow frame and the newest finished round is shown.
// No GL here: the frame loop passes the encoder from its lease to render/interop. A template only so that the
// handoff is unit-tested with a fake encoder (tests/studio/test_device_view_channel.cpp); the studio uses
// DeviceViewChannel.
#include <apsp/solve/solver.h>
#include <apsp/view/device_view.h>
#include <apsp/view/view.h>

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>

namespace apsp::studio {

template <class Encoder>
class BasicDeviceViewChannel {
  // Who holds the encoder. A reduced view waiting for the frame loop is m_view_pending, held by no one.
  enum class Holder { None, Worker, Frame };
  struct View {
    ViewGeometry geometry;
    bool mark_improved = false;
    std::uint64_t serial = 0;
  };

 public:
  /// @brief An encoder on CUDA device @p device. Throws as the encoder's constructor does.
  explicit BasicDeviceViewChannel(int device) : m_encoder(std::make_unique<Encoder>(device)) {}
  BasicDeviceViewChannel(const BasicDeviceViewChannel&) = delete;
  BasicDeviceViewChannel& operator=(const BasicDeviceViewChannel&) = delete;

  /// @brief The worker's hold on the encoder: stage 1 only. Hands the encoder back when it ends.
  class WorkerLease {
   public:
    WorkerLease(WorkerLease&& other) noexcept
        : m_channel(std::exchange(other.m_channel, nullptr)), m_reduced(other.m_reduced) {}
    WorkerLease& operator=(WorkerLease&&) = delete;
    ~WorkerLease() {
      if (m_channel) m_channel->release_worker(m_reduced);
    }
    /// @brief The state before a step, kept on the GPU: the next encode marks what changed after this point.
    void capture_previous_async(Solver& solver, const ViewGeometry& geometry) {
      m_channel->m_encoder->capture_previous_async(solver, geometry);
    }
    /// @brief Whether the encoder asks the solver to keep the view's minima current (Solver::track_view; off
    /// for runs timed with view updates off). Encoders without the switch (test doubles) ignore it.
    void set_live_minima(bool on) {
      if constexpr (requires(Encoder& e) { e.set_live_minima(true); }) m_channel->m_encoder->set_live_minima(on);
    }
    /// @brief A new view, reduced on the solver's stream. Once the GPU finished it the frame loop can take it
    /// (take_reduced_view), marking improved texels against the last capture when @p mark_improved.
    void reduce_async(Solver& solver, const ViewGeometry& geometry, std::optional<ValueRange> fixed, bool mark_improved,
                      std::uint64_t serial) {
      m_channel->m_encoder->reduce_async(solver, geometry, fixed);
      std::lock_guard lock(m_channel->m_mutex);
      m_channel->m_pending = View{geometry, mark_improved, serial};
      m_reduced = true;  // only a reduction that was enqueued becomes a view for the frame loop
    }

   private:
    friend class BasicDeviceViewChannel;
    explicit WorkerLease(BasicDeviceViewChannel& channel) : m_channel(&channel) {}
    BasicDeviceViewChannel* m_channel;
    bool m_reduced = false;
  };

  /// @brief A reduced view the frame loop may now encode: stage 2 only. The worker may reduce again once it ends.
  class FrameLease {
   public:
    FrameLease(FrameLease&& other) noexcept
        : m_channel(std::exchange(other.m_channel, nullptr)), m_view(other.m_view) {}
    FrameLease& operator=(FrameLease&&) = delete;
    ~FrameLease() {
      if (m_channel) m_channel->release_frame();
    }
    /// @brief For HeatmapInterop::update(): encode_async() into the texture's surface.
    Encoder& encoder() const { return *m_channel->m_encoder; }
    const ViewGeometry& geometry() const { return m_view.geometry; }
    /// @brief The range the codes are encoded with (read back with the reduction).
    ValueRange range() const { return m_channel->m_encoder->range(); }
    bool mark_improved() const { return m_view.mark_improved; }
    std::uint64_t serial() const { return m_view.serial; }

   private:
    friend class BasicDeviceViewChannel;
    FrameLease(BasicDeviceViewChannel& channel, const View& view) : m_channel(&channel), m_view(view) {}
    BasicDeviceViewChannel* m_channel;
    View m_view;
  };

  // Worker thread.
  /// @brief Waits while the frame loop holds the encoder, then holds it until the lease ends.
  WorkerLease lease_for_worker() {
    std::unique_lock lock(m_mutex);
    m_released.wait(lock, [&] { return m_holder != Holder::Frame; });
    m_holder = Holder::Worker;
    return WorkerLease(*this);
  }
  /// @brief Whether the frame loop took the last reduced view, so that a new one is wanted now.
  bool wants_view() const {
    std::lock_guard lock(m_mutex);
    return m_holder == Holder::None && !m_view_pending;
  }

  // Frame loop.
  /// @brief The pending view once its reduction finished on the GPU (never waits, unless @p wait: batch runs
  /// showing the final state); nullopt when there is none or it is still running.
  std::optional<FrameLease> take_reduced_view(bool wait) {
    std::lock_guard lock(m_mutex);
    if (m_holder != Holder::None || !m_view_pending) return std::nullopt;
    if (wait) {
      m_encoder->wait_ready();
    } else if (!m_encoder->ready()) {
      return std::nullopt;
    }
    m_holder = Holder::Frame;
    m_view_pending = false;
    m_texel.reset();  // a new encode follows: the last read-back shows the old view
    return FrameLease(*this, m_pending);
  }
  /// @brief Once the last encode finished (event query, never waits): the improved texel count and the GPU
  /// times of that update. Touches stage 2's events only, so it needs no lease.
  std::optional<std::pair<std::size_t, DeviceViewTimes>> poll_encoded() { return m_encoder->poll_encoded(); }
  /// @brief Tooltip: texel @p index of the last encoded view. Its value once the read-back of that texel
  /// arrived; otherwise enqueues that read-back on @p stream (unless the worker holds the encoder: then next
  /// frame) and returns nullopt.
  std::optional<std::int32_t> texel_value(std::size_t index, void* stream) {
    if (auto v = m_encoder->texel()) m_texel = *v;
    if (m_texel && m_texel->first == index) return m_texel->second;
    {
      // The worker may be reallocating the encoder's buffers: read back only while it leaves the encoder alone.
      std::lock_guard lock(m_mutex);
      if (m_holder != Holder::None) return std::nullopt;
      m_holder = Holder::Frame;
    }
    struct Release {
      BasicDeviceViewChannel& channel;
      ~Release() { channel.release_frame(); }
    } release{*this};
    m_encoder->request_texel_async(index, stream);
    return std::nullopt;
  }

 private:
  void release_worker(bool reduced) {
    {
      std::lock_guard lock(m_mutex);
      m_holder = Holder::None;
      // A capture leaves a view that was already waiting for the frame loop pending.
      m_view_pending = m_view_pending || reduced;
    }
    m_released.notify_all();
  }
  void release_frame() {
    {
      std::lock_guard lock(m_mutex);
      if (m_holder == Holder::Frame) m_holder = Holder::None;
    }
    m_released.notify_all();
  }

  std::unique_ptr<Encoder> m_encoder;
  mutable std::mutex m_mutex;
  std::condition_variable m_released;
  Holder m_holder = Holder::None;
  bool m_view_pending = false;  ///< a reduced view the frame loop has not taken yet
  View m_pending;
  std::optional<std::pair<std::size_t, std::int32_t>> m_texel;  ///< frame loop only: last read-back
};

using DeviceViewChannel = BasicDeviceViewChannel<DeviceViewEncoder>;

}  // namespace apsp::studio
