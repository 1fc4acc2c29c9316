#include "session/device_view_channel.h"

namespace apsp::studio {

DeviceViewChannel::DeviceViewChannel(int device) : m_encoder(std::make_shared<DeviceViewEncoder>(device)) {}

DeviceViewChannel::WorkerLease DeviceViewChannel::lease_for_worker() {
  std::unique_lock lock(m_mutex);
  m_released.wait(lock, [&] { return m_holder != Holder::Frame; });
  m_holder = Holder::Worker;
  return WorkerLease(*this);
}

void DeviceViewChannel::release_worker(bool reduced) {
  {
    std::lock_guard lock(m_mutex);
    m_holder = Holder::None;
    // A capture leaves a view that was already waiting for the frame loop pending.
    m_view_pending = m_view_pending || reduced;
  }
  m_released.notify_all();
}

DeviceViewChannel::WorkerLease::~WorkerLease() {
  if (m_channel) m_channel->release_worker(m_reduced);
}

void DeviceViewChannel::WorkerLease::capture_previous_async(Solver& solver, const ViewGeometry& geometry) {
  m_channel->m_encoder->capture_previous_async(solver, geometry);
}

void DeviceViewChannel::WorkerLease::reduce_async(Solver& solver, const ViewGeometry& geometry,
                                                  std::optional<ValueRange> fixed, bool mark_improved,
                                                  std::uint64_t serial) {
  m_channel->m_encoder->reduce_async(solver, geometry, fixed);
  std::lock_guard lock(m_channel->m_mutex);
  m_channel->m_pending = FrameLease::View{geometry, mark_improved, serial};
  m_reduced = true;  // only a reduction that was enqueued becomes a view for the frame loop
}

bool DeviceViewChannel::wants_view() const {
  std::lock_guard lock(m_mutex);
  return m_holder == Holder::None && !m_view_pending;
}

std::optional<DeviceViewChannel::FrameLease> DeviceViewChannel::take_reduced_view(bool wait) {
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

void DeviceViewChannel::release_frame() {
  {
    std::lock_guard lock(m_mutex);
    if (m_holder == Holder::Frame) m_holder = Holder::None;
  }
  m_released.notify_all();
}

DeviceViewChannel::FrameLease::~FrameLease() {
  if (m_channel) m_channel->release_frame();
}

std::optional<std::pair<std::size_t, DeviceViewTimes>> DeviceViewChannel::poll_encoded() {
  return m_encoder->poll_encoded();
}

std::optional<std::int32_t> DeviceViewChannel::texel_value(std::size_t index, void* stream) {
  if (auto v = m_encoder->texel()) m_texel = *v;
  if (m_texel && m_texel->first == index) return m_texel->second;
  {
    // The worker may be reallocating the encoder's buffers: read back only while it leaves the encoder alone.
    std::lock_guard lock(m_mutex);
    if (m_holder != Holder::None) return std::nullopt;
    m_holder = Holder::Frame;
  }
  struct Release {
    DeviceViewChannel& channel;
    ~Release() { channel.release_frame(); }
  } release{*this};
  m_encoder->request_texel_async(index, stream);
  return std::nullopt;
}

}  // namespace apsp::studio
