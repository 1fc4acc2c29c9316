#include "render/heatmap_feed.h"

#include <chrono>

namespace apsp::studio {
namespace {

double ms_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

bool is_cuda_variant(const std::string& backend) { return backend.rfind("cuda", 0) == 0; }

}  // namespace

HeatmapFeed::HeatmapFeed(Log& log, SolverSession& session) : m_log(log), m_session(session) {
  m_path = kHostPath;
  m_reason = "no solver yet";
}

HeatmapFeed::~HeatmapFeed() {
  // The worker keeps its own reference to the encoder; from now on it must take the host path.
  if (m_channel) m_session.set_device_view_async(nullptr);
}

void HeatmapFeed::set_path(const char* path, const std::string& reason) {
  if (m_path == path && m_reason == reason) return;
  m_path = path;
  m_reason = reason;
  m_log.info(std::string("heatmap path: ") + path + " (" + reason + ")");
}

void HeatmapFeed::choose_path(const SessionSnapshot& s) {
  const int device = s.has_solver ? s.cuda_device : -1;
  const int gpus = s.has_solver ? s.config.gpus : 0;
  const bool sparse = s.sparse.has_value();
  if (device == m_probed_device && gpus == m_probed_gpus && sparse == m_probed_sparse) return;
  m_probed_device = device;
  m_probed_gpus = gpus;
  m_probed_sparse = sparse;
  if (m_channel) m_session.set_device_view_async(nullptr);
  m_channel.reset();
  m_interop.reset();
  if (device < 0) {
    std::string why = !s.has_solver ? "no solver"
                      : sparse ? s.config.backend + ": a sparse solver's S x n rows are on the host, uploaded from there"
                      : is_cuda_variant(s.config.backend) && s.config.gpus > 1
                          ? s.config.backend + " on " + std::to_string(s.config.gpus) +
                                " GPUs: each GPU reduces its own rows to view tiles, gathered through the host"
                      : is_cuda_variant(s.config.backend) ? s.config.backend + " exposes no device matrix"
                                                          : "CPU backend " + s.config.backend;
    set_path(kHostPath, why);
    return;
  }
  InteropChoice choice = create_heatmap_interop(device);
  if (!choice.interop) {
    set_path(kHostPath, choice.reason);
    return;
  }
  try {
    m_channel = std::make_shared<DeviceViewChannel>(device);
  } catch (const std::exception& e) {
    set_path(kHostPath, std::string("device encoder: ") + e.what());
    return;
  }
  m_interop = std::move(choice.interop);
  m_session.set_device_view_async(m_channel);
  set_path(kInteropPath, s.config.gpus > 1 ? choice.reason + "; each of the " + std::to_string(s.config.gpus) +
                                                 " GPUs reduces its own rows, only the tiles travel to device " +
                                                 std::to_string(device)
                                           : choice.reason);
}

void HeatmapFeed::poll_device_results() {
  if (!m_channel || !m_timing_pending) return;
  auto done = m_channel->poll_encoded();
  if (!done) return;
  m_timing_pending = false;
  HeatmapUpdateTiming t = m_pending_timing;
  t.gpu_reduce_ms = done->second.reduce_ms;
  t.gpu_encode_ms = done->second.encode_ms;
  t.total_ms = t.gpu_reduce_ms + t.gpu_encode_ms + t.map_unmap_ms;
  m_timings.push_back(t);
  if (m_shown && m_shown->on_device && m_shown->serial == m_improved_pending_serial) {
    auto frame = std::make_shared<ViewFrame>(*m_shown);
    frame->improved = done->first;
    m_shown = frame;
  }
}

bool HeatmapFeed::update(const SessionSnapshot& s, HeatmapTexture& texture, const MinPyramid& pyramid, bool wait) {
  choose_path(s);
  poll_device_results();
  if (!s.view) {
    if (!s.has_solver) m_shown.reset();
    return false;
  }
  return s.view->on_device ? update_from_device(*s.view, texture, pyramid, wait)
                           : update_from_host(s.view, texture, pyramid);
}

bool HeatmapFeed::update_from_host(const std::shared_ptr<const ViewFrame>& view, HeatmapTexture& texture,
                                   const MinPyramid& pyramid) {
  if (view->serial == m_shown_serial && m_shown && !m_shown->on_device) return false;
  auto t0 = std::chrono::steady_clock::now();
  texture.upload_codes(view->geometry, view->codes.data());
  HeatmapUpdateTiming t;
  t.upload_ms = ms_since(t0);
  t.host_encode_ms = view->host_encode_ms;
  t.total_ms = t.upload_ms + t.host_encode_ms;
  m_timings.push_back(t);
  pyramid.build(texture);
  m_shown = view;
  m_shown_serial = view->serial;
  return true;
}

bool HeatmapFeed::update_from_device(const ViewFrame& view, HeatmapTexture& texture, const MinPyramid& pyramid,
                                     bool wait) {
  // A device frame with no interop here (switched off a moment ago) waits for the republish.
  if (!m_interop) return false;
  // The lease hands the encoder back to the worker when this function returns, the update enqueued or not;
  // `channel` keeps it alive until then, also when a failure below drops m_channel.
  const std::shared_ptr<DeviceViewChannel> channel = m_channel;
  auto lease = channel->take_reduced_view(wait);
  if (!lease) return false;
  double host_ms = 0;
  try {
    host_ms = m_interop->update(texture, lease->encoder(), lease->mark_improved());
    if (std::string note = m_interop->take_note(); !note.empty()) m_log.warning(note);
    pyramid.build(texture);
  } catch (const std::exception& e) {
    // Whatever failed (a GL error around the copy, a CUDA error), the host path still works: switch for good.
    m_log.error(e.what());
    drop_interop(std::string("interop failed: ") + e.what());
    return false;
  }
  auto frame = std::make_shared<ViewFrame>();
  frame->serial = lease->serial();
  frame->geometry = lease->geometry();
  frame->range = lease->range();
  frame->range_source = view.range_source;
  frame->inf = view.inf;
  frame->cursor = view.cursor;
  frame->on_device = true;
  m_shown = frame;
  m_shown_serial = frame->serial;
  m_pending_timing = HeatmapUpdateTiming{};
  m_pending_timing.map_unmap_ms = host_ms;
  m_timing_pending = true;
  m_improved_pending_serial = frame->serial;
  if (wait) {
    // Batch runs report every update: let this one's GPU times arrive now.
    while (m_timing_pending) poll_device_results();
  }
  return true;
}

void HeatmapFeed::drop_interop(const std::string& why) {
  m_interop.reset();
  m_channel.reset();
  m_session.set_device_view_async(nullptr);
  set_path(kHostPath, why);
}

std::optional<std::int32_t> HeatmapFeed::texel_value(std::size_t index) {
  if (!m_shown || index >= m_shown->geometry.texels()) return std::nullopt;
  if (!m_shown->on_device) {
    if (index < m_shown->tiles.size()) return m_shown->tiles[index];
    return std::nullopt;
  }
  if (!m_channel || !m_interop) return std::nullopt;
  return m_channel->texel_value(index, m_interop->stream());
}

}  // namespace apsp::studio
