#pragma once
// The command router with a real solver session and no display, as the router tests drive it: the rooms a
// Command can reach (state, settings, log, session, sweep, counters) and a frame that records what it was asked.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "command_router.h"
#include "counters_control.h"
#include "mock_platform.h"
#include "sweep_control.h"

namespace apsp::studio::testing {

/// The frame's actions, recorded as "action path" lines.
class RecordingFrame : public FrameActions {
 public:
  void set_colormap(const std::string& name) override { calls.push_back("colormap " + name); }
  void request_screenshot(const std::string& path) override { calls.push_back("screenshot " + path); }
  void export_heatmap(const std::string& path) override { calls.push_back("heatmap " + path); }
  void export_timings(const std::string& path) override { calls.push_back("timings " + path); }
  void export_distances(const std::string& path) override { calls.push_back("distances " + path); }
  void export_trace(const std::string& path) override { calls.push_back("trace " + path); }
  void start_frame_export(FrameExportRequest request, bool capture_now) override {
    calls.push_back("frames " + request.directory + " " + request.gif_path + (capture_now ? " now" : " later"));
  }
  std::vector<std::string> calls;
};

class RouterFixture : public ::testing::Test {
 protected:
  RouterFixture()
      : session(log, kDefaultViewBudget, 1),
        sweep(log, state, [this] { platform.wake(); }),
        counters(log, state, "no counters in this test", [this] { platform.wake(); }),
        router(CommandTargets{state, settings, log, session, sweep, counters, frame}) {}

  /// What the frame does between commands: the session's newest snapshot into AppState.
  void settle() {
    session.wait_idle();
    state.session = session.snapshot();
  }
  /// Loads the generated graph @p spec with the solver and block in state.edits; fails unless a solver is ready.
  void load_generated(const std::string& spec) {
    router.apply(CmdLoadGraph{GraphSource::generator(spec), false});
    settle();
    ASSERT_TRUE(state.session.has_solver) << log.to_text();
  }
  bool logged(const std::string& text) const { return log.to_text().find(text) != std::string::npos; }

  MockPlatform platform;
  Log log;
  AppState state;
  Settings settings;
  SolverSession session;
  SweepControl sweep;
  CountersControl counters;
  RecordingFrame frame;
  CommandRouter router;
};

}  // namespace apsp::studio::testing
