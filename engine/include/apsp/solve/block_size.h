#pragma once
/// @file block_size.h
/// @brief The block-size rule, in one place: which block sizes a variant runs with, and the block a solve of
/// n vertices really uses.
///
/// A variant lists the sizes it supports (the CUDA kernels stage fixed tiles) or lists none and takes any
/// B >= 1 (the CPU variants, cuda-naive). A variable-block variant given B > n runs with B = n: one round
/// either way, and a small classroom graph is not padded out to a large block.
#include <apsp/solve/registry.h>

#include <string_view>
#include <vector>

namespace apsp {

/// @brief Throws UsageError naming @p backend unless it runs with @p block: a positive size that is one of
/// @p supported (empty: any positive size).
void require_block_size(std::string_view backend, const std::vector<int>& supported, int block);

/// @brief The block a solve of @p n vertices on @p backend uses when @p block was asked for: @p block itself
/// for variants with listed sizes (where it must be one of them), min(@p block, n) for the others (n > 0).
/// Throws UsageError as require_block_size() does.
int effective_block_size(const BackendInfo& backend, int block, int n);

/// @brief @p block when @p backend runs with it, else its first listed size: a block remembered for another
/// variant (a saved setting) becomes one this variant accepts instead of an error.
int supported_block_or_first(const BackendInfo& backend, int block);

/// @brief The sizes a chooser offers for @p backend: its listed sizes, or powers of two from 4 to 256 for a
/// variable-block variant, with @p current added in order when it is positive and not among them.
std::vector<int> block_size_choices(const BackendInfo& backend, int current);

/// @brief The block a solve of @p n vertices opens with when no block was asked for (no `--block`): the
/// graph's own suggestion @p suggested (a classroom generator, a file's `# block: N` comment; 0: none) when it
/// has one, fitted to @p backend (min(suggested, n) for variable-block variants, else the largest listed size
/// not above it, else the smallest listed), otherwise @p fallback (the default or remembered block), unchanged.
/// This is the one place `apsp` and the studio take a graph's suggestion from.
int opening_block_size(const BackendInfo& backend, int fallback, int n, int suggested);

}  // namespace apsp
