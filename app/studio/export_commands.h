#pragma once
// What the export panel, F12 and the scripted output flags write: the heatmap as a PNG, the timings CSV, the
// distances, a screenshot of the window. Each logs what it wrote; failures throw (the GUI logs them, batch runs
// turn them into an exit status).
#include <optional>
#include <apsp/report/export_context.h>

#include <string>

#include "platform/platform.h"
#include "render/heatmap_renderer.h"
#include "render/heatmap_texture.h"
#include "session/log.h"
#include "session/solver_session.h"

namespace apsp::studio {

/// @brief The heatmap alone with @p overlay, @p scale x @p scale pixels per texel of @p texture (--heatmap-scale);
/// with @p labels_for (the view the texture shows; --heatmap-labels), framed by label_heatmap()'s numbers and
/// colour bar. Leaves @p platform's framebuffer bound (rendering the image binds its own). An image wider than
/// limits::kMaxViewBudget pixels is refused (UsageError).
void export_heatmap_png(const std::string& path, const HeatmapRenderer& renderer, const HeatmapTexture& texture,
                        const HeatmapOverlay& overlay, int scale, const ViewFrame* labels_for,
                        const Platform& platform, Log& log);

/// @brief Which runs the timings CSV and the trace hold: the interactive run's samples, and, after a measure,
/// that the measure's timed runs are not among them (written as their "samples" context value).
std::string samples_note(const SessionSnapshot& session);

/// @brief One row per (round, phase, device) of @p session's samples, after the context and samples_note().
void export_timings_csv(const std::string& path, const SessionSnapshot& session, const ExportContext& context,
                        Log& log);

/// @brief @p session's samples as a Chrome trace / Perfetto timeline (apsp/report/trace.h).
void export_trace(const std::string& path, const SessionSnapshot& session, const apsp::RunContext& run, Log& log);

/// @brief The distances, written by the worker after its queued jobs; a failure reaches the log and
/// SolverSession::take_failure() (a batch run's exit status).
void export_distances(const std::string& path, SolverSession& session);

/// @brief A screenshot asked for now and taken at the end of the next rendered frame (the whole window).
class ScreenshotRequest {
 public:
  /// @brief @p path empty: the next free apsp-studio-NNNN.png in the working directory.
  void request(const std::string& path);
  /// @brief End of a frame, before present: writes the pending screenshot if any; returns its path when written.
  /// A failure is logged and kept for failure().
  std::optional<std::string> capture(const Platform& platform, Log& log);
  /// @brief Why the last screenshot failed, with its exit status (nullopt: none failed).
  const std::optional<JobFailure>& failure() const { return m_failure; }

 private:
  std::string m_path;
  std::optional<JobFailure> m_failure;
};

}  // namespace apsp::studio
