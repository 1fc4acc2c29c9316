// APSP_FAULT parsing and hit counting (the hooks live where each real failure is detected).
#include <apsp/core/errors.h>
#include <apsp/core/fault_injection.h>

#include <array>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <mutex>

namespace apsp {

namespace {

constexpr std::array<FaultPoint, 7> kPoints{FaultPoint::DeviceAlloc, FaultPoint::NcclInit,     FaultPoint::PeerCopy,
                                            FaultPoint::ExportWrite, FaultPoint::ConfigWrite,  FaultPoint::HistoryWrite,
                                            FaultPoint::InputTruncated};
constexpr std::size_t kCount = kPoints.size();

/// One point's arming: fires on every hit (`always`) or on hit number `nth` only; 0 and !always = disarmed.
struct Arm {
  bool always = false;
  std::uint64_t nth = 0;
};

struct Faults {
  std::mutex mutex;  // only taken while something is armed: tests, never a normal run
  std::array<Arm, kCount> arms{};
  std::array<std::uint64_t, kCount> hits{};
};

Faults& faults() {
  static Faults f;
  return f;
}

std::array<Arm, kCount> parse(const std::string& spec) {
  std::array<Arm, kCount> arms{};
  std::size_t pos = 0;
  while (pos < spec.size()) {
    std::size_t end = spec.find(',', pos);
    if (end == std::string::npos) end = spec.size();
    const std::string entry = spec.substr(pos, end - pos);
    pos = end + 1;
    if (entry.empty()) continue;
    const std::size_t colon = entry.find(':');
    const std::string name = entry.substr(0, colon);
    std::size_t index = kCount;
    for (std::size_t i = 0; i < kCount; ++i)
      if (to_string(kPoints[i]) == name) index = i;
    if (index == kCount)
      throw UsageError("APSP_FAULT: unknown fault point '" + name +
                       "' (known: device_alloc, nccl_init, peer_copy, export_write, config_write, history_write, input_truncated)");
    Arm arm;
    if (colon == std::string::npos) {
      arm.always = true;
    } else {
      const std::string count = entry.substr(colon + 1);
      const auto [p, ec] = std::from_chars(count.data(), count.data() + count.size(), arm.nth);
      if (ec != std::errc() || p != count.data() + count.size() || arm.nth == 0)
        throw UsageError("APSP_FAULT: '" + entry + "': the hit number must be a whole number from 1");
    }
    arms[index] = arm;
  }
  return arms;
}

bool any_armed(const std::array<Arm, kCount>& arms) {
  for (const Arm& a : arms)
    if (a.always || a.nth > 0) return true;
  return false;
}

/// Called with the mutex held.
void arm(Faults& f, const std::array<Arm, kCount>& arms) {
  f.arms = arms;
  f.hits = {};
  fault_detail::g_state.store(any_armed(arms) ? 1 : 0, std::memory_order_relaxed);
}

/// Reads APSP_FAULT once; a bad value is one line on stderr and arms nothing (a typo must not look like a fault).
void read_environment_once(Faults& f) {
  if (fault_detail::g_state.load(std::memory_order_relaxed) != -1) return;
  const char* env = std::getenv("APSP_FAULT");
  std::array<Arm, kCount> arms{};
  if (env && *env) {
    try {
      arms = parse(env);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "%s; no fault armed\n", e.what());
    }
  }
  arm(f, arms);
}

}  // namespace

namespace fault_detail {

std::atomic<int> g_state{-1};

bool fires_armed(FaultPoint point) {
  Faults& f = faults();
  const std::lock_guard<std::mutex> lock(f.mutex);
  read_environment_once(f);
  if (g_state.load(std::memory_order_relaxed) == 0) return false;
  const auto i = static_cast<std::size_t>(point);
  const std::uint64_t hit = ++f.hits[i];
  return f.arms[i].always || f.arms[i].nth == hit;
}

}  // namespace fault_detail

std::string_view to_string(FaultPoint point) {
  switch (point) {
    case FaultPoint::DeviceAlloc: return "device_alloc";
    case FaultPoint::NcclInit: return "nccl_init";
    case FaultPoint::PeerCopy: return "peer_copy";
    case FaultPoint::ExportWrite: return "export_write";
    case FaultPoint::ConfigWrite: return "config_write";
    case FaultPoint::HistoryWrite: return "history_write";
    case FaultPoint::InputTruncated: return "input_truncated";
  }
  return "?";
}

void set_faults(const std::string& spec) {
  const std::array<Arm, kCount> arms = parse(spec);  // throws before changing anything
  Faults& f = faults();
  const std::lock_guard<std::mutex> lock(f.mutex);
  arm(f, arms);
}

std::uint64_t fault_hits(FaultPoint point) {
  Faults& f = faults();
  const std::lock_guard<std::mutex> lock(f.mutex);
  return f.hits[static_cast<std::size_t>(point)];
}

}  // namespace apsp
