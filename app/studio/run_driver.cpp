#include "run_driver.h"

#include <apsp/core/errors.h>
#include <apsp/io/atomic_file.h>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>

namespace apsp::studio {
namespace {

// Set by SIGINT / SIGTERM: the frame loop closes the window the normal way (settings, --log-file and
// --stats-json are still written) instead of dying mid-frame.
std::atomic<bool> g_stop_requested{false};
extern "C" void on_stop_signal(int) { g_stop_requested.store(true); }

// Scripted runs render a few frames before capturing so windows and tables have settled their sizes.
constexpr int kSettleFrames = 3;

int report_failure(SolverSession& session) {
  if (auto failure = session.take_failure()) {
    std::fprintf(stderr, "apsp-studio: %s\n", failure->message.c_str());
    return failure->exit_code;
  }
  return 0;
}

}  // namespace

void install_stop_signals() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
}

int RunDriver::run() {
  if (int status = load_launch_graph(); status != 0) return status;
  try {
    m_app.open_graphics();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "apsp-studio: %s\n", e.what());
    return 1;
  }
  int status = 0;
  if (m_app.plan().batch) {
    status = run_batch();
  } else {
    run_interactive();
  }
  return write_exit_files(status);
}

int RunDriver::load_launch_graph() {
  const LaunchPlan& plan = m_app.plan();
  Log& log = m_app.log();
  for (const std::string& warning : plan.warnings) log.warning(warning);
  if (plan.usage_error) {
    std::fprintf(stderr, "apsp-studio: %s\n", plan.usage_error->c_str());
    return 2;
  }
  log.info(plan.gpu_control);

  SolverSession& session = m_app.session();
  session.load_async(plan.graph, plan.config);
  session.wait_idle();
  if (plan.graph_failure_is_fatal) {
    if (int status = report_failure(session); status != 0) return status;
  } else if (session.take_failure()) {
    // A remembered graph that no longer loads: show the demo instead, the error stays in the log.
    session.load_async(GraphSource{GraphSource::Kind::Generator, kDemoGraph}, plan.config);
    session.wait_idle();
    session.take_failure();
  }

  if (!m_options.advance.empty()) {
    if (m_options.advance == "all") {
      session.run_to_end_async();
    } else {
      int rounds = std::stoi(m_options.advance);
      if (rounds > 0) session.step_async(Granularity::Round, rounds);
    }
    session.wait_idle();
  }
  if (m_options.advance_phases > 0) {
    session.step_async(Granularity::Phase, m_options.advance_phases);
    session.wait_idle();
  }
  if (m_options.advance_k > 0) {
    session.step_async(Granularity::KStep, m_options.advance_k);
    session.wait_idle();
  }
  return report_failure(session);
}

int RunDriver::run_batch() {
  SolverSession& session = m_app.session();
  m_app.frame();
  // The first frame may have switched the heatmap to the device path, which republishes the view: let that
  // finish, so the frames below (waiting for the GPU once the worker is idle) show the final state.
  session.wait_idle();
  if (m_options.run_to_end) {
    session.run_to_end_async();
    frames_until_idle();
    // A solve that stopped (RangeError, negative cycle) exits as the CLI does, without its outputs.
    if (int status = report_failure(session); status != 0) return status;
    m_solve_first_ms = session.snapshot().last_step_ms;
    if (m_options.stats_view_off) measure_view_off();
    log_frame_summary();
  }
  if (!m_options.test.gui_open.empty()) {
    m_app.commands().push(CmdLoadGraph{GraphSource{GraphSource::Kind::File, m_options.test.gui_open}});
    m_app.frame();
    session.wait_idle();
    session.take_failure();  // the GUI path reports in the log and keeps running
  }
  for (int i = 0; i < kSettleFrames; ++i) m_app.frame();
  if (!m_options.screenshot.empty()) m_app.request_screenshot(m_options.screenshot);
  m_app.frame();
  return write_scripted_outputs();
}

void RunDriver::run_interactive() {
  CommandQueue& commands = m_app.commands();
  if (!m_options.test.gui_open.empty()) {
    commands.push(CmdLoadGraph{GraphSource{GraphSource::Kind::File, m_options.test.gui_open}});
  }
  if (m_options.test.gui_screenshot) commands.push(CmdScreenshot{});
  if (m_options.run_to_end) commands.push(CmdRunToEnd{});
  bool outputs_pending = !m_options.screenshot.empty() || !m_options.heatmap_png.empty() ||
                         !m_options.timings_csv.empty() || !m_options.distances.empty();
  // Outputs are written once the window has settled, or on the last frame when --frames bounds the run.
  const int last_frames = m_options.test.frames;
  const int output_frame = last_frames > 0 ? std::max(last_frames - 1, kSettleFrames) : kSettleFrames;
  Platform& platform = m_app.platform();
  int frames = 0;
  while (!platform.should_close()) {
    if (!m_app.animating() && frames >= 5) platform.wait_events(0.1);
    const bool outputs_now = outputs_pending && frames == output_frame;
    if (outputs_now && !m_options.screenshot.empty()) m_app.request_screenshot(m_options.screenshot);
    m_app.frame();
    if (outputs_now) {
      write_scripted_outputs();
      outputs_pending = false;
    }
    ++frames;
    if (last_frames > 0 && frames >= last_frames) platform.request_close();
    if (g_stop_requested.load()) platform.request_close();
  }
  m_app.save_user_settings();
  log_frame_summary();
}

void RunDriver::frames_until_idle() {
  while (!m_app.session().idle()) m_app.frame();
  m_app.frame();  // the final view
}

int RunDriver::write_scripted_outputs() {
  int status = 0;
  auto attempt = [&](const char* what, auto&& fn) {
    try {
      fn();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "apsp-studio: %s: %s\n", what, e.what());
      if (status == 0) status = exit_code(e);
    }
  };
  if (!m_options.heatmap_png.empty()) attempt("--heatmap-png", [&] { m_app.export_heatmap(m_options.heatmap_png); });
  if (!m_options.timings_csv.empty()) attempt("--timings-csv", [&] { m_app.export_timings(m_options.timings_csv); });
  if (!m_options.distances.empty()) {
    attempt("--distances", [&] { export_distances(m_options.distances, m_app.session(), true); });
  }
  if (!m_app.screenshot_error().empty()) {
    std::fprintf(stderr, "apsp-studio: --screenshot: %s\n", m_app.screenshot_error().c_str());
    if (status == 0) status = 1;
  }
  return status;
}

int RunDriver::write_exit_files(int status) {
  if (!m_options.stats_json.empty()) {
    try {
      write_stats_json(m_options.stats_json, collect_stats());
    } catch (const std::exception& e) {
      std::fprintf(stderr, "apsp-studio: --stats-json: %s\n", e.what());
      if (status == 0) status = 1;
    }
  }
  if (!m_options.log_file.empty()) {
    try {
      AtomicFile file(m_options.log_file);
      file.write(m_app.log().to_text());
      file.commit();
    } catch (const std::exception& e) {
      std::fprintf(stderr, "apsp-studio: --log-file: %s\n", e.what());
      if (status == 0) status = 1;
    }
  }
  return status;
}

}  // namespace apsp::studio
