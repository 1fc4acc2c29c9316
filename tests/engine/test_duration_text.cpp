// Times as people read them: µs below a millisecond, ms below a second, never "0.000 s".
#include <apsp/core/format.h>
#include <apsp/core/solve_estimate.h>
#include <gtest/gtest.h>

namespace apsp {
namespace {

TEST(DurationText, UnitFollowsTheSize) {
  EXPECT_EQ(format_duration_ms(0.036), "36.0 \xC2\xB5s");
  EXPECT_EQ(format_duration_ms(8.4213), "8.42 ms");
  EXPECT_EQ(format_duration_ms(1234), "1.23 s");
  EXPECT_EQ(format_duration_ms(0.99999), "1.00 ms");  // rounding never prints "1000 µs"
  EXPECT_EQ(format_duration_ms(-1), "-");
}

TEST(DurationText, EstimatesBelowASecondAreNotZeroSeconds) {
  EXPECT_EQ(format_duration(0.25), "250 ms");
  EXPECT_EQ(format_duration(0.00002), "20.0 \xC2\xB5s");
  EXPECT_EQ(format_duration(4.25), "4.2 s");
}

}  // namespace
}  // namespace apsp
