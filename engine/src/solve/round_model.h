#pragma once
// What the CUDA solvers' rounds count, as pure host functions shared by the one-GPU and the multi-GPU solver
// (a one-GPU matrix is one band of every row) and checked by the engine tests without a GPU: the device
// matrix side, the look-ahead switch, and the modeled updates and global-memory bytes of each profile sample.
//
// Modeled bytes (e = element bytes, B = block, S = device matrix side, R = the band's rows of it, W = S e / 4
// 32-bit words per row; tiles are 128 rows x 128 words):
//   k-step (any phase, and every cuda-naive k): 2 * updates * e (each cell of the region read and, at worst,
//     written; row k / column k come from cache)
//   cuda-simple, cuda-simple-vec, cuda-pseudo-blocked, per k: (2 n^2 + 2 n) e (the matrix streamed: every
//     cell read and written, plus row k and column k read once; n the logical size they cover)
//   phase 1 (every blocked variant): 2 B^2 e (pivot block read + written once)
//   cuda-blocked  phase 2: 2 (S/B - 1) * 3 B^2 e   (each row/column block: pivot + block read, block written)
//                 phase 3: (S/B - 1)^2 * 4 B^2 e   (each block: row block + column block + itself read, written)
//                 phase 2 one-cta: (S/B - 1) * 5 B^2 e (per block index: the pivot once, both blocks read + written)
//   cuda-staged, cuda-blocked-vec: cuda-blocked's phases (they move the same blocks, differently)
//   cuda-tuned    phase 2, column panel of R rows: 2 R B e (read + written) + 4 R B (transposed 32-bit panel) +
//                   B^2 e per 128-row CTA (pivot); the band owning the pivot adds the row panel: 3 B S e (read,
//                   write back, panel copy) + B^2 e per 128-word CTA
//                 phase 3 on R rows: 2 R S e (C read + written once) + per 128 x 128-word tile 2 * 128 * B * 4
//                   (panels)
#include <apsp/profile/profile.h>

#include <cstddef>
#include <cstdint>

namespace apsp::round_model {

/// @brief @p v rounded up to a multiple of @p multiple (> 0).
int round_up(int v, int multiple);

/// @brief Side of cuda-tuned's device matrix for a host matrix padded to @p padded rows: whole 128-word
/// phase-3 tiles (128 int32 or 256 int16 columns), the padding being isolated vertices.
int tuned_device_side(int padded, std::size_t elem_bytes);

/// @brief Whether cuda-tuned runs phases 1 and 2 of the next round under phase 3 (look-ahead): on unless the
/// environment sets APSP_CUDA_LOOKAHEAD=0. The one place that reads it; solvers ask when they are made.
bool lookahead_enabled();

/// @brief A band's part of a round: its real rows outside the pivot rows, and whether it holds the pivot rows.
/// A one-GPU matrix is one band: whole(n, pb).
struct BandShare {
  std::uint64_t other_rows = 0;
  bool owner = false;
  static BandShare whole(std::uint64_t n, std::uint64_t pb) { return {n - pb, true}; }
};

/// @brief Min-plus updates of @p phase on a band over @p k_steps k (n vertices, pb real pivot vertices):
/// Pivot pb^2 (owner only), PivotRowCol other_rows * pb plus, on the owner, the pivot row pb * (n - pb),
/// Independent other_rows * (n - pb), Full (cuda-naive, one band) n^2; each times k_steps.
std::uint64_t phase_updates(Phase phase, std::uint64_t n, std::uint64_t pb, BandShare band, std::uint64_t k_steps);

/// @brief Bytes of k-steps that made @p updates updates.
std::uint64_t k_step_bytes(std::uint64_t updates, std::uint64_t elem_bytes);
/// @brief cuda-simple, cuda-simple-vec and cuda-pseudo-blocked: @p k_steps launches streaming the n x n matrix.
std::uint64_t streaming_k_bytes(std::uint64_t n, std::uint64_t k_steps, std::uint64_t elem_bytes);
/// @brief Phase 1 of every blocked variant.
std::uint64_t pivot_bytes(std::uint64_t block, std::uint64_t elem_bytes);
/// @brief cuda-blocked phases 2 and 3 with @p blocks block rows.
std::uint64_t blocked_rowcol_bytes(std::uint64_t blocks, std::uint64_t block, std::uint64_t elem_bytes);
std::uint64_t blocked_independent_bytes(std::uint64_t blocks, std::uint64_t block, std::uint64_t elem_bytes);
/// @brief Phase 2 with one CTA per block index for the row and the column block (--phase2 one-cta).
std::uint64_t blocked_rowcol_one_cta_bytes(std::uint64_t blocks, std::uint64_t block, std::uint64_t elem_bytes);
/// @brief cuda-tuned phase 2 of a band of @p band_rows device rows (side @p side), with the row panel when
/// @p owner.
std::uint64_t tuned_rowcol_bytes(std::uint64_t band_rows, std::uint64_t side, std::uint64_t block,
                                 std::uint64_t elem_bytes, bool owner);
/// @brief cuda-tuned phase 3 of a band of @p band_rows device rows (side @p side).
std::uint64_t tuned_independent_bytes(std::uint64_t band_rows, std::uint64_t side, std::uint64_t block,
                                      std::uint64_t elem_bytes);

}  // namespace apsp::round_model
