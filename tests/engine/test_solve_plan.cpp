// The dense-solve plan (apsp/solve/plan.h): what apsp solve, apsp profile and the studio share from the asked
// options to the one solver a solve runs with.
#include <apsp/core/errors.h>
#include <apsp/io/graph_source.h>
#include <apsp/solve/plan.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

namespace apsp {
namespace {

SolverOptions asked(int block, DType dtype = DType::I32) {
  SolverOptions o;
  o.block = block;
  o.dtype = dtype;
  return o;
}

// A variant that compiles a few block sizes (as the CUDA kernels do), runnable here: cpu-blocked underneath.
const std::string& listed_variant() {
  static const std::string name = [] {
    BackendInfo info;
    info.name = "plan-test-listed";
    info.description = "cpu-blocked that takes B = 16 or 32 only";
    info.block_sizes = {16, 32};
    info.supports_i16 = false;
    register_backend(info, [](const SolverOptions& o) { return create_solver("cpu-blocked", o); });
    return info.name;
  }();
  return name;
}

TEST(SolvePlan, LoadOptionsDescribeTheAskedSolve) {
  SolverOptions o = asked(32, DType::I16);
  o.threads = 3;
  o.track_paths = true;
  const SolvePlan plan = plan_dense_solve("cpu-blocked", o, false);
  EXPECT_EQ(plan.backend, "cpu-blocked");
  EXPECT_EQ(plan.info.name, "cpu-blocked");
  EXPECT_FALSE(plan.fitted);
  EXPECT_EQ(plan.load.backend, "cpu-blocked");
  EXPECT_EQ(plan.load.block, 32);
  EXPECT_EQ(plan.load.dtype, DType::I16);
  EXPECT_EQ(plan.load.threads, 3);
  EXPECT_EQ(plan.load.gpus, 1);
  EXPECT_TRUE(plan.load.track_paths);
}

TEST(SolvePlan, RefusesWhatCreateSolverRefusesBeforeAnyReading) {
  EXPECT_THROW(plan_dense_solve("no-such-variant", asked(64), false), UsageError);
  EXPECT_THROW(plan_dense_solve("cpu-dijkstra", asked(64), false), UsageError);  // sparse: not a dense plan
  SolverOptions threads = asked(64);
  threads.threads = -1;
  EXPECT_THROW(plan_dense_solve("cpu-blocked", threads, false), UsageError);
  SolverOptions gpus = asked(64);
  gpus.gpus = 2;
  EXPECT_THROW(plan_dense_solve("cpu-blocked", gpus, false), UsageError);  // one device only
  EXPECT_THROW(plan_dense_solve(listed_variant(), asked(48), false), UsageError);
  EXPECT_THROW(plan_dense_solve(listed_variant(), asked(16, DType::I16), false), UsageError);
  EXPECT_NO_THROW(plan_dense_solve(listed_variant(), asked(16), false));
}

TEST(SolvePlan, VariableBlockRunsASmallGraphAsOneBlock) {
  SolvePlan plan = plan_dense_solve("cpu-blocked", asked(64), false);
  fit_to_graph(plan, 20, 0);
  EXPECT_TRUE(plan.fitted);
  EXPECT_EQ(plan.block(), 20);
  SolvePlan big = plan_dense_solve("cpu-blocked", asked(64), false);
  fit_to_graph(big, 500, 0);
  EXPECT_EQ(big.block(), 64);
}

TEST(SolvePlan, TheGraphsSuggestionOpensOnlyWhenNoBlockWasAsked) {
  SolvePlan from_graph = plan_dense_solve("cpu-blocked", asked(64), true);
  fit_to_graph(from_graph, 20, 4);
  EXPECT_EQ(from_graph.block(), 4);
  EXPECT_EQ(from_graph.load.shape().block, 4);  // the solve that runs, for a memory check of a re-configure
  SolvePlan asked_block = plan_dense_solve("cpu-blocked", asked(8), false);
  fit_to_graph(asked_block, 20, 4);
  EXPECT_EQ(asked_block.block(), 8);
  SolvePlan no_suggestion = plan_dense_solve("cpu-blocked", asked(8), true);
  fit_to_graph(no_suggestion, 20, 0);
  EXPECT_EQ(no_suggestion.block(), 8);
}

TEST(SolvePlan, ListedBlocksKeepTheirSizeAndFitASuggestionToTheList) {
  SolvePlan plan = plan_dense_solve(listed_variant(), asked(32), false);
  fit_to_graph(plan, 10, 0);
  EXPECT_EQ(plan.block(), 32);  // a listed size is padded to, never cut to n
  SolvePlan suggested = plan_dense_solve(listed_variant(), asked(32), true);
  fit_to_graph(suggested, 100, 20);
  EXPECT_EQ(suggested.block(), 16);  // the largest listed size not above the suggestion
}

TEST(SolvePlan, WithNoBlockAskedTheGraphMayChooseOneTheFallbackCouldNot) {
  // The studio's fallback block (a saved setting) need not be one the variant compiles: a classroom graph's
  // suggestion picks a listed size, as the studio did before the plan existed.
  SolvePlan plan = plan_dense_solve(listed_variant(), asked(48), true);
  fit_to_graph(plan, 8, 4);
  EXPECT_EQ(plan.block(), 16);
  EXPECT_NO_THROW((void)create_planned_solver(plan));
  // Without a suggestion the fallback is the block, and an unlisted one is refused, as effective_block_size does.
  SolvePlan unsuggested = plan_dense_solve(listed_variant(), asked(48), true);
  EXPECT_THROW(fit_to_graph(unsuggested, 8, 0), UsageError);
  // An asked block is checked at once.
  EXPECT_THROW((void)plan_dense_solve(listed_variant(), asked(48), false), UsageError);
}

TEST(SolvePlan, FitsToALoadedGraph) {
  SolvePlan plan = plan_dense_solve("cpu-blocked", asked(64), true);
  const LoadedGraph graph = load_graph(GraphSource::generator("classroom:textbook4"), plan.load);
  fit_to_graph(plan, graph);
  EXPECT_EQ(plan.block(), graph.suggested_block);
  EXPECT_EQ(plan.block(), 2);
}

TEST(SolvePlan, CreatesTheSolverOnceFittedWithTheEffectiveOptions) {
  SolverOptions o = asked(64);
  o.threads = 2;
  SolvePlan plan = plan_dense_solve("cpu-blocked", o, false);
  EXPECT_THROW(create_planned_solver(plan), Error);  // the block is not known before the graph
  fit_to_graph(plan, 12, 0);
  const std::unique_ptr<Solver> solver = create_planned_solver(plan);
  ASSERT_NE(solver, nullptr);
  EXPECT_EQ(solver->name(), "cpu-blocked");
  EXPECT_EQ(solver->options().block, 12);
  EXPECT_EQ(solver->options().threads, 2);
}

}  // namespace
}  // namespace apsp
