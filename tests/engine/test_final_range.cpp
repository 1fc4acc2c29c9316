// A finished solve whose distances left the dtype's range is an error wherever it is looked at: read() (the
// CLI, exports) and check_final_range() (the studio's heatmap, which never reads the whole matrix).
#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

namespace apsp {
namespace {

std::unique_ptr<Solver> loaded(const std::string& spec, DType dtype, int block = 32) {
  SolverOptions o;
  o.block = block;
  o.dtype = dtype;
  auto s = create_solver("cpu-blocked", o);
  s->reset(to_distance_matrix(generate(GeneratorSpec::parse(spec)), block, dtype));
  return s;
}

// The case to catch: path distances reach 511 * 100, far above int16's 8191, while every weight fits.
const char* const kLongPath = "path:n=512,w=50:100";

TEST(FinalRange, LongI16PathIsARangeErrorOnceFinished) {
  auto s = loaded(kLongPath, DType::I16);
  EXPECT_TRUE(s->range_policy().may_leave_range);
  while (!s->finished()) {
    EXPECT_NO_THROW(s->check_final_range()) << "before the end there is nothing to check";
    s->step(Granularity::Round);
  }
  EXPECT_THROW(s->check_final_range(), RangeError);
  DistanceMatrix m;
  EXPECT_THROW(s->read(m), RangeError);  // the CLI's check: the same verdict
}

TEST(FinalRange, EveryGranularityEndsInTheCheck) {
  for (Granularity g : {Granularity::KStep, Granularity::Phase, Granularity::ToEnd}) {
    auto s = loaded("path:n=100,w=100:100", DType::I16, 16);
    while (!s->finished()) s->step(g);
    EXPECT_THROW(s->check_final_range(), RangeError);
  }
}

TEST(FinalRange, InRangeResultsPass) {
  auto wide = loaded(kLongPath, DType::I32);
  wide->step(Granularity::ToEnd);
  EXPECT_NO_THROW(wide->check_final_range());
  // 63 edges of at most 100: no distance can pass 8191, so nothing is even read back.
  auto short_path = loaded("path:n=64,w=1:100", DType::I16);
  EXPECT_FALSE(short_path->range_policy().may_leave_range);
  short_path->step(Granularity::ToEnd);
  EXPECT_NO_THROW(short_path->check_final_range());
  // A graph that could leave the range but does not (short hops): checked, and fine.
  auto dense = loaded("er:n=300,p=0.2,seed=2,w=1:100", DType::I16);
  EXPECT_TRUE(dense->range_policy().may_leave_range);
  dense->step(Granularity::ToEnd);
  EXPECT_NO_THROW(dense->check_final_range());
}

}  // namespace
}  // namespace apsp
