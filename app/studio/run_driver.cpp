#include "run_driver.h"

#include <apsp/core/errors.h>
#include <apsp/core/memory.h>
#include <apsp/core/stop_signal.h>
#include <apsp/io/atomic_file.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <cstdio>
#include <stop_token>
#include <thread>

#include "export_handout.h"
#include "platform/framebuffer_limits.h"
#include "quiz_script.h"  // --quiz
#include "session/explain_json.h"
#include "session/sweep_job.h"

namespace apsp::studio {
namespace {

// Scripted runs render a few frames before capturing so windows and tables have settled their sizes.
constexpr int kSettleFrames = 3;
// After input Dear ImGui needs a frame or two more to settle (hover, layout, a key's release).
constexpr int kFramesAfterInput = 3;
// How often the batch waits and the stop watcher look at the stop request.
constexpr auto kStopPoll = std::chrono::milliseconds(50);

/// The exit status of a batch run's outputs: each failure is one line on stderr naming its flag; the first
/// decides the status, through the one table both programs use (apsp::exit_code via JobFailure).
struct ExitStatus {
  int code = exit_status::kOk;

  void report(const char* flag, const JobFailure& failure) {
    std::fprintf(stderr, "apsp-studio: %s: %s\n", flag, failure.message.c_str());
    if (code == exit_status::kOk) code = failure.exit_code;
  }
  template <class Write>
  void attempt(const char* flag, Write&& write) {
    try {
      write();
    } catch (const std::exception& e) {
      report(flag, JobFailure::of(e));
    }
  }
};

}  // namespace

int RunDriver::report_failure(SolverSession& session) {
  std::optional<JobFailure> failure = session.take_failure();
  if (!failure) return 0;
  std::fprintf(stderr, "apsp-studio: %s\n", failure->message.c_str());
  if (failure->exit_code != exit_status::kNegativeCycle) return failure->exit_code;
  // A negative cycle is what the lesson shows: the run goes on to write its pictures and exits with the
  // cycle's status at the end (run()).
  if (!m_stopped_by_cycle) m_stopped_by_cycle = std::move(failure);
  return 0;
}

void RunDriver::require_capture_memory() const {
  const bool captures = !m_options.screenshot.empty() || m_options.test.gui_screenshot || m_options.classroom.slides();
  if (!captures) return;
  // Without --size the window is 1280x800 times the UI scale (the monitor's, unknown yet: at least 1).
  const LaunchPlan& plan = m_app.plan();
  const double scale = std::max(1.0, static_cast<double>(m_options.scale));
  const int width = plan.window_width > 0 ? plan.window_width : static_cast<int>(std::lround(1280 * scale));
  const int height = plan.window_height > 0 ? plan.window_height : static_cast<int>(std::lround(800 * scale));
  require_host_memory("a " + std::to_string(width) + " x " + std::to_string(height) +
                          " screenshot (read back and encoded as PNG; --size sets the window)",
                      capture_bytes(width, height));
}

int RunDriver::run() {
  try {
    require_capture_memory();
    if (int status = load_launch_graph(); status != 0) return status;
  } catch (const InterruptedError& e) {
    std::fprintf(stderr, "apsp-studio: %s\n", e.what());
    return exit_code(e);
  } catch (const OutOfMemoryError& e) {
    std::fprintf(stderr, "apsp-studio: %s\n", e.what());
    return exit_code(e);
  }
  try {
    m_app.open_graphics();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "apsp-studio: %s\n", e.what());
    return exit_code(e);
  }
  int status = exit_status::kOk;
  try {
    if (m_app.plan().batch) {
      status = run_batch();
    } else {
      run_interactive();
      throw_if_stop_requested();
    }
    if (status == exit_status::kOk && m_stopped_by_cycle) status = m_stopped_by_cycle->exit_code;
  } catch (const InterruptedError& e) {
    // Nothing more is written but what describes the run (--stats-json, --log-file).
    std::fprintf(stderr, "apsp-studio: %s\n", e.what());
    m_app.log().warning(e.what());
    status = exit_code(e);
  }
  return write_exit_files(status);
}

void RunDriver::wait_idle_or_stop() {
  SolverSession& session = m_app.session();
  bool cancelled = false;
  while (!session.wait_idle_for(kStopPoll)) {
    if (stop_signal() && !cancelled) {
      session.cancel();  // the running job stops after its round; queued ones are dropped
      cancelled = true;
    }
  }
  throw_if_stop_requested();
}

namespace {
/// A remembered file that is no longer a regular file (a FIFO nobody writes to, a device) is not opened at
/// start-up: the window must open at once, with the demo, whatever the settings say. stat() does not block.
bool remembered_graph_is_loadable(const GraphSource& graph, Log& log) {
  if (graph.kind != GraphSource::Kind::File) return true;
  std::error_code ec;
  const std::filesystem::file_status st = std::filesystem::status(graph.text, ec);
  if (ec || std::filesystem::is_regular_file(st)) return true;  // missing or unreadable: the load says why
  log.warning("remembered graph " + graph.text + " is not a regular file; opening the demo instead");
  return false;
}
}  // namespace

int RunDriver::load_launch_graph() {
  const LaunchPlan& plan = m_app.plan();
  Log& log = m_app.log();
  for (const std::string& warning : plan.warnings) log.warning(warning);
  if (plan.usage_error) {
    std::fprintf(stderr, "apsp-studio: %s\n", plan.usage_error->c_str());
    return exit_status::kUsage;
  }
  log.info(plan.gpu_control);
  if (!m_options.lesson.empty()) return 0;  // the lesson loads its own graph once the frames run (open_launch_lesson)

  SolverSession& session = m_app.session();
  GraphSource graph = plan.graph;
  if (!plan.graph_failure_is_fatal && !remembered_graph_is_loadable(graph, log))
    graph = GraphSource{GraphSource::Kind::Generator, kDemoGraph};
  // Before the graph: its first view already uses the range asked for (the checkbox: App::open_graphics).
  if (m_options.fix_colours) session.fix_colours_async(*m_options.fix_colours, std::nullopt);
  session.load_async(graph, plan.config, !m_options.block);  // without --block a classroom graph's own block
  wait_idle_or_stop();
  if (plan.graph_failure_is_fatal) {
    if (int status = report_failure(session); status != 0) return status;
  } else if (session.take_failure()) {
    // A remembered graph that no longer loads: show the demo instead, the error stays in the log.
    session.load_async(GraphSource{GraphSource::Kind::Generator, kDemoGraph}, plan.config, !m_options.block);
    wait_idle_or_stop();
    session.take_failure();
  }
  if (int status = apply_scripted_graph_edits(); status != 0) return status;

  const LaunchSteps& steps = plan.steps;
  if (!steps.advance.empty()) {
    if (steps.advance == "all") {
      session.run_to_end_async();
    } else {
      const int rounds = parse_advance_rounds(steps.advance).value_or(0);  // checked by parse_options
      if (rounds > 0) session.step_async(Granularity::Round, rounds);
    }
    wait_idle_or_stop();
  }
  if (steps.advance_phases > 0) {
    session.step_async(Granularity::Phase, steps.advance_phases);
    wait_idle_or_stop();
  }
  if (steps.advance_k > 0) {
    session.step_async(Granularity::KStep, steps.advance_k);
    wait_idle_or_stop();
  }
  if (int status = report_failure(session); status != 0) return status;
  if (int status = apply_classroom_flags(); status != 0) return status;
  return apply_predict_flags();
}

int RunDriver::apply_classroom_flags() {
  SolverSession& session = m_app.session();
  const std::string& select = m_app.plan().steps.select;
  if (const auto cell = parse_cell(select)) {
    const int n = session.snapshot().n;
    if (cell->first >= n || cell->second >= n) {
      std::fprintf(stderr, "apsp-studio: --select %s: vertex outside 0..%d\n", select.c_str(), n - 1);
      return exit_status::kUsage;
    }
    session.select_async(cell->first, cell->second);  // the frame copies it into AppState::classroom
  }
  const std::pair<teach::TravelUnit, int> backs[] = {{teach::TravelUnit::Round, m_options.back_rounds},
                                                     {teach::TravelUnit::Phase, m_options.back_phases},
                                                     {teach::TravelUnit::KStep, m_options.back_k}};
  for (const auto& [unit, count] : backs) {
    if (count <= 0) continue;
    session.back_async(unit, count);
    wait_idle_or_stop();
  }
  wait_idle_or_stop();
  if (int status = report_failure(session); status != 0) return status;
  int quiz_status = 0;
  m_quiz = play_scripted_quiz(m_app, m_options, [this] { wait_idle_or_stop(); }, quiz_status);
  return quiz_status;
}

int RunDriver::open_launch_lesson() {
  m_app.commands().push(CmdOpenLesson{m_options.lesson, m_options.lesson_stop.value_or(0), true});
  do {  // the graph loads, then the walk to the stop is queued, then taken
    m_app.frame();
    wait_idle_or_stop();
  } while (m_app.state().lesson.settling());
  if (int status = report_failure(m_app.session()); status != 0) return status;  // the graph's own error first
  if (const std::optional<JobFailure>& failure = m_app.state().lesson.failure) {
    std::fprintf(stderr, "apsp-studio: --lesson: %s\n", failure->message.c_str());
    return failure->exit_code;
  }
  return 0;
}

int RunDriver::run_batch() {
  SolverSession& session = m_app.session();
  if (!m_options.lesson.empty()) {
    if (int status = open_launch_lesson(); status != 0) return status;
  }
  m_app.frame();
  // The first frame may have switched the heatmap to the device path, which republishes the view: let that
  // finish, so the frames below (waiting for the GPU once the worker is idle) show the final state.
  wait_idle_or_stop();
  if (m_options.run_to_end && !m_stopped_by_cycle) {
    session.run_to_end_async();
    frames_until_idle();
    // A solve that stopped at a RangeError exits as the CLI does, without its outputs (a negative cycle:
    // report_failure()).
    if (int status = report_failure(session); status != 0) return status;
    if (!m_stopped_by_cycle) {
      m_solve_first_ms = session.snapshot().last_step_ms;
      if (m_options.stats_view_off) measure_view_off();
    }
    log_frame_summary();
  }
  if (m_options.measure && !m_stopped_by_cycle) {  // after the interactive run, so both figures describe the same configuration
    MeasureOptions measure;
    measure.repeat = m_options.measure_repeat;
    session.measure_async(measure);
    wait_idle_or_stop();  // no frames meanwhile: software GL would take the cores a CPU solve is timed on
    if (int status = report_failure(session); status != 0) return status;
  }
  if (!m_options.test.gui_open.empty()) {
    m_app.commands().push(CmdLoadGraph{GraphSource{GraphSource::Kind::File, m_options.test.gui_open}});
    m_app.frame();
    wait_idle_or_stop();
    session.take_failure();  // the GUI path reports in the log and keeps running
  }
  int sweep_status = 0;
  if (m_options.sweep) sweep_status = run_sweep_batch();
  if (m_options.counters && sweep_status == 0) sweep_status = run_counters_batch();
  for (int i = 0; i < kSettleFrames; ++i) m_app.frame();
  if (!m_options.screenshot.empty()) m_app.request_screenshot(m_options.screenshot);
  throw_if_stop_requested();
  // Slides: frame 0 is read from the very frame --screenshot reads, so the two are the same picture; the
  // other outputs still describe the state the scripted steps reached (the export steps only after them).
  const bool slides = m_options.classroom.slides();
  if (slides) {
    try {
      m_app.start_frame_export(FrameExportRequest{m_options.classroom.export_frames, m_options.classroom.gif,
                                                  *parse_slide_granularity(m_options.classroom.granularity)},
                               true);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "apsp-studio: --export-frames / --gif: %s\n", e.what());
      return exit_code(e);
    }
  }
  m_app.frame();
  int status = write_scripted_outputs();
  if (slides) {
    run_slides();
    if (const std::optional<JobFailure>& failure = m_app.frame_export().failure()) {
      std::fprintf(stderr, "apsp-studio: --export-frames / --gif: %s\n", failure->message.c_str());
      if (status == 0) status = failure->exit_code;
    }
    // The slides' last step may have stopped the solve (its frame is written, the export ended there).
    const int stopped = report_failure(session);
    if (status == 0) status = stopped;
  }
  return sweep_status != 0 ? sweep_status : status;
}

void RunDriver::run_slides() {
  SolverSession& session = m_app.session();
  bool cancelled = false;
  while (m_app.frame_export().active()) {
    if (stop_signal() && !cancelled) {
      session.cancel();  // stops after the step in progress; the frames written so far stay
      cancelled = true;
    }
    if (cancelled && session.idle()) break;
    m_app.frame();
  }
  throw_if_stop_requested();
}

int RunDriver::run_sweep_batch() {
  SweepJob& job = m_app.sweep_job();
  job.start(*m_options.sweep);
  bool cancelled = false;
  while (!job.wait_for(kStopPoll)) {
    if (stop_signal() && !cancelled) {
      job.cancel();  // after the solve in progress
      cancelled = true;
    }
  }
  throw_if_stop_requested();
  m_app.frame();  // the results into the window and the log
  return write_sweep_outputs();
}

int RunDriver::write_sweep_outputs() {
  const SweepJobSnapshot sweep = m_app.sweep_job().snapshot();
  if (!sweep.error.empty()) {
    std::fprintf(stderr, "apsp-studio: --sweep: %s\n", sweep.error.c_str());
    return exit_status::kUsage;
  }
  if (!sweep.report) return 0;
  const bench::SweepReport& report = *sweep.report;
  if (report.results.empty()) {
    // As apsp bench: the first failure's status, or 2 when every combination was skipped.
    try {
      if (report.first_failure) std::rethrow_exception(report.first_failure);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "apsp-studio: --sweep: %s\n", e.what());
      return exit_code(e);
    }
    const std::string why = report.skipped.empty() ? std::string("nothing planned")
                                                   : bench::describe(report.skipped.front().config) + ": " +
                                                         report.skipped.front().reason;
    std::fprintf(stderr, "apsp-studio: --sweep: nothing to run: %s\n", why.c_str());
    return exit_status::kUsage;
  }
  try {
    m_app.export_sweep(report, m_options.sweep_csv, m_options.sweep_chart);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "apsp-studio: --sweep-csv / --sweep-chart: %s\n", e.what());
    return exit_code(e);
  }
  return 0;
}

void RunDriver::run_interactive() {
  CommandQueue& commands = m_app.commands();
  if (!m_options.lesson.empty()) commands.push(CmdOpenLesson{m_options.lesson, m_options.lesson_stop.value_or(0)});
  if (!m_options.test.gui_open.empty()) {
    commands.push(CmdLoadGraph{GraphSource{GraphSource::Kind::File, m_options.test.gui_open}});
  }
  if (m_options.test.gui_screenshot) commands.push(CmdScreenshot{});
  if (m_options.run_to_end) commands.push(CmdRunToEnd{});
  if (m_options.sweep) commands.push(CmdStartSweep{*m_options.sweep});
  bool sweep_outputs_pending = m_options.sweep && (!m_options.sweep_csv.empty() || !m_options.sweep_chart.empty());
  if (m_options.measure) commands.push(CmdMeasure{m_options.measure_repeat});
  bool counters_pending = m_options.counters.has_value();  // pushed once the graph is loaded
  bool outputs_pending = !m_options.screenshot.empty() || !m_options.heatmap_png.empty() ||
                         !m_options.timings_csv.empty() || !m_options.distances.empty();
  // Slides begin once the window settled (not on a --frames run's last frame) and take the frames they need.
  bool slides_pending = m_options.classroom.slides();
  // Outputs are written once the window has settled, or on the last frame when --frames bounds the run.
  const int last_frames = m_options.test.frames;
  const int output_frame = last_frames > 0 ? std::max(last_frames - 1, kSettleFrames) : kSettleFrames;
  Platform& platform = m_app.platform();
  // Signals cannot call into GLFW: this thread turns a stop request into a wake-up of the event wait.
  std::jthread stop_watcher([&platform](std::stop_token token) {
    while (!token.stop_requested() && !stop_signal()) std::this_thread::sleep_for(kStopPoll);
    if (stop_signal()) platform.wake();
  });
  int frames = 0;
  int frames_to_settle = 0;
  while (!platform.should_close()) {
    // Idle, the loop sleeps until input, a wake-up (the worker published, a log line, a stop request) or a
    // second passes: an idle studio stays off the CPU its solver is timed on. --frames N renders its N
    // frames back to back (tests of the GUI path), as do the first frames while the window settles.
    const bool may_sleep = last_frames == 0 && frames >= kSettleFrames + 2 && !m_app.animating();
    if (may_sleep && frames_to_settle == 0) {
      if (platform.wait_events(m_app.idle_wait_seconds())) frames_to_settle = kFramesAfterInput;
    } else if (frames_to_settle > 0) {
      --frames_to_settle;
    }
    const bool outputs_now = outputs_pending && frames == output_frame;
    if (outputs_now && !m_options.screenshot.empty()) m_app.request_screenshot(m_options.screenshot);
    if (slides_pending && frames == kSettleFrames) {
      m_app.commands().push(CmdExportFrames{m_options.classroom.export_frames, m_options.classroom.gif,
                                            *parse_slide_granularity(m_options.classroom.granularity)});
      slides_pending = false;
    }
    if (counters_pending && m_app.state().session.has_graph && m_app.session().idle()) {
      m_app.commands().push(CmdProfileCounters{*m_options.counters});
      counters_pending = false;
    }
    m_app.frame();
    if (outputs_now) {
      write_scripted_outputs();
      outputs_pending = false;
    }
    if (sweep_outputs_pending && m_app.sweep_job().snapshot().report) {  // the scripted sweep ended
      write_sweep_outputs();
      sweep_outputs_pending = false;
    }
    ++frames;
    if (last_frames > 0 && frames >= last_frames) platform.request_close();
    if (stop_signal()) platform.request_close();
  }
  m_app.save_user_settings();
  log_frame_summary();
}

void RunDriver::frames_until_idle() {
  SolverSession& session = m_app.session();
  bool cancelled = false;
  while (!session.idle()) {
    if (stop_signal() && !cancelled) {
      session.cancel();  // stops after the round in progress
      cancelled = true;
    }
    m_app.frame();
  }
  throw_if_stop_requested();
  m_app.frame();  // the final view
}

int RunDriver::write_scripted_outputs() {
  ExitStatus status;
  if (!m_options.heatmap_png.empty())
    status.attempt("--heatmap-png", [&] { m_app.export_heatmap(m_options.heatmap_png); });
  if (!m_options.timings_csv.empty())
    status.attempt("--timings-csv", [&] { m_app.export_timings(m_options.timings_csv); });
  if (!m_options.distances.empty() && m_stopped_by_cycle) {
    // The pictures show the cycle; the matrix of a stopped solve is no result (as apsp solve writes none).
    m_app.log().warning("--distances " + m_options.distances +
                        ": not written: the solve stopped at a negative cycle, its distances are no result");
  } else if (!m_options.distances.empty()) {
    SolverSession& session = m_app.session();
    export_distances(m_options.distances, session);
    session.wait_idle();
    if (const std::optional<JobFailure> failure = session.take_failure()) status.report("--distances", *failure);
  }
  if (!m_options.handout.empty())
    status.attempt("--handout", [&] { export_handout(m_options.handout, m_app.state().session, std::nullopt, m_app.log()); });
  if (const std::optional<JobFailure>& failure = m_app.screenshot_failure()) status.report("--screenshot", *failure);
  return status.code;
}

int RunDriver::write_exit_files(int run_status) {
  ExitStatus status{run_status};
  if (!m_options.trace.empty()) {  // the timeline of the solve as it stands at the end
    status.attempt("--trace", [&] { export_trace(m_options.trace, m_app.state().session, m_app.export_context().run, m_app.log()); });
  }
  if (!m_options.stats_json.empty()) {
    status.attempt("--stats-json", [&] {
      write_stats_json(m_options.stats_json, collect_stats());
      m_app.log().wrote(m_options.stats_json, "the run's statistics, JSON");
    });
  }
  if (!m_options.explain_json.empty()) {
    status.attempt("--explain-json", [&] {
      m_app.session().wait_idle();
      write_explain_json(m_options.explain_json, m_app.session().snapshot());
      m_app.log().wrote(m_options.explain_json, "the inspector's explanation, JSON");
    });
  }
  if (m_quiz) status.attempt("--quiz-results", [&] { write_scripted_quiz_results(m_app, m_options, *m_quiz); });
  if (!m_options.predict_results.empty()) status.attempt("--predict-results", [&] { write_predict_results(); });
  if (!m_options.log_file.empty()) {
    status.attempt("--log-file", [&] {
      AtomicFile file(m_options.log_file);
      file.write(m_app.log().to_text());
      file.commit();
      m_app.log().wrote(m_options.log_file, "the log");
    });
  }
  return status.code;
}

}  // namespace apsp::studio
