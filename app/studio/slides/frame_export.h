#pragma once
// Slides: the run from the current state to its end as numbered PNG frames
// (DIR/frame_0000.png, ...) and / or an animated GIF, one frame per step of a chosen granularity (k, phase,
// round). A frame is the whole window read back at the end of a rendered frame, where --screenshot reads it,
// through the same read-back and PNG writer: each frame is the screenshot the studio takes at that step.
// Frame 0 is the state the export starts from, frame i the state after i steps: steps + 1 frames in all.
#include <apsp/solve/solver.h>

#include <memory>
#include <optional>
#include <string>

#include "platform/platform.h"
#include "session/log.h"
#include "session/solver_session.h"
#include "slides/gif_writer.h"

namespace apsp::studio {

/// @brief Each GIF frame is shown this long (hundredths of a second); the animation loops.
inline constexpr int kSlideDelayCs = 50;

struct FrameExportRequest {
  std::string directory;  ///< PNG frames go here (created if missing); empty: none
  std::string gif_path;   ///< the animated GIF; empty: none
  Granularity granularity = Granularity::Phase;
};

/// @brief "k", "phase", "round" -> the Granularity; nullopt for anything else.
std::optional<Granularity> parse_slide_granularity(const std::string& text);
/// @brief "frame_0007.png" in @p directory.
std::string slide_frame_path(const std::string& directory, int index);

class FrameExporter {
 public:
  /// @brief Begins an export. @p capture_now: the current frame is settled already (a batch run that just
  /// rendered its settle frames); else the export waits a few idle frames first. Throws apsp::Error when the
  /// directory cannot be made or the GIF opened.
  void start(FrameExportRequest request, bool capture_now, Log& log);
  bool active() const { return m_active; }
  /// @brief End of a rendered frame, before present (where --screenshot captures): asks the session for the
  /// next step, or, once the state shown has settled after it, writes the frame; finishes after the frame of
  /// the finished (or stopped) solve. @p view_current: the heatmap shows the newest view.
  void after_render(const Platform& platform, SolverSession& session, const SessionSnapshot& shown, bool view_current,
                    Log& log);
  int frames_written() const { return m_frames; }
  /// @brief Why the last export failed, with its exit status (nullopt: none failed).
  const std::optional<JobFailure>& failure() const { return m_failure; }

 private:
  void capture(const Platform& platform, const SessionSnapshot& shown, Log& log);
  void finish(Log& log);
  void fail(const std::exception& e, Log& log);

  FrameExportRequest m_request;
  bool m_active = false;
  bool m_capture_now = false;  ///< start(capture_now): the next after_render() writes frame 0 at once
  bool m_step_due = false;  ///< the frame of the current state is written: the next step is asked for next
  int m_idle_frames = 0;    ///< consecutive settled frames since the last step
  std::uint64_t m_seen_version = 0;
  int m_frames = 0;
  Cursor m_last_cursor;
  std::unique_ptr<GifWriter> m_gif;
  std::optional<JobFailure> m_failure;
};

}  // namespace apsp::studio
