#include "session/view_publisher.h"

#include <apsp/view/source_rows_view.h>

namespace apsp::studio {

void ViewPublisher::before_step(Solver& solver, int cuda_device, bool will_publish) {
  if (!will_publish) {
    m_before = Before::None;
  } else if (m_last_frame_current && m_last_frame) {
    m_before = Before::LastFrame;
  } else if (device_mode(cuda_device)) {
    // The state before the step, kept on the GPU for the improved bit.
    auto lease = m_device_view->lease_for_worker();
    lease.set_live_minima(m_view_updates);
    lease.capture_previous_async(solver, make_view_geometry(solver.n(), m_budget));
    m_before = Before::Captured;
  } else {
    const ViewGeometry geometry = make_view_geometry(solver.n(), m_budget);
    m_before_step.resize(geometry.texels());
    solver.view_tiles(geometry, m_before_step.data());
    m_before = Before::Captured;
  }
  m_last_frame_current = false;
}

bool ViewPublisher::due(pacing::Clock::time_point last_publish, double interval_share, int cuda_device) const {
  if (!m_view_updates) return false;
  // Device path: about once per frame; host path: at most every pacing::kPublishIntervalMs, since each view costs a
  // read-back and an encode on the host.
  if (device_mode(cuda_device)) return m_device_view->wants_view();
  return pacing::ms_since(last_publish) > pacing::kPublishIntervalMs * interval_share;
}

const std::int32_t* ViewPublisher::previous_tiles(std::size_t count) const {
  if (m_before == Before::LastFrame && m_last_frame && m_last_frame->tiles.size() == count)
    return m_last_frame->tiles.data();
  if (m_before == Before::Captured && m_before_step.size() == count) return m_before_step.data();
  return nullptr;
}

std::shared_ptr<ViewFrame> ViewPublisher::new_frame(const ViewGeometry& geometry, std::int32_t inf) {
  auto frame = std::make_shared<ViewFrame>();
  frame->serial = ++m_serial;
  frame->geometry = geometry;
  frame->inf = inf;
  frame->range_source = range_source();
  return frame;
}

void ViewPublisher::host_encode(ViewFrame& frame, Solver& solver) {
  const auto t0 = pacing::Clock::now();
  frame.tiles.resize(frame.geometry.texels());
  solver.view_tiles(frame.geometry, frame.tiles.data());
  const std::optional<ValueRange> fixed = fixed_range();
  frame.range = fixed ? *fixed : finite_range(frame.tiles.data(), frame.tiles.size(), frame.inf);
  // "Improved" compares with the state before the last step, within the same matrix only.
  const std::int32_t* previous = previous_tiles(frame.tiles.size());
  frame.codes.resize(frame.tiles.size());
  encode_view(frame.tiles.data(), previous, frame.tiles.size(), frame.range, frame.inf, frame.codes.data());
  if (previous) {
    for (std::uint16_t c : frame.codes) frame.improved += (c & kViewImprovedBit) ? 1 : 0;
  }
  frame.host_encode_ms = pacing::ms_since(t0);
}

void ViewPublisher::device_reduce(ViewFrame& frame, Solver& solver) {
  frame.on_device = true;
  auto lease = m_device_view->lease_for_worker();
  // With view updates on, the solver's kernels keep the view's minima (a view then copies rows x cols values);
  // off (solve-time comparisons), the final view reduces the matrix once and the kernels do no view work.
  lease.set_live_minima(m_view_updates);
  lease.reduce_async(solver, frame.geometry, fixed_range(), m_before != Before::None, frame.serial);
}

std::shared_ptr<const ViewFrame> ViewPublisher::dense_frame(Solver& solver, DType dtype, int cuda_device) {
  std::shared_ptr<ViewFrame> frame = new_frame(make_view_geometry(solver.n(), m_budget), inf_of(dtype));
  frame->cursor = solver.cursor();
  if (device_mode(cuda_device))
    device_reduce(*frame, solver);
  else
    host_encode(*frame, solver);
  shown(frame);
  m_before = Before::None;
  return frame;
}

std::shared_ptr<const ViewFrame> ViewPublisher::sparse_frame(SparseRun& run) {
  const auto t0 = pacing::Clock::now();
  const SourceDistances& d = run.result();
  std::shared_ptr<ViewFrame> frame = new_frame(make_source_rows_geometry(d.rows(), d.n, m_budget), kInf32);
  frame->cursor.finished = run.finished();
  frame->tiles = run.view_tiles(frame->geometry);  // only texel rows completed since the last view are reduced
  const std::optional<ValueRange> fixed = fixed_range();
  frame->range = fixed ? *fixed : finite_range(frame->tiles.data(), frame->tiles.size(), frame->inf);
  frame->codes.resize(frame->tiles.size());
  encode_source_rows_view(frame->tiles.data(), frame->tiles.size(), frame->range, frame->inf, frame->codes.data());
  frame->host_encode_ms = pacing::ms_since(t0);
  shown(frame);
  return frame;
}

}  // namespace apsp::studio
