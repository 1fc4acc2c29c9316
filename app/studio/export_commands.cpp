#include "export_commands.h"

#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/report/timings_csv.h>
#include <apsp/profile/profile.h>
#include <apsp/report/trace.h>

#include <algorithm>
#include <cstdio>
#include <utility>

#include "heatmap_labels.h"
#include "platform/image_io.h"

namespace apsp::studio {

void export_heatmap_png(const std::string& path, const HeatmapRenderer& renderer, const HeatmapTexture& texture,
                        const HeatmapOverlay& overlay, int scale, const ViewFrame* labels_for,
                        const Platform& platform, Log& log) {
  if (texture.empty()) throw Error(path + ": no heatmap to export (no graph loaded)");
  const ViewGeometry& g = texture.geometry();
  if (static_cast<long long>(std::max(g.cols, g.rows)) * scale > limits::kMaxViewBudget) {
    throw UsageError("--heatmap-scale " + std::to_string(scale) + ": a " + std::to_string(g.cols) + " x " +
                     std::to_string(g.rows) + " view would give an image wider than " +
                     std::to_string(limits::kMaxViewBudget) + " pixels");
  }
  RgbaImage image = renderer.render_image(texture, overlay, scale);
  glBindFramebuffer(GL_FRAMEBUFFER, platform.framebuffer());
  if (labels_for) image = label_heatmap(image, *labels_for, renderer.colormap(), scale);
  write_png(path, image);
  log.wrote(path, std::to_string(image.width) + " x " + std::to_string(image.height) + " heatmap" +
                      (g.tiled() ? ", tile minimum" : ", one texel per cell") +
                      (scale > 1 ? ", " + std::to_string(scale) + " x " + std::to_string(scale) + " pixels per texel"
                                 : "") +
                      (labels_for ? ", with vertex numbers, values and colour bar" : ""));
}

std::string samples_note(const SessionSnapshot& session) {
  std::string note = "the interactive run (its last run to the end), one run";
  if (!session.measure) return note;
  const MeasureRecord& m = *session.measure;
  char line[192];
  std::snprintf(line, sizeof line,
                "; not the measure after it (%d warm-up + %zu timed runs, median %.4f ms, min %.4f, max %.4f; "
                "--stats-json keeps every run)",
                m.options.warmup, m.result.runs_ms.size(), m.result.spread.median_ms, m.result.spread.min_ms,
                m.result.spread.max_ms);
  return note + line;
}

void export_timings_csv(const std::string& path, const SessionSnapshot& session, const ExportContext& context,
                        Log& log) {
  ProfileLog profile;
  for (const PhaseSample& s : session.samples) profile.add(s);
  ExportContext with_runs = context;
  with_runs.extra.emplace_back("samples", samples_note(session));
  write_timings_csv(path, with_runs, profile);
  log.wrote(path, "timings CSV, " + std::to_string(merge_k_steps(profile.samples()).size()) + " rows");
}

void export_trace(const std::string& path, const SessionSnapshot& session, const apsp::RunContext& run, Log& log) {
  if (!session.has_solver) throw Error(path + ": no solve to trace (no graph loaded)");
  if (session.sparse)
    throw UsageError(path + ": a sparse solve has no phase samples to trace; its batches are in --stats-json");
  SolverOptions options;
  options.block = session.config.block;
  options.dtype = session.config.dtype;
  options.gpus = session.config.gpus;
  options.threads = session.config.threads;
  TraceContext context = trace_context_for(session.config.backend, options, session.n, run);
  context.extra.emplace_back("samples", samples_note(session));
  write_trace(path, session.samples, context);
  log.wrote(path, "timeline of " + std::to_string(session.samples.size()) +
                      " slices; open it in ui.perfetto.dev or chrome://tracing");
}

void export_distances(const std::string& path, SolverSession& session) {
  // The worker reads the matrix back and writes it; errors reach the log (and a batch run's exit status).
  session.save_distances_async(path);
}

void ScreenshotRequest::request(const std::string& path) { m_path = path.empty() ? next_screenshot_path() : path; }

std::optional<std::string> ScreenshotRequest::capture(const Platform& platform, Log& log) {
  if (m_path.empty()) return std::nullopt;
  std::string path = std::exchange(m_path, {});
  try {
    const Size fb = platform.framebuffer_size();
    write_png(path, read_framebuffer(platform.framebuffer(), platform.read_buffer(), fb.width, fb.height));
    log.wrote(path, std::to_string(fb.width) + " x " + std::to_string(fb.height) + " screenshot");
    return path;
  } catch (const std::exception& e) {
    m_failure = JobFailure::of(e);
    log.error(std::string("screenshot: ") + e.what());
    return std::nullopt;
  }
}

}  // namespace apsp::studio
