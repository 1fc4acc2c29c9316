// Classroom time travel on the GPU: going back (Solver::restore of a round checkpoint, then a replay
// with the solver itself) gives byte for byte the matrix that going forward reached, on cuda-naive,
// cuda-blocked and cuda-tuned (one GPU, and several when present); the inspector's arithmetic agrees with the
// GPU's values at every stop.
#include <apsp/teach/relaxation.h>
#include <apsp/teach/time_travel.h>

#include <cstring>
#include <map>

#include "cuda_test_support.h"
#include "raw_state.h"

namespace apsp {
namespace {

using test::raw_state;
using test::same_bytes;

void check_back_equals_forward(const std::string& backend, int block, int gpus) {
  SCOPED_TRACE(backend + " B=" + std::to_string(block) + " gpus=" + std::to_string(gpus));
  test::RandomGraphOptions go;
  go.negative = true;
  go.density = 0.08;
  const int n = 2 * block + 5;  // a partial last round
  const Graph g = test::random_graph(n, 31 + n, go);
  SolverOptions o;
  o.block = block;
  o.gpus = gpus;
  auto solver = create_solver(backend, o);
  auto initial = [&] { return to_distance_matrix(g, block, DType::I32); };
  solver->reset(initial());
  teach::TimeTravel travel(*solver, initial);
  // Forward with every granularity, a state recorded at each stop.
  std::map<std::int64_t, DistanceMatrix> at{{0, raw_state(*solver)}};
  const Granularity plan[] = {Granularity::KStep, Granularity::KStep, Granularity::Phase, Granularity::Phase,
                              Granularity::Round, Granularity::KStep, Granularity::Phase, Granularity::Round};
  for (std::size_t s = 0; !solver->finished(); ++s) {
    travel.step(s < std::size(plan) ? plan[s] : Granularity::Round);
    at.emplace(travel.clock().position(solver->cursor()), raw_state(*solver));
  }
  // The slider: every recorded step, from the end back to the start.
  for (std::size_t s = travel.history().size() + 1; s-- > 0;) {
    travel.seek(s);
    const std::int64_t p = travel.clock().position(solver->cursor());
    ASSERT_TRUE(at.count(p));
    ASSERT_TRUE(same_bytes(raw_state(*solver), at.at(p))) << "step " << s << ", position " << p;
  }
  // Back by phases and rounds from the end: wherever a recorded state exists, the same bytes.
  for (teach::TravelUnit unit : {teach::TravelUnit::Phase, teach::TravelUnit::Round, teach::TravelUnit::KStep}) {
    travel.seek(travel.history().size());
    for (int guard = 0; guard < 3 * n + 2 && travel.clock().position(solver->cursor()) > 0; ++guard) {
      travel.back(1, unit);
      const std::int64_t p = travel.clock().position(solver->cursor());
      if (at.count(p)) {
        ASSERT_TRUE(same_bytes(raw_state(*solver), at.at(p))) << "position " << p;
      }
      // The inspector's arithmetic, from the round-start checkpoint, against the GPU's value.
      if (const auto step = travel.last_step()) {
        for (auto [i, j] : {std::pair{0, n - 1}, std::pair{n - 1, 1}, std::pair{block, block + 1}}) {
          const auto point = teach::relaxation_point(n, block, solver->blocked(), step->before, step->after, i, j);
          if (!point) continue;
          const auto cells = teach::relaxation_inputs(n, block, solver->blocked(), *point, i, j);
          const auto values = travel.values_at_round_start(point->round, cells);
          auto round_start = [&](int a, int b) {
            const auto it = std::lower_bound(cells.begin(), cells.end(), std::pair{a, b});
            return values[static_cast<std::size_t>(it - cells.begin())];
          };
          auto current = [&](int a, int b) { return solver->value_at(a, b); };
          const auto e = teach::explain(n, block, solver->blocked(), kFloor32, *point, i, j, round_start, current);
          ASSERT_FALSE(e.mismatch) << "cell " << i << "," << j << " inspector " << e.d_ij << " gpu " << e.solver_value;
        }
      }
    }
  }
}

TEST(CudaTimeTravel, BackEqualsForwardOneGpu) {
  APSP_REQUIRE_GPU();
  for (const std::string& backend : test::cuda_backends())
    for (int block : test::blocks_of(backend)) check_back_equals_forward(backend, block, 1);
}

TEST(CudaTimeTravel, BackEqualsForwardMultiGpu) {
  APSP_REQUIRE_GPU();
  if (cuda_device_count() < 2) GTEST_SKIP() << "needs 2 CUDA devices";
  for (int block : test::blocks_of("cuda-tuned")) check_back_equals_forward("cuda-tuned", block, 2);
}

}  // namespace
}  // namespace apsp
