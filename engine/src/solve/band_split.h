#pragma once
// Row bands of the multi-GPU solver: pure host arithmetic (no CUDA), so the engine tests check it on any
// machine.
//
// The device matrix (side x side, side a multiple of the band unit) is cut into one band of whole units per
// GPU. The unit is lcm(block, tile_rows): a band then holds whole pivot block rows (one GPU owns each pivot
// row, so phases 1 and 2 of the row panel never straddle two GPUs) and whole 128-row phase-3 tiles of
// cuda-tuned (its kernels run unchanged on a band). For the compiled block sizes 32, 64 and 128 the unit is
// 128 rows. Units are dealt as evenly as possible, the first (units % parts) bands taking one more; with
// fewer units than parts the last bands are empty (those GPUs still take part in every broadcast).
#include <cstdint>
#include <vector>

namespace apsp {

/// @brief Rows [row_begin, row_end) of the device matrix.
struct Band {
  int row_begin = 0;
  int row_end = 0;
  int rows() const { return row_end - row_begin; }
  bool empty() const { return row_end <= row_begin; }
  bool contains(int row) const { return row >= row_begin && row < row_end; }
  bool operator==(const Band&) const = default;
};

/// @brief Rows per band unit: lcm(block, tile_rows). Throws UsageError for non-positive arguments.
int band_unit(int block, int tile_rows);

/// @brief Splits @p side rows (a multiple of @p unit) into @p parts bands of whole units, in order, sizes
/// differing by at most one unit. Throws UsageError when side is not a multiple of unit or parts < 1.
std::vector<Band> split_bands(int side, int unit, int parts);

/// @brief Index of the band holding @p row; -1 when no band does.
int band_of_row(const std::vector<Band>& bands, int row);

/// @brief Rows of @p band that are real vertices (< n).
int real_rows(const Band& band, int n);

/// @brief Device bytes one band needs: its rows of the matrix, two row-panel buffers (block x side), two
/// transposed column panels (block x band rows, 32-bit words), the k-step row buffer; every 2-D buffer with
/// rows rounded up to 512 bytes as DeviceMatrix::estimate_bytes does.
struct BandMemory {
  std::uint64_t matrix = 0;
  std::uint64_t panels = 0;
  std::uint64_t total() const { return matrix + panels; }
};
BandMemory band_memory(const Band& band, int side, int block, std::size_t elem_bytes);

}  // namespace apsp
