#pragma once
// The heatmap's views of the active run, made on the worker thread: the host path (tiles read back, range and
// codes computed here), the device path (the reduction enqueued through a DeviceViewChannel; the frame loop
// encodes into the texture) and the S x n rows of a sparse run. It also keeps what "improved" compares with:
// the state before the most recent step, not everything since the last published frame (a scripted --advance 9
// would otherwise mark nine rounds). That state is either the last published frame (nothing ran since: the
// usual case, no extra work) or a capture taken just before the step.
#include <apsp/solve/solver.h>
#include <apsp/view/view.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "session/device_view_channel.h"
#include "session/publish_pacing.h"
#include "session/session_types.h"
#include "session/sparse_run.h"

namespace apsp::studio {

class ViewPublisher {
 public:
  explicit ViewPublisher(int budget) : m_budget(budget) {}

  int budget() const { return m_budget; }
  /// @brief "fix colours": on, views use the lesson's range where one is known, else @p current (the range shown
  /// now, frozen); off, each view's own finite range.
  void fix_colours(bool fix, std::optional<ValueRange> current) {
    m_fix_colours = fix;
    m_frozen_range = fix && !m_lesson_range ? current : std::nullopt;
    m_before = Before::None;  // no step happened: nothing to mark as improved
  }
  /// @brief A new run: the range of its whole lesson (nullopt: unknown, a large graph). A range frozen on
  /// another run means nothing here and is dropped.
  void set_lesson_range(std::optional<ValueRange> range) {
    m_lesson_range = range;
    m_frozen_range.reset();
  }
  /// @brief Views of a CUDA solver go through @p channel from now on (nullptr: the host path).
  void set_device_channel(std::shared_ptr<DeviceViewChannel> channel) {
    m_device_view = std::move(channel);
    forget_previous();  // the new encoder has no previous tiles
  }
  void set_view_updates(bool on) { m_view_updates = on; }
  /// @brief false: long jobs publish their view only when they end (solve-time comparisons).
  bool view_updates() const { return m_view_updates; }
  /// @brief A solver whose matrix lives on CUDA device @p cuda_device (-1: none) is viewed on the device.
  bool device_mode(int cuda_device) const { return m_device_view && cuda_device >= 0; }

  /// @brief A new matrix, or a jump through time: nothing is "improved" relative to what was shown.
  void forget_previous() {
    m_last_frame_current = false;
    m_before = Before::None;
  }
  /// @brief Called just before a step of @p solver: keeps the state before it for the improved bit when a view
  /// may follow (@p will_publish; a capture costs a pass over the matrix, a noticeable share of a round at large n).
  void before_step(Solver& solver, int cuda_device, bool will_publish);
  /// @brief Whether a long job should publish a new view now: on the device path as soon as the frame loop took
  /// the last one, on the host path after @p interval_share of kPublishIntervalMs since @p last_publish.
  bool due(pacing::Clock::time_point last_publish, double interval_share, int cuda_device) const;

  /// @brief A view of @p solver's matrix by the host or the device path.
  std::shared_ptr<const ViewFrame> dense_frame(Solver& solver, DType dtype, int cuda_device);
  /// @brief The S x n rows of @p run, rows not computed yet as kViewPendingCode (host path).
  std::shared_ptr<const ViewFrame> sparse_frame(SparseRun& run);

 private:
  std::shared_ptr<ViewFrame> new_frame(const ViewGeometry& geometry, std::int32_t inf);
  void host_encode(ViewFrame& frame, Solver& solver);
  void device_reduce(ViewFrame& frame, Solver& solver);
  const std::int32_t* previous_tiles(std::size_t count) const;
  void shown(std::shared_ptr<const ViewFrame> frame) {
    m_last_frame = std::move(frame);
    m_last_frame_current = true;
  }

  int m_budget;
  std::uint64_t m_serial = 0;
  /// @brief The range views are encoded with instead of their own (nullopt: their own).
  std::optional<ValueRange> fixed_range() const {
    if (!m_fix_colours) return std::nullopt;
    return m_lesson_range ? m_lesson_range : m_frozen_range;
  }
  ViewFrame::RangeSource range_source() const {
    if (!m_fix_colours) return ViewFrame::RangeSource::Step;
    if (m_lesson_range) return ViewFrame::RangeSource::Lesson;
    return m_frozen_range ? ViewFrame::RangeSource::Frozen : ViewFrame::RangeSource::Step;
  }

  bool m_fix_colours = true;  // on by default: where the lesson's range is known, colours keep their meaning
  std::optional<ValueRange> m_lesson_range;
  std::optional<ValueRange> m_frozen_range;
  std::shared_ptr<DeviceViewChannel> m_device_view;
  bool m_view_updates = true;
  std::shared_ptr<const ViewFrame> m_last_frame;
  bool m_last_frame_current = false;  // the matrix has not changed since m_last_frame was published
  enum class Before { None, LastFrame, Captured } m_before = Before::None;
  std::vector<std::int32_t> m_before_step;
};

}  // namespace apsp::studio
