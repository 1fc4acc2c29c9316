// The block-size rule, computed in one place (block_size.h) for the registry, the solvers and both programs.
#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <apsp/solve/block_size.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

namespace apsp {
namespace {

BackendInfo listed(std::vector<int> sizes) {
  BackendInfo b;
  b.name = "fixed";
  b.block_sizes = std::move(sizes);
  return b;
}

BackendInfo variable() {
  BackendInfo b;
  b.name = "any";
  return b;
}

TEST(BlockSize, RequireAcceptsListedOrAnyPositive) {
  EXPECT_NO_THROW(require_block_size("x", {}, 1));
  EXPECT_NO_THROW(require_block_size("x", {}, 1000));
  EXPECT_NO_THROW(require_block_size("x", {32, 64}, 64));
  EXPECT_THROW(require_block_size("x", {}, 0), UsageError);
  EXPECT_THROW(require_block_size("x", {}, -8), UsageError);
  EXPECT_THROW(require_block_size("x", {32, 64}, 16), UsageError);
  try {
    require_block_size("cuda-tuned", {32, 64, 128}, 48);
    FAIL() << "48 accepted";
  } catch (const UsageError& e) {
    EXPECT_STREQ(e.what(), "cuda-tuned: block size 48 not supported (use one of 32, 64, 128)");
  }
}

TEST(BlockSize, EffectiveClampsVariableBlocksToN) {
  EXPECT_EQ(effective_block_size(variable(), 64, 10), 10);   // one block of the whole small graph
  EXPECT_EQ(effective_block_size(variable(), 64, 64), 64);
  EXPECT_EQ(effective_block_size(variable(), 64, 200), 64);
  EXPECT_EQ(effective_block_size(variable(), 64, 0), 64);    // an empty graph keeps the asked block
  EXPECT_EQ(effective_block_size(listed({32, 64}), 64, 10), 64);  // listed sizes are never changed
  EXPECT_THROW(effective_block_size(listed({32, 64}), 16, 100), UsageError);
  EXPECT_THROW(effective_block_size(variable(), 0, 100), UsageError);
}

TEST(BlockSize, SupportedOrFirstForRememberedBlocks) {
  EXPECT_EQ(supported_block_or_first(listed({32, 64, 128}), 64), 64);
  EXPECT_EQ(supported_block_or_first(listed({32, 64, 128}), 16), 32);
  EXPECT_EQ(supported_block_or_first(variable(), 16), 16);
  EXPECT_EQ(supported_block_or_first(variable(), 0), 1);
}

TEST(BlockSize, ChoicesListTheVariantsSizesOrPowersOfTwo) {
  EXPECT_EQ(block_size_choices(listed({32, 64, 128}), 16), (std::vector<int>{32, 64, 128}));
  EXPECT_EQ(block_size_choices(variable(), 32), (std::vector<int>{4, 8, 16, 32, 64, 128, 256}));
  EXPECT_EQ(block_size_choices(variable(), 12), (std::vector<int>{4, 8, 12, 16, 32, 64, 128, 256}));
}

TEST(BlockSize, RegistryAndSolversUseTheRule) {
  SolverOptions o;
  o.block = 0;
  EXPECT_THROW(create_solver("cpu-blocked", o), UsageError);
  o.block = 1000;  // any positive block for a CPU variant; it pads a small graph out to one block
  auto solver = create_solver("cpu-blocked", o);
  solver->reset(to_distance_matrix(generate(GeneratorSpec::parse("ring:n=12")), o.block, o.dtype));
  EXPECT_EQ(solver->rounds(), 1);
  for (const BackendInfo& b : list_backends()) {
    if (b.block_sizes.empty()) continue;
    o.block = b.block_sizes.front() + 1;  // never listed: the sizes are powers of two
    try {
      create_solver(b.name, o);
      ADD_FAILURE() << b.name << " accepted block " << o.block;
    } catch (const UsageError& e) {
      EXPECT_NE(std::string(e.what()).find("not supported"), std::string::npos) << e.what();
    } catch (const UnavailableError&) {
      // not available here: the registry refuses before looking at the block
    }
  }
}

}  // namespace
}  // namespace apsp
