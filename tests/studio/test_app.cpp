// App on a mock platform: no window, no GL context, no display. Dear ImGui runs without a renderer backend and
// the frames go through MockFrameGraphics, so that the frame itself is tested: commands and keys reach the
// solver session, the session's snapshot reaches AppState, the heatmap and the exports go through the
// platform's graphics, and closing takes the graphics down before Dear ImGui and the platform.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "app.h"
#include "mock_platform.h"
#include "platform/keys.h"

namespace apsp::studio {
namespace {

constexpr const char* kGrid = "grid:rows=4,cols=8,seed=1,w=1:100";  // 32 vertices: 4 rounds at B = 8

StudioOptions test_options() {
  StudioOptions o;
  o.quit = true;        // a batch run: the user's saved settings are neither read nor written
  o.no_history = true;  // and the run history stays untouched
  o.backend = "cpu-blocked";
  o.block = 8;
  o.threads = 1;
  return o;
}

class AppTest : public ::testing::Test {
 protected:
  AppTest() : app(std::make_unique<App>(test_options())) {
    auto owned = std::make_unique<testing::MockPlatform>(Size{1280, 800});
    platform = owned.get();
    app->open_graphics(std::move(owned));
  }

  /// One frame, then the solver's work finished, then a frame that shows it: what the loop does over time.
  void settle() {
    app->frame();
    app->session().wait_idle();
    app->frame();
  }
  void load() {
    app->commands().push(CmdLoadGraph{GraphSource{GraphSource::Kind::Generator, kGrid}, false});
    settle();
    ASSERT_TRUE(app->state().session.has_solver) << app->log().to_text();
  }
  const Cursor& cursor() const { return app->state().session.cursor; }

  std::unique_ptr<App> app;
  testing::MockPlatform* platform = nullptr;  ///< owned by app
};

TEST_F(AppTest, OpensItsGraphicsThroughThePlatform) {
  ASSERT_NE(platform->graphics, nullptr);
  EXPECT_EQ(platform->imgui_inits, 1);
  EXPECT_EQ(platform->graphics->imgui_renderer_inits, 1);
  EXPECT_TRUE(platform->graphics->heatmap_open);
  EXPECT_EQ(platform->graphics->colormaps_set, 1);
  EXPECT_EQ(app->state().platform_description, "mock platform");
  EXPECT_EQ(app->feed(), nullptr);
}

TEST_F(AppTest, EachFrameDrawsTheWindowsAndPresents) {
  app->frame();
  app->frame();
  EXPECT_EQ(platform->frames, 2);
  EXPECT_EQ(platform->presents, 2);
  EXPECT_EQ(platform->graphics->renders, 2);
  EXPECT_EQ(platform->graphics->heatmap_panels_drawn, 2);
  EXPECT_GT(platform->graphics->last_draw_lists, 0);  // the UI pass drew its windows
  EXPECT_FLOAT_EQ(app->display_size().first, 1280.0f);
  EXPECT_FLOAT_EQ(app->display_size().second, 800.0f);
  EXPECT_FALSE(app->window_fits().empty());
}

TEST_F(AppTest, AQueuedLoadShowsTheGraphInAppState) {
  load();
  const SessionSnapshot& s = app->state().session;
  EXPECT_TRUE(s.has_graph);
  EXPECT_EQ(s.n, 32);
  EXPECT_EQ(s.graph.source.text, kGrid);
  EXPECT_EQ(s.config.backend, "cpu-blocked");
  EXPECT_EQ(platform->title, std::string("APSP Studio - ") + kGrid);  // the graph panel synced once loaded
  ASSERT_NE(s.view, nullptr);                                         // the heatmap shows the loaded matrix
  EXPECT_TRUE(app->state().edits.view.fit_pending);                   // a new size is fitted to the window
  EXPECT_EQ(app->state().heatmap_path, "mock");
  EXPECT_TRUE(app->commands().empty());
}

TEST_F(AppTest, AStepCommandMovesTheSessionCursor) {
  load();
  ASSERT_EQ(cursor().round, 0);
  app->commands().push(CmdStep{Granularity::Round});
  EXPECT_TRUE(app->animating());  // a queued command keeps the loop rendering
  settle();
  EXPECT_EQ(cursor().round, 1);
  EXPECT_FALSE(cursor().finished);
  app->commands().push(CmdRunToEnd{});
  settle();
  EXPECT_TRUE(cursor().finished) << app->log().to_text();
}

TEST_F(AppTest, ShiftRightKeyStepsOneRound) {
  load();
  platform->keys_pressed = {keys::kRight};
  platform->shift_pressed = true;
  settle();
  EXPECT_EQ(cursor().round, 1) << app->log().to_text();
  EXPECT_NE(app->log().to_text().find("key Shift+Right: step one round"), std::string::npos);
  // Released: further frames do not step again.
  settle();
  EXPECT_EQ(cursor().round, 1);
}

TEST_F(AppTest, TheFramePollsTheSessionSnapshot) {
  load();
  // Work started behind the frame's back (as the playback does) reaches AppState on the next frame.
  app->session().step_async(Granularity::Round, 2);
  app->session().wait_idle();
  EXPECT_EQ(cursor().round, 0);
  app->frame();
  EXPECT_EQ(cursor().round, 2);
  ASSERT_NE(app->state().session.view, nullptr);
  EXPECT_EQ(app->state().session.view->cursor.round, 2);  // the heatmap shows the same step
}

TEST_F(AppTest, DroppedFilesAreLoaded) {
  platform->dropped = {"/nonexistent/dropped-graph.gr"};
  settle();
  // The drop became a load of that file; it does not exist, and the log says so.
  EXPECT_NE(app->log().to_text().find("dropped-graph.gr"), std::string::npos) << app->log().to_text();
}

TEST_F(AppTest, HeatmapExportsAndColormapsGoThroughTheGraphics) {
  load();
  app->commands().push(CmdExportHeatmap{"/tmp/never-written.png"});
  app->commands().push(CmdSetColormap{"magma"});
  app->frame();
  EXPECT_EQ(platform->graphics->heatmap_exports, std::vector<std::string>{"/tmp/never-written.png"});
  EXPECT_EQ(platform->graphics->colormaps_set, 2);
}

TEST_F(AppTest, ClosingTakesTheGraphicsDownBeforeImGuiAndThePlatform) {
  load();
  testing::MockFrameGraphics* graphics = platform->graphics;
  EXPECT_EQ(graphics->closes, 0);
  // The platform and its graphics go with the App: read what they saw through the shared record.
  auto record = platform->record;
  app.reset();
  EXPECT_EQ(*record, (std::vector<std::string>{"graphics closed", "imgui shut down", "graphics destroyed",
                                               "platform destroyed"}));
}

// The graph view's edit mode through the frame: E switches it, an edit restarts the lesson on the edited graph,
// Ctrl+Z and Ctrl+Y take it back and make it again.
TEST_F(AppTest, EditModeKeysEditUndoAndRedo) {
  app->commands().push(CmdLoadGraph{GraphSource::generator("classroom:textbook4"), false});
  settle();
  ASSERT_EQ(app->state().session.n, 4) << app->log().to_text();
  platform->keys_pressed = {keys::kE};
  settle();
  EXPECT_TRUE(app->state().graph_edit.mode) << app->log().to_text();
  app->commands().push(CmdEditGraph{GraphEdit::add_vertex()});
  settle();
  EXPECT_EQ(app->state().session.n, 5) << app->log().to_text();
  platform->keys_pressed = {keys::kZ};
  platform->ctrl_pressed = true;
  settle();
  EXPECT_EQ(app->state().session.n, 4) << app->log().to_text();
  platform->keys_pressed = {keys::kY};
  platform->ctrl_pressed = true;
  settle();
  EXPECT_EQ(app->state().session.n, 5) << app->log().to_text();
  platform->keys_pressed = {keys::kE};
  settle();
  EXPECT_FALSE(app->state().graph_edit.mode);
}

}  // namespace
}  // namespace apsp::studio
