#pragma once
/// @file profile.h
/// @brief Per (round, phase, device) samples: time, updates, modeled bytes. Every backend fills the same columns.
/// Pure data and arithmetic: writing them out is report/timings_csv.h's job.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace apsp {

/// @brief What a sample measured. Pivot/PivotRowCol/Independent are the blocked algorithm's three phases;
/// Full is one whole-matrix pass of a non-blocked variant; Upload/Download are host<->device copies;
/// Comm is inter-GPU communication.
enum class Phase { Pivot, PivotRowCol, Independent, Full, Upload, Download, Comm };

/// @brief "pivot", "rowcol", "independent", "full", "upload", "download", "comm".
std::string_view to_string(Phase p);
/// @brief Short human label: "phase 1", "phase 2", "phase 3", ...
std::string_view label(Phase p);

/// @brief Where a sample ran: a GPU stream of its device, or the CPU thread that ran the phase (its OpenMP team
/// included). Main: phase 3, k-steps, copies (CPU: every phase); Aux: the high-priority stream of phases 1 and 2
/// and cuda-tuned's look-ahead; Comm: multi-GPU broadcasts.
enum class Track { Main, Aux, Comm };

/// @brief "main", "look-ahead", "communication": the names a timeline gives the tracks.
std::string_view to_string(Track t);

/// @brief One measurement.
struct PhaseSample {
  int round = 0;                ///< -1 for transfers outside the rounds
  Phase phase = Phase::Full;
  int device = 0;               ///< GPU index; 0 for the CPU
  double ms = 0;                ///< CUDA-event time on GPUs, steady clock on the CPU
  std::uint64_t updates = 0;    ///< min-plus updates (c = min(c, a + b)) performed
  std::uint64_t bytes = 0;      ///< modeled global-memory (or host-memory) bytes moved
  std::uint64_t k_steps = 0;    ///< k values covered (B for a full phase, 1 for a k-step)
  /// Start, in microseconds after the solve's time reference (taken at reset(): a steady-clock instant on the
  /// CPU, one CUDA event per device recorded on an idle device, so devices share the axis); < 0: unknown.
  double start_us = -1;
  Track track = Track::Main;    ///< stream (GPU) or thread role (CPU) the sample ran on

  double gb_per_s() const { return ms > 0 ? static_cast<double>(bytes) / (ms * 1e6) : 0.0; }
  double updates_per_s() const { return ms > 0 ? static_cast<double>(updates) / (ms * 1e-3) : 0.0; }
};

/// @brief Totals over the samples of one phase.
struct PhaseTotals {
  Phase phase;
  double ms = 0;
  std::uint64_t updates = 0;
  std::uint64_t bytes = 0;
  std::size_t samples = 0;
};

/// @brief Append-only log of samples.
class ProfileLog {
 public:
  void add(const PhaseSample& s) { m_samples.push_back(s); }
  void clear() { m_samples.clear(); }
  /// @brief Drops the compute samples of rounds >= @p round (transfers, round -1, stay): after stepping back
  /// in time the log holds only work that the current state still contains.
  void drop_rounds_from(int round);
  const std::vector<PhaseSample>& samples() const { return m_samples; }
  bool empty() const { return m_samples.empty(); }

  /// @brief Sum of ms over compute phases (Pivot, PivotRowCol, Independent, Full).
  double compute_ms() const;
  /// @brief Totals per phase, in enum order, only phases that occur.
  std::vector<PhaseTotals> totals() const;

 private:
  std::vector<PhaseSample> m_samples;
};

/// @brief True for Pivot, PivotRowCol, Independent, Full.
bool is_compute(Phase p);

}  // namespace apsp
