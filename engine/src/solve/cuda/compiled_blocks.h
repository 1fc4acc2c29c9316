#pragma once
// The block sizes each CUDA kernel family is compiled for, one list per family. A list instantiates the
// family's kernels (dispatch_block: the runtime block picks its template) and is what supported_blocks()
// reports, so a size added here is both compiled and offered, and one removed is neither.
// Host-only C++ (no CUDA types): cuda_solver.cu and the kernel files include it alike.
#include <array>
#include <string>
#include <type_traits>
#include <vector>

namespace apsp::cuda {

template <int... Blocks> struct BlockList {
  static constexpr std::array<int, sizeof...(Blocks)> sizes{Blocks...};
  static constexpr bool contains(int block) { return ((block == Blocks) || ...); }
  static std::vector<int> to_vector() { return {Blocks...}; }
  /// @brief "32, 64, 128": the list as error messages name it.
  static std::string text() {
    std::string out;
    for (int b : sizes) out += (out.empty() ? "" : ", ") + std::to_string(b);
    return out;
  }
};

/// @brief Calls @p f with std::integral_constant<int, B> for the B of @p list equal to @p block; false (and no
/// call) when the list does not hold it.
template <int... Blocks, class F> bool dispatch_block(BlockList<Blocks...>, int block, F&& f) {
  return ((block == Blocks ? (f(std::integral_constant<int, Blocks>{}), true) : false) || ...);
}

/// @brief Calls @p f with std::integral_constant<int, B> for every B of @p list, in order.
template <int... Blocks, class F> void for_each_block(BlockList<Blocks...>, F&& f) {
  (f(std::integral_constant<int, Blocks>{}), ...);
}

/// Phase 1 (the pivot block), shared by every three-phase variant but cuda-tuned: one B x B tile per CTA.
using PivotBlocks = BlockList<8, 16, 32, 64, 128>;
/// cuda-blocked's phases 2 and 3 (split or one-CTA phase 2): up to 64, 2 x 2 cells per thread at 64.
using BlockedBlocks = BlockList<8, 16, 32, 64>;
/// The phase-3 kernels of cuda-staged and cuda-blocked-vec, written for one block size.
using LadderPhase3Blocks = BlockList<64>;
/// cuda-tuned's phase 2 (phase 3 takes any multiple of 32 words).
using TunedBlocks = BlockList<32, 64, 128>;

static_assert(LadderPhase3Blocks::sizes.size() == 1, "the ladder's phase-3 kernels are written for one block size");
/// The block size cuda-staged and cuda-blocked-vec compile their phase 3 for.
inline constexpr int kLadderPhase3Block = LadderPhase3Blocks::sizes[0];

}  // namespace apsp::cuda
