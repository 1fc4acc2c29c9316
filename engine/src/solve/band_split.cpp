#include "solve/band_split.h"

#include <apsp/core/errors.h>

#include <numeric>
#include <string>

namespace apsp {

namespace {
std::uint64_t pitched_bytes(std::uint64_t rows, std::uint64_t row_bytes) {
  return rows * ((row_bytes + 511) / 512 * 512);
}
}  // namespace

int band_unit(int block, int tile_rows) {
  if (block <= 0 || tile_rows <= 0)
    throw UsageError("band unit: block (" + std::to_string(block) + ") and tile rows (" + std::to_string(tile_rows) +
                     ") must be positive");
  return std::lcm(block, tile_rows);
}

std::vector<Band> split_bands(int side, int unit, int parts) {
  if (parts < 1) throw UsageError("band split: need at least one band, got " + std::to_string(parts));
  if (unit <= 0 || side < 0 || side % unit != 0)
    throw UsageError("band split: " + std::to_string(side) + " rows are not whole units of " + std::to_string(unit));
  const int units = side / unit;
  std::vector<Band> bands;
  bands.reserve(static_cast<std::size_t>(parts));
  int row = 0;
  for (int p = 0; p < parts; ++p) {
    const int count = units / parts + (p < units % parts ? 1 : 0);
    bands.push_back(Band{row, row + count * unit});
    row += count * unit;
  }
  return bands;
}

int band_of_row(const std::vector<Band>& bands, int row) {
  for (std::size_t b = 0; b < bands.size(); ++b)
    if (bands[b].contains(row)) return static_cast<int>(b);
  return -1;
}

int real_rows(const Band& band, int n) {
  const int end = band.row_end < n ? band.row_end : n;
  return end > band.row_begin ? end - band.row_begin : 0;
}

BandMemory band_memory(const Band& band, int side, int block, std::size_t elem_bytes) {
  BandMemory m;
  const std::uint64_t rows = static_cast<std::uint64_t>(band.rows() > 0 ? band.rows() : 0);
  const std::uint64_t row_bytes = static_cast<std::uint64_t>(side) * elem_bytes;
  const std::uint64_t b = static_cast<std::uint64_t>(block);
  m.matrix = pitched_bytes(rows, row_bytes);
  m.panels = 2 * b * row_bytes                 // received / computed pivot row panels (linear, by round parity)
             + 2 * pitched_bytes(b, rows * 4)  // transposed column panels
             + row_bytes;                      // k-step row buffer
  return m;
}

}  // namespace apsp
