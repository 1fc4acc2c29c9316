#include "export_commands.h"

#include <apsp/core/errors.h>
#include <apsp/io/timings_csv.h>
#include <apsp/profile/profile.h>

#include <utility>

#include "platform/image_io.h"

namespace apsp::studio {

void export_heatmap_png(const std::string& path, const HeatmapRenderer& renderer, const HeatmapTexture& texture,
                        const HeatmapOverlay& overlay, const Platform& platform, Log& log) {
  if (texture.empty()) throw Error(path + ": no heatmap to export (no graph loaded)");
  RgbaImage image = renderer.render_image(texture, overlay);
  glBindFramebuffer(GL_FRAMEBUFFER, platform.framebuffer());
  write_png(path, image);
  log.info("heatmap written to " + path + " (" + std::to_string(image.width) + " x " + std::to_string(image.height) +
           (texture.geometry().tiled() ? ", tile minimum)" : ", one pixel per cell)"));
}

void export_timings_csv(const std::string& path, const SessionSnapshot& session, const ExportContext& context,
                        Log& log) {
  ProfileLog profile;
  for (const PhaseSample& s : session.samples) profile.add(s);
  write_timings_csv(path, context, profile);
  log.info("timings written to " + path + " (" + std::to_string(merge_k_steps(profile.samples()).size()) + " rows)");
}

void export_distances(const std::string& path, SolverSession& session, bool wait) {
  // The worker reads the matrix back and writes it; errors reach the log (and a batch run's exit status).
  session.save_distances_async(path);
  if (!wait) return;
  session.wait_idle();
  if (auto failure = session.take_failure()) throw Error(failure->message);
}

void ScreenshotRequest::request(const std::string& path) { m_path = path.empty() ? next_screenshot_path() : path; }

std::optional<std::string> ScreenshotRequest::capture(const Platform& platform, Log& log) {
  if (m_path.empty()) return std::nullopt;
  std::string path = std::exchange(m_path, {});
  try {
    const Size fb = platform.framebuffer_size();
    write_png(path, read_framebuffer(platform.framebuffer(), platform.read_buffer(), fb.width, fb.height));
    log.info("screenshot written to " + path);
    return path;
  } catch (const std::exception& e) {
    m_error = e.what();
    log.error(std::string("screenshot: ") + e.what());
    return std::nullopt;
  }
}

}  // namespace apsp::studio
