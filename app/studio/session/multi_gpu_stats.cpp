#include "session/multi_gpu_stats.h"

#include <apsp/device/gpu_absence.h>

#include <algorithm>

namespace apsp::studio {
namespace {

bool is_in_round_transfer(Phase p) { return p == Phase::Upload || p == Phase::Download; }

}  // namespace

RoundAggregate aggregate_rounds(const std::vector<PhaseSample>& samples) {
  RoundAggregate a;
  int max_round = -1;
  for (const PhaseSample& s : samples) {
    if (s.round < 0) continue;
    max_round = std::max(max_round, s.round);
    if (std::find(a.devices.begin(), a.devices.end(), s.device) == a.devices.end()) a.devices.push_back(s.device);
  }
  std::sort(a.devices.begin(), a.devices.end());
  const std::size_t rounds = static_cast<std::size_t>(max_round + 1);
  a.times.assign(rounds, std::vector<DeviceRoundTimes>(a.devices.size()));
  for (int p = 0; p < 4; ++p) {
    a.phase_ms_max[p].assign(rounds, 0.0);
    a.phase_bytes[p].assign(rounds, 0.0);
    a.phase_updates[p].assign(rounds, 0.0);
    a.phase_seen[p].assign(rounds, false);
  }
  for (const PhaseSample& s : samples) {
    if (s.round < 0) continue;
    const auto r = static_cast<std::size_t>(s.round);
    const auto d =
        static_cast<std::size_t>(std::lower_bound(a.devices.begin(), a.devices.end(), s.device) - a.devices.begin());
    DeviceRoundTimes& t = a.times[r][d];
    if (is_compute(s.phase)) {
      const int p = static_cast<int>(s.phase);
      t.phase_ms[p] += s.ms;
      a.phase_bytes[p][r] += static_cast<double>(s.bytes);
      a.phase_updates[p][r] += static_cast<double>(s.updates);
      a.phase_seen[p][r] = true;
    } else if (s.phase == Phase::Comm) {
      t.comm_ms += s.ms;
      a.any_comm = true;
    } else if (is_in_round_transfer(s.phase)) {
      t.transfer_ms += s.ms;
      a.any_transfer = true;
    }
  }
  a.critical.assign(rounds, 0);
  a.compute_ms.assign(rounds, 0.0);
  a.comm_ms.assign(rounds, 0.0);
  a.updates.assign(rounds, 0.0);
  for (std::size_t r = 0; r < rounds; ++r) {
    for (std::size_t d = 0; d < a.devices.size(); ++d) {
      const DeviceRoundTimes& t = a.times[r][d];
      if (t.compute_ms() > a.compute_ms[r]) {
        a.compute_ms[r] = t.compute_ms();
        a.critical[r] = static_cast<int>(d);
      }
      a.comm_ms[r] = std::max(a.comm_ms[r], t.comm_ms);
      for (int p = 0; p < 4; ++p) a.phase_ms_max[p][r] = std::max(a.phase_ms_max[p][r], t.phase_ms[p]);
    }
    for (int p = 0; p < 4; ++p) a.updates[r] += a.phase_updates[p][r];
  }
  return a;
}

bool multi_device_samples(const std::vector<PhaseSample>& samples) {
  const PhaseSample* first = nullptr;
  for (const PhaseSample& s : samples) {
    if (s.round < 0) continue;
    if (!first) first = &s;
    if (s.device != first->device) return true;
  }
  return false;
}

GpuChoice gpu_choice(int device_count, const std::string& unavailable_reason, const std::string& backend,
                     bool backend_multi_gpu) {
  GpuChoice c;
  c.max_gpus = std::max(1, device_count);
  if (device_count <= 0) {
    c.reason = unavailable_reason.empty() ? std::string(kNoGpuFound) : unavailable_reason;
  } else if (device_count == 1) {
    c.reason = "only one CUDA device";
  } else if (!backend_multi_gpu) {
    c.reason = backend + " runs on one device";
  }
  return c;
}

std::optional<std::string> check_gpu_request(int gpus, const GpuChoice& choice) {
  const std::string flag = "--gpus " + std::to_string(gpus) + ": ";
  if (gpus < 1) return flag + "need at least 1";
  if (gpus == 1) return std::nullopt;
  if (!choice.reason.empty()) return flag + choice.reason;
  if (gpus > choice.max_gpus) return flag + "only " + std::to_string(choice.max_gpus) + " CUDA devices visible";
  return std::nullopt;
}

std::vector<PhaseSample> synthesize_multi_gpu_samples(const std::vector<PhaseSample>& samples,
                                                      const std::vector<GpuRowBand>& bands, int n, int block) {
  std::vector<PhaseSample> out;
  const double rows_total = std::max(1, n);
  std::vector<int> last_comm_round(bands.size(), -1);
  for (const PhaseSample& s : samples) {
    if (s.round < 0 || !is_compute(s.phase)) {
      if (s.round < 0) out.push_back(s);  // upload / download stay on the display GPU
      continue;
    }
    for (std::size_t d = 0; d < bands.size(); ++d) {
      const GpuRowBand& band = bands[d];
      if (band.empty()) continue;
      if (last_comm_round[d] != s.round) {
        // Each GPU receives (or sends) the pivot row band once per round; a little slower on later GPUs.
        last_comm_round[d] = s.round;
        PhaseSample c;
        c.round = s.round;
        c.phase = Phase::Comm;
        c.device = band.device;
        c.ms = 0.02 + 0.005 * static_cast<double>(d);
        c.bytes = static_cast<std::uint64_t>(block) * static_cast<std::uint64_t>(n) * 4;
        c.k_steps = static_cast<std::uint64_t>(block);
        out.push_back(c);
      }
      PhaseSample x = s;
      x.device = band.device;
      // Later GPUs are made a few percent slower, so the critical path is not always GPU 0.
      const double skew = 1.0 + 0.06 * static_cast<double>(d);
      if (s.phase == Phase::Independent || s.phase == Phase::Full) {
        const double share = static_cast<double>(band.rows()) / rows_total;
        x.ms = s.ms * share * skew;
        x.updates = static_cast<std::uint64_t>(static_cast<double>(s.updates) * share);
        x.bytes = static_cast<std::uint64_t>(static_cast<double>(s.bytes) * share);
      } else {
        x.ms = s.ms * skew;  // phases 1 and 2 are repeated on every GPU that needs them
      }
      out.push_back(x);
    }
  }
  return out;
}

}  // namespace apsp::studio
