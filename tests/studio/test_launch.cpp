// The studio's launch settings without GL, a solver or files: flag vs saved setting vs default, on made-up
// machines (which backends run, how many GPUs).
#include <gtest/gtest.h>

#include "launch.h"

namespace apsp::studio {
namespace {

BackendInfo backend(std::string name, bool available = true, std::vector<int> block_sizes = {},
                    bool multi_gpu = false) {
  BackendInfo b;
  b.name = std::move(name);
  b.available = available;
  if (!available) b.unavailable_reason = "no CUDA device";
  b.block_sizes = std::move(block_sizes);
  b.multi_gpu = multi_gpu;
  return b;
}

// A CPU-only machine: the CUDA variants are listed but cannot run.
LaunchMachine cpu_machine() {
  LaunchMachine m;
  m.backends = {backend("cpu-naive"), backend("cpu-blocked"), backend("cuda-tuned", false, {32, 64, 128}, true)};
  m.default_backend = "cpu-blocked";
  m.gpu_unavailable_reason = "no CUDA device: test";
  m.cpu_cores = 8;
  return m;
}

LaunchMachine two_gpu_machine() {
  LaunchMachine m = cpu_machine();
  m.backends.back().available = true;
  m.default_backend = "cuda-tuned";
  m.gpu_count = 2;
  m.gpu_unavailable_reason.clear();
  return m;
}

Settings saved_settings() {
  Settings s;
  s.graph_kind = "file";
  s.graph = "saved.bin";
  s.backend = "cpu-naive";
  s.block = 16;
  s.dtype = "i16";
  s.colormap = "magma";
  s.overlays = false;
  s.grid = false;
  s.rounds_per_second = 9;
  s.window_width = 1000;
  s.window_height = 700;
  return s;
}

StudioOptions batch() {
  StudioOptions o;
  o.quit = true;
  return o;
}

TEST(ResolveLaunch, InteractiveRunTakesTheSavedSettings) {
  const LaunchPlan p = resolve_launch(StudioOptions{}, saved_settings(), cpu_machine());
  EXPECT_FALSE(p.batch);
  EXPECT_EQ(p.config.backend, "cpu-naive");
  EXPECT_EQ(p.config.block, 16);
  EXPECT_EQ(p.config.dtype, DType::I16);
  EXPECT_EQ(p.graph.kind, GraphSource::Kind::File);
  EXPECT_EQ(p.graph.text, "saved.bin");
  EXPECT_FALSE(p.graph_failure_is_fatal);  // a saved graph that no longer loads gives the demo
  EXPECT_EQ(p.colormap, "magma");
  EXPECT_FALSE(p.overlays);
  EXPECT_FALSE(p.grid);
  EXPECT_FLOAT_EQ(p.rounds_per_second, 9);
  EXPECT_EQ(p.window_width, 1000);
  EXPECT_EQ(p.window_height, 700);
  EXPECT_EQ(p.cpu_threads, 7);  // one core left to the frame loop
  EXPECT_TRUE(p.warnings.empty());
}

TEST(ResolveLaunch, FlagsBeatTheSavedSettings) {
  StudioOptions o;
  o.gen_spec = "ring:n=64";
  o.backend = "cpu-blocked";
  o.block = 8;
  o.dtype = "i32";
  o.colormap = "turbo";
  o.overlays = true;
  o.rounds_per_second = 2;
  o.width = 640;
  o.height = 480;
  const LaunchPlan p = resolve_launch(o, saved_settings(), cpu_machine());
  EXPECT_EQ(p.config.backend, "cpu-blocked");
  EXPECT_EQ(p.config.block, 8);
  EXPECT_EQ(p.config.dtype, DType::I32);
  EXPECT_EQ(p.graph.kind, GraphSource::Kind::Generator);
  EXPECT_EQ(p.graph.text, "ring:n=64");
  EXPECT_TRUE(p.graph_failure_is_fatal);  // a graph named on the command line must load
  EXPECT_EQ(p.colormap, "turbo");
  EXPECT_TRUE(p.overlays);
  EXPECT_FLOAT_EQ(p.rounds_per_second, 2);
  EXPECT_EQ(p.window_width, 640);
  EXPECT_EQ(p.window_height, 480);
}

TEST(ResolveLaunch, AGraphFileBeatsEverythingElse) {
  StudioOptions o;
  o.graph_file = "g.gr";
  const LaunchPlan p = resolve_launch(o, saved_settings(), cpu_machine());
  EXPECT_EQ(p.graph.kind, GraphSource::Kind::File);
  EXPECT_EQ(p.graph.text, "g.gr");
}

TEST(ResolveLaunch, BatchRunsIgnoreTheSavedSettings) {
  const LaunchPlan p = resolve_launch(batch(), saved_settings(), cpu_machine());
  const Settings defaults;
  EXPECT_TRUE(p.batch);
  EXPECT_EQ(p.config.backend, "cpu-blocked");  // the machine's default, not the saved cpu-naive
  EXPECT_EQ(p.config.block, defaults.block);
  EXPECT_EQ(p.config.dtype, DType::I32);
  EXPECT_EQ(p.graph.kind, GraphSource::Kind::Generator);
  EXPECT_EQ(p.graph.text, kDemoGraph);
  EXPECT_TRUE(p.graph_failure_is_fatal);
  EXPECT_EQ(p.colormap, "viridis");
  EXPECT_TRUE(p.overlays);
  EXPECT_TRUE(p.grid);
  EXPECT_FLOAT_EQ(p.rounds_per_second, defaults.rounds_per_second);
  EXPECT_EQ(p.window_width, 0);
  EXPECT_EQ(p.cpu_threads, 0);  // all cores: nobody watches a batch run
  StudioOptions headless;
  headless.headless = true;
  EXPECT_TRUE(resolve_launch(headless, saved_settings(), cpu_machine()).batch);
}

TEST(ResolveLaunch, NothingSavedGivesTheDemo) {
  const LaunchPlan p = resolve_launch(StudioOptions{}, Settings{}, cpu_machine());
  EXPECT_EQ(p.graph.text, kDemoGraph);
  EXPECT_EQ(p.config.backend, "cpu-blocked");
  EXPECT_EQ(p.config.block, 32);
}

// The first picture is a classroom graph mid-lesson, a cell's relaxation in the inspector: not a finished
// solve of hundreds of vertices.
TEST(ResolveLaunch, TheDemoOpensMidLessonWithACellSelected) {
  EXPECT_EQ(std::string(kDemoGraph).rfind("classroom:", 0), 0u);
  const LaunchPlan p = resolve_launch(StudioOptions{}, Settings{}, cpu_machine());
  EXPECT_EQ(p.steps, kDemoSteps);
  EXPECT_NE(kDemoSteps.advance, "all");
  EXPECT_FALSE(kDemoSteps.advance.empty() && kDemoSteps.advance_phases == 0 && kDemoSteps.advance_k == 0);
  EXPECT_FALSE(kDemoSteps.select.empty());
  EXPECT_EQ(resolve_launch(batch(), saved_settings(), cpu_machine()).steps, kDemoSteps);  // --headless too
}

// On a GPU machine the default is cuda-tuned, whose smallest block (32) would swallow the demo's 4 vertices in
// one pivot block: the demo runs on the CPU unless a backend is asked for; other graphs keep the GPU.
TEST(ResolveLaunch, TheDemoRunsOnTheCpuBackendEvenWhereAGpuIsTheDefault) {
  EXPECT_EQ(resolve_launch(StudioOptions{}, Settings{}, two_gpu_machine()).config.backend, kDemoBackend);
  EXPECT_EQ(resolve_launch(batch(), Settings{}, two_gpu_machine()).config.backend, kDemoBackend);
  StudioOptions asked;
  asked.backend = "cuda-tuned";
  EXPECT_EQ(resolve_launch(asked, Settings{}, two_gpu_machine()).config.backend, "cuda-tuned");
  StudioOptions named;
  named.gen_spec = "ring:n=64";
  EXPECT_EQ(resolve_launch(named, Settings{}, two_gpu_machine()).config.backend, "cuda-tuned");
}

TEST(ResolveLaunch, TheDemoStepsGiveWayToTheFlagsAndToAnyOtherGraph) {
  StudioOptions advanced;
  advanced.advance = "all";
  const LaunchPlan flags = resolve_launch(advanced, Settings{}, cpu_machine());
  EXPECT_EQ(flags.graph.text, kDemoGraph);
  EXPECT_EQ(flags.steps, (LaunchSteps{"all", 0, 0, ""}));

  StudioOptions named;
  named.gen_spec = kDemoGraph;  // the same graph, named: it opens at the start as any named graph does
  EXPECT_EQ(resolve_launch(named, Settings{}, cpu_machine()).steps, LaunchSteps{});
  Settings remembered;
  remembered.graph = "ring:n=12";
  EXPECT_EQ(resolve_launch(StudioOptions{}, remembered, cpu_machine()).steps, LaunchSteps{});
}

TEST(ResolveLaunch, ASavedBackendThatCannotRunHereFallsBackWithAWarning) {
  Settings s = saved_settings();
  s.backend = "cuda-tuned";
  const LaunchPlan p = resolve_launch(StudioOptions{}, s, cpu_machine());
  EXPECT_EQ(p.config.backend, "cpu-blocked");
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_EQ(p.warnings[0], "cuda-tuned unavailable here: no CUDA device");
  // An unknown saved name falls back silently.
  s.backend = "gone";
  EXPECT_EQ(resolve_launch(StudioOptions{}, s, cpu_machine()).config.backend, "cpu-blocked");
  // A named backend is never replaced: the session reports why it cannot run.
  StudioOptions o;
  o.backend = "cuda-tuned";
  EXPECT_EQ(resolve_launch(o, s, cpu_machine()).config.backend, "cuda-tuned");
}

TEST(ResolveLaunch, BlockSizeSnapsToTheBackendsListUnlessGiven) {
  Settings s = saved_settings();
  s.backend = "cuda-tuned";
  s.block = 16;  // not one of cuda-tuned's 32, 64, 128
  EXPECT_EQ(resolve_launch(StudioOptions{}, s, two_gpu_machine()).config.block, 32);
  s.block = 64;
  EXPECT_EQ(resolve_launch(StudioOptions{}, s, two_gpu_machine()).config.block, 64);
  StudioOptions o;
  o.block = 16;
  EXPECT_EQ(resolve_launch(o, s, two_gpu_machine()).config.block, 16);
}

TEST(ResolveLaunch, ABlockTheDefaultBackendCannotTakeMovesTheLessonToCpuBlocked) {
  // A lesson's --block 2 on a GPU machine: cuda-tuned (the default) refused it and the studio exited 2.
  StudioOptions o = batch();
  o.gen_spec = "classroom:cities8";
  o.block = 2;
  const LaunchPlan p = resolve_launch(o, Settings{}, two_gpu_machine());
  EXPECT_EQ(p.config.backend, "cpu-blocked");
  EXPECT_EQ(p.config.block, 2);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_EQ(p.warnings[0], "cuda-tuned does not take --block 2; using cpu-blocked");
  o.block = 64;  // one it takes: no change
  EXPECT_EQ(resolve_launch(o, Settings{}, two_gpu_machine()).config.backend, "cuda-tuned");
  o.block = 2;  // a named backend is never replaced: the solver says why not
  o.backend = "cuda-tuned";
  EXPECT_EQ(resolve_launch(o, Settings{}, two_gpu_machine()).config.backend, "cuda-tuned");
}

TEST(ResolveLaunch, GpuFlagMustBePossibleHere) {
  StudioOptions o = batch();
  o.gpus = 2;
  const LaunchPlan cpu = resolve_launch(o, Settings{}, cpu_machine());
  ASSERT_TRUE(cpu.usage_error.has_value());
  EXPECT_EQ(*cpu.usage_error, "--gpus 2: no CUDA device: test");
  EXPECT_EQ(cpu.gpu_control, "GPU count control greyed: no CUDA device: test");

  const LaunchPlan two = resolve_launch(o, Settings{}, two_gpu_machine());
  EXPECT_FALSE(two.usage_error.has_value());
  EXPECT_EQ(two.config.gpus, 2);
  EXPECT_EQ(two.gpu_control, "GPU count control: 1 to 2 GPUs");

  o.gpus = 3;
  EXPECT_EQ(resolve_launch(o, Settings{}, two_gpu_machine()).usage_error.value_or(""),
            "--gpus 3: only 2 CUDA devices visible");
}

TEST(ResolveLaunch, ASavedGpuCountTooLargeForThisMachineFallsBackToOne) {
  Settings s;
  s.backend = "cuda-tuned";
  s.gpus = 4;
  const LaunchPlan p = resolve_launch(StudioOptions{}, s, two_gpu_machine());
  EXPECT_FALSE(p.usage_error.has_value());
  EXPECT_EQ(p.config.gpus, 1);
  ASSERT_EQ(p.warnings.size(), 1u);
  EXPECT_EQ(p.warnings[0], "saved GPU count: --gpus 4: only 2 CUDA devices visible; using 1");
  s.gpus = 2;
  EXPECT_EQ(resolve_launch(StudioOptions{}, s, two_gpu_machine()).config.gpus, 2);
  // Batch runs do not read it at all.
  EXPECT_EQ(resolve_launch(batch(), s, two_gpu_machine()).config.gpus, 1);
}

TEST(ResolveLaunch, OneCoreMachineGivesTheSolverAllOfIt) {
  LaunchMachine m = cpu_machine();
  m.cpu_cores = 1;
  EXPECT_EQ(resolve_launch(StudioOptions{}, Settings{}, m).cpu_threads, 0);
}

TEST(SettingsToSave, TheNextLaunchStartsWhereThisRunEnded) {
  AppState state;
  state.session.has_graph = true;
  state.session.graph.source = {GraphSource::Kind::Generator, "ring:n=8"};
  state.session.has_solver = true;
  state.session.config = SolverConfig{"cpu-naive", 8, DType::I16, 1};
  state.view.colormap = "gray";
  state.view.overlays = false;
  state.view.grid = false;
  state.playback.rounds_per_second = 3;
  const Settings s = settings_to_save(saved_settings(), state, std::pair{800, 600});
  EXPECT_EQ(s.graph_kind, "gen");
  EXPECT_EQ(s.graph, "ring:n=8");
  EXPECT_EQ(s.backend, "cpu-naive");
  EXPECT_EQ(s.block, 8);
  EXPECT_EQ(s.dtype, "i16");
  EXPECT_EQ(s.colormap, "gray");
  EXPECT_FALSE(s.overlays);
  EXPECT_FLOAT_EQ(s.rounds_per_second, 3);
  EXPECT_EQ(s.window_width, 800);
  // Saved again and resolved, the same choices come back.
  const LaunchPlan p = resolve_launch(StudioOptions{}, s, cpu_machine());
  EXPECT_EQ(p.graph.text, "ring:n=8");
  EXPECT_EQ(p.config.backend, "cpu-naive");
  EXPECT_EQ(p.config.block, 8);
  EXPECT_EQ(p.colormap, "gray");
  EXPECT_EQ(p.window_width, 800);

  // Headless, without a graph or a solver: the previous graph, solver and window size stay.
  const Settings kept = settings_to_save(saved_settings(), AppState{}, std::nullopt);
  EXPECT_EQ(kept.graph, "saved.bin");
  EXPECT_EQ(kept.backend, "cpu-naive");
  EXPECT_EQ(kept.window_width, 1000);
}

}  // namespace
}  // namespace apsp::studio

namespace apsp::studio {
namespace {

// --sources reaches the solver config; with a Floyd-Warshall backend it is said to do nothing.
TEST(LaunchSparse, SourcesGoToTheConfigAndWarnForDenseBackends) {
  StudioOptions o;
  o.quit = true;
  o.backend = "cpu-dijkstra";
  o.sources = "0:16";
  LaunchPlan plan = resolve_launch(o, Settings{}, cpu_machine());
  EXPECT_EQ(plan.config.backend, "cpu-dijkstra");
  EXPECT_EQ(plan.config.sources, "0:16");
  EXPECT_TRUE(plan.warnings.empty());
  EXPECT_FALSE(plan.usage_error);

  o.backend = "cpu-blocked";
  plan = resolve_launch(o, Settings{}, cpu_machine());
  ASSERT_EQ(plan.warnings.size(), 1u);
  EXPECT_NE(plan.warnings[0].find("--sources 0:16"), std::string::npos);

  o.sources.clear();
  plan = resolve_launch(o, Settings{}, cpu_machine());
  EXPECT_EQ(plan.config.sources, "all");
}

}  // namespace
}  // namespace apsp::studio
