#pragma once
/// @file timings_csv.h
/// @brief The timing CSV (documented in README): one row per profile sample, written atomically.
#include <apsp/profile/profile.h>

#include <string>
#include <string_view>

namespace apsp {

/// @brief "backend,block,round,phase,device,ms,updates,bytes,k_steps,gb_per_s,updates_per_s".
std::string_view timings_csv_header();
/// @brief One CSV line (no newline) for @p s, with @p backend naming the variant.
std::string timings_csv_row(std::string_view backend, int block, const PhaseSample& s);
/// @brief Writes header + one row per sample through a temporary file renamed into place.
void write_timings_csv(const std::string& path, std::string_view backend, int block, const ProfileLog& log);

}  // namespace apsp
