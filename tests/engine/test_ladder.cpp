// The optimization ladder without a GPU: every step is registered, in order, as a GPU variant
// that says why it cannot run here; its options are named and checked in one place; its byte models.
#include <apsp/core/errors.h>
#include <apsp/device/device_info.h>
#include <apsp/solve/ladder.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "solve/round_model.h"

namespace apsp {
namespace {

TEST(Ladder, EveryStepIsARegisteredGpuVariantInLadderOrder) {
  const std::vector<std::string>& ladder = ladder_backends();
  ASSERT_EQ(ladder.size(), 8u);
  EXPECT_EQ(ladder.front(), "cuda-simple");
  EXPECT_EQ(ladder.back(), "cuda-tuned");
  const std::vector<BackendInfo> listed = list_backends();
  // The registry lists the ladder's steps in the ladder's order (other variants may sit between them).
  std::vector<std::string> in_registry_order;
  for (const BackendInfo& b : listed)
    if (std::find(ladder.begin(), ladder.end(), b.name) != ladder.end()) in_registry_order.push_back(b.name);
  EXPECT_EQ(in_registry_order, ladder);
  for (const std::string& name : ladder) {
    const BackendInfo info = backend_info(name);
    EXPECT_TRUE(info.gpu) << name;
    EXPECT_TRUE(info.supports_i16) << name;
    EXPECT_FALSE(info.description.empty()) << name;
  }
}

TEST(Ladder, WithoutADeviceEveryStepSaysWhyAndRefusesToRun) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "a CUDA device is present";
  for (const std::string& name : ladder_backends()) {
    const BackendInfo info = backend_info(name);
    EXPECT_FALSE(info.available) << name;
    EXPECT_NE(info.unavailable_reason.find("CUDA"), std::string::npos) << name << ": " << info.unavailable_reason;
    EXPECT_THROW(create_solver(name, SolverOptions{}), UnavailableError) << name;
  }
}

TEST(Ladder, Phase2ModesByName) {
  EXPECT_EQ(parse_phase2_mode("split"), Phase2Mode::Split);
  EXPECT_EQ(parse_phase2_mode("one-cta"), Phase2Mode::OneCta);
  EXPECT_FALSE(parse_phase2_mode("one_cta").has_value());
  EXPECT_FALSE(parse_phase2_mode("").has_value());
  EXPECT_STREQ(to_string(Phase2Mode::Split), "split");
  EXPECT_STREQ(to_string(Phase2Mode::OneCta), "one-cta");
  EXPECT_EQ(SolverOptions{}.phase2, Phase2Mode::Split);
}

TEST(Ladder, CellsPerThreadChoices) {
  for (int p : {2, 4, 8}) EXPECT_EQ(cells_per_thread_problem(p), "") << p;
  EXPECT_EQ(cells_per_thread_problem(3), "3 is not one of 2, 4, 8");
  EXPECT_NE(cells_per_thread_problem(0), "");
  EXPECT_NE(cells_per_thread_problem(16), "");
  EXPECT_EQ(SolverOptions{}.cells_per_thread, 4);
}

TEST(Ladder, StreamingAndOneCtaByteModels) {
  // cuda-simple at n = 4096, one k: the matrix read and written, row k and column k read, int32.
  EXPECT_EQ(round_model::streaming_k_bytes(4096, 1, 4), (2ull * 4096 * 4096 + 2 * 4096) * 4);
  EXPECT_EQ(round_model::streaming_k_bytes(100, 64, 2), 64ull * (2 * 100 * 100 + 200) * 2);
  // One CTA per block index reads the pivot once: 5 B^2 per index instead of the split kernel's 6 B^2.
  EXPECT_EQ(round_model::blocked_rowcol_one_cta_bytes(10, 64, 4), 9ull * 5 * 64 * 64 * 4);
  EXPECT_LT(round_model::blocked_rowcol_one_cta_bytes(10, 64, 4), round_model::blocked_rowcol_bytes(10, 64, 4));
}

}  // namespace
}  // namespace apsp
