#pragma once
/// @file round_progress.h
/// @brief Rounds done, counted from profile samples as they arrive.
///
/// The one meaning of "a round is done", for the CLI's progress bar and the studio's queue budget alike: every
/// device that takes part has reported that round's last phase (phase 3, or the Full pass of a non-blocked
/// variant). With several GPUs the samples arrive one GPU at a time, so the count follows the slowest GPU;
/// counting the first GPU to report would call a round done while another GPU is still working on it.
#include <apsp/profile/profile.h>

#include <map>
#include <utility>
#include <vector>

namespace apsp {

class RoundProgress {
 public:
  /// @param devices the devices that report every round's last phase (those owning rows of the matrix);
  /// empty: the devices seen so far (one device: the CPU or one GPU).
  explicit RoundProgress(std::vector<int> devices = {}) : m_devices(std::move(devices)) {}

  /// @brief Takes one sample; transfers (round < 0) and communication are not compute work and are ignored.
  void add(const PhaseSample& s);
  /// @brief Rounds finished on every device: the minimum over the devices (a device without samples counts 0).
  int rounds_done() const;
  /// @brief Compute time of one round on the slowest device, averaged over its finished rounds (0: unknown).
  double round_ms() const;

 private:
  std::vector<int> m_devices;
  std::map<int, int> m_done;   ///< device -> rounds finished
  std::map<int, double> m_ms;  ///< device -> compute ms of its samples
};

}  // namespace apsp
