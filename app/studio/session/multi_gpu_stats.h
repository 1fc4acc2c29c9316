#pragma once
// Multi-GPU bookkeeping shared by the session, the panels and the tests: per-round, per-device aggregation of
// profile samples, the GPU-count control's limits. Pure functions of their arguments (no GL, no ImGui, no
// solver) so tests feed synthetic multi-device samples. Rounds done over GPUs: apsp/profile/round_progress.h.
#include <apsp/profile/profile.h>
#include <apsp/solve/multi_gpu_bands.h>

#include <optional>
#include <string>
#include <vector>

namespace apsp::studio {

/// @brief One device's times in one round, summed over its samples (several k-step samples of a phase add up).
struct DeviceRoundTimes {
  double phase_ms[4] = {};  ///< Pivot, PivotRowCol, Independent, Full (Phase's enum order)
  double comm_ms = 0;       ///< Phase::Comm: inter-GPU broadcasts
  double transfer_ms = 0;   ///< Upload / Download inside a round
  double compute_ms() const { return phase_ms[0] + phase_ms[1] + phase_ms[2] + phase_ms[3]; }
};

/// @brief The per-round plots' data. With several devices a round's phase 3 (and the redundant phases 1 and 2)
/// arrive once per GPU: they are summed per device, never across devices; the stacked time bars show the
/// critical path, i.e. the device whose compute time in that round is the largest.
struct RoundAggregate {
  std::vector<int> devices;                          ///< device ids that reported round samples, ascending
  std::vector<std::vector<DeviceRoundTimes>> times;  ///< [round][index into devices]
  std::vector<int> critical;                         ///< [round] index into devices of the slowest device
  /// [phase][round]: the largest time over devices, and bytes / updates summed over devices.
  std::vector<double> phase_ms_max[4], phase_bytes[4], phase_updates[4];
  std::vector<bool> phase_seen[4];  ///< [phase][round]: some device reported that phase in that round
  std::vector<double> compute_ms;   ///< [round] the critical device's compute time
  std::vector<double> comm_ms;      ///< [round] the largest communication time over devices
  std::vector<double> updates;      ///< [round] min-plus updates of all devices
  bool any_comm = false;
  bool any_transfer = false;

  std::size_t rounds() const { return times.size(); }
  bool multi_device() const { return devices.size() > 1; }
  const DeviceRoundTimes& critical_times(std::size_t round) const {
    return times[round][static_cast<std::size_t>(critical[round])];
  }
};

/// @brief Groups @p samples (round >= 0 only) by round and device.
RoundAggregate aggregate_rounds(const std::vector<PhaseSample>& samples);

/// @brief Whether @p samples inside rounds come from more than one device (the per-GPU plots are shown).
bool multi_device_samples(const std::vector<PhaseSample>& samples);

/// @brief What the GPU-count control allows, and why not.
struct GpuChoice {
  int max_gpus = 1;    ///< 1 .. visible CUDA devices
  std::string reason;  ///< non-empty: the control is greyed, this says why
};

/// @brief @p device_count CUDA devices (@p unavailable_reason when there are none); @p backend and whether it
/// runs on several GPUs.
GpuChoice gpu_choice(int device_count, const std::string& unavailable_reason, const std::string& backend,
                     bool backend_multi_gpu);

/// @brief nullopt when @p gpus GPUs can be used, else one line saying why not (the scripted --gpus check).
std::optional<std::string> check_gpu_request(int gpus, const GpuChoice& choice);

/// @brief Test hook (--synthetic-gpus): the samples a solve on bands.size() GPUs might report, made from one
/// device's @p samples: phases 1 and 2 repeated on every GPU that owns rows, phase 3 split by band rows with a
/// small deterministic imbalance, one Comm sample per GPU and round (a B x n row band). Never exported.
std::vector<PhaseSample> synthesize_multi_gpu_samples(const std::vector<PhaseSample>& samples,
                                                      const std::vector<GpuRowBand>& bands, int n, int block);

}  // namespace apsp::studio
