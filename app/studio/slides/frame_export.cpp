#include "slides/frame_export.h"

#include <apsp/core/errors.h>

#include <cstdio>
#include <filesystem>
#include <utility>

#include "platform/image_io.h"
#include "session/step_position.h"

namespace apsp::studio {
namespace {
// Frames rendered with the worker idle and the same snapshot before one is captured: the first of them may
// still show the state from before the step finished (the snapshot is taken at the frame's start), and Dear
// ImGui settles sizes over a frame or two, as the batch run's own settle frames do before --screenshot.
constexpr int kSettleFrames = 3;
}  // namespace

std::optional<Granularity> parse_slide_granularity(const std::string& text) {
  if (text == "k") return Granularity::KStep;
  if (text == "phase") return Granularity::Phase;
  if (text == "round") return Granularity::Round;
  return std::nullopt;
}

std::string slide_frame_path(const std::string& directory, int index) {
  char name[32];
  std::snprintf(name, sizeof name, "frame_%04d.png", index);
  return (std::filesystem::path(directory) / name).string();
}

void FrameExporter::start(FrameExportRequest request, bool capture_now, Log& log) {
  if (m_active) throw UsageError("a frame export is already running");
  if (!request.directory.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(request.directory, ec);
    if (!std::filesystem::is_directory(request.directory))  // a file, a FIFO, a device: bad usage (exit 2)
      throw UsageError("--export-frames " + request.directory + ": not a directory" +
                       (ec ? " (" + ec.message() + ")" : ""));
  }
  m_request = std::move(request);
  m_gif.reset();
  m_failure.reset();
  m_frames = 0;
  m_step_due = false;
  m_idle_frames = 0;
  m_seen_version = 0;
  m_capture_now = capture_now;
  m_active = true;
  const char* unit = m_request.granularity == Granularity::KStep ? "k-step"
                     : m_request.granularity == Granularity::Round ? "round"
                                                                   : "phase";
  log.info(std::string("slides: one frame per ") + unit + " to the end of the run" +
           (m_request.directory.empty() ? "" : ", PNG frames in " + m_request.directory) +
           (m_request.gif_path.empty() ? "" : ", GIF " + m_request.gif_path));
}

void FrameExporter::after_render(const Platform& platform, SolverSession& session, const SessionSnapshot& shown,
                                 bool view_current, Log& log) {
  if (!m_active) return;
  if (m_step_due) {
    m_step_due = false;
    m_idle_frames = 0;
    m_last_cursor = shown.cursor;
    session.step_async(m_request.granularity, 1);
    return;
  }
  if (std::exchange(m_capture_now, false) && session.idle()) {
    capture(platform, shown, log);  // the caller's frame is settled: frame 0 is this very frame
    return;
  }
  const bool settled = session.idle() && !shown.busy && view_current && (m_idle_frames == 0 || shown.version == m_seen_version);
  m_seen_version = shown.version;
  if (!settled) {
    m_idle_frames = 0;
    return;
  }
  if (++m_idle_frames <= kSettleFrames) return;
  capture(platform, shown, log);
}

void FrameExporter::capture(const Platform& platform, const SessionSnapshot& shown, Log& log) {
  try {
    const Size fb = platform.framebuffer_size();
    const RgbaImage image = read_framebuffer(platform.framebuffer(), platform.read_buffer(), fb.width, fb.height);
    if (!m_request.directory.empty()) write_png(slide_frame_path(m_request.directory, m_frames), image);
    if (!m_request.gif_path.empty()) {
      if (!m_gif) m_gif = std::make_unique<GifWriter>(m_request.gif_path, image.width, image.height, kSlideDelayCs);
      m_gif->add_frame(image.pixels.data(), image.width, image.height);
    }
  } catch (const std::exception& e) {
    fail(e, log);
    return;
  }
  // Each frame's title in the log, the caption a lecture note can quote beside the picture.
  log.info("slides: frame " + std::to_string(m_frames) + ": " +
           (shown.has_solver && !shown.sparse ? describe_position(step_position(shown), shown.stopped)
                                              : std::string("(no Floyd-Warshall step)")));
  ++m_frames;
  const bool at_end = shown.cursor.finished || !shown.stopped.empty() || !shown.has_solver;
  // A step that did not move the cursor (it failed: the log says why) ends the export too.
  const bool stuck = m_frames > 1 && shown.cursor == m_last_cursor;
  if (at_end || stuck) {
    finish(log);
  } else {
    m_step_due = true;
  }
}

void FrameExporter::finish(Log& log) {
  m_active = false;
  try {
    if (m_gif) m_gif->finish();
  } catch (const std::exception& e) {
    fail(e, log);
    return;
  }
  m_gif.reset();
  const std::string frames = std::to_string(m_frames) + " slide frames";
  if (!m_request.directory.empty()) log.wrote(m_request.directory, frames + " as PNG files");
  if (!m_request.gif_path.empty()) log.wrote(m_request.gif_path, frames + ", animated GIF");
}

void FrameExporter::fail(const std::exception& e, Log& log) {
  m_active = false;
  m_gif.reset();  // an unfinished GIF never appears (AtomicFile)
  m_failure = JobFailure::of(e);
  log.error("slides: " + m_failure->message);
}

}  // namespace apsp::studio
