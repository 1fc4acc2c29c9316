#pragma once
/// @file timings_csv.h
/// @brief The timing CSV (documented in README): "# key: value" context lines, the header, then one row per
/// (round, phase, device) — k-steps of one phase merged into its row — written atomically.
#include <apsp/profile/profile.h>
#include <apsp/report/export_context.h>

#include <string>
#include <string_view>
#include <vector>

namespace apsp {

/// @brief "backend,block,round,phase,device,ms,updates,bytes,k_steps,gb_per_s,updates_per_s".
std::string_view timings_csv_header();
/// @brief One CSV line (no newline) for @p s: ms with 6 decimals, counts as integers, both rates with 3 decimals.
std::string timings_csv_row(std::string_view backend, int block, const PhaseSample& s);
/// @brief One sample per (round, phase, device), in order of first appearance: the k-steps of a phase stepped
/// k by k add up (ms, updates, bytes, k_steps).
std::vector<PhaseSample> merge_k_steps(const std::vector<PhaseSample>& samples);
/// @brief The whole file: context comments, header, the merged rows.
std::string timings_csv_text(const ExportContext& context, const ProfileLog& log);
/// @brief Writes timings_csv_text() through a temporary file renamed into place.
void write_timings_csv(const std::string& path, const ExportContext& context, const ProfileLog& log);

}  // namespace apsp
