#include <apsp/core/errors.h>

#include <csignal>
#include <cstdio>
#include <new>

namespace apsp {

namespace {
std::string input_message(const std::string& file, const std::string& where, const std::string& what) {
  std::string msg = file;
  if (!where.empty()) msg += ": " + where;
  return msg + ": " + what;
}

std::string cycle_message(const std::vector<std::int32_t>& cycle) {
  // A recovery stopped by a deadline or a cancel (apsp/solve/negative_cycle.h): the cycle is certain, its
  // vertices unknown, and the message must not read as an empty cycle.
  if (cycle.empty()) return "negative cycle (stopped before its vertices were recovered)";
  std::string msg = "negative cycle:";
  const std::size_t shown = cycle.size() > 32 ? 32 : cycle.size();
  for (std::size_t i = 0; i < shown; ++i) {
    msg += ' ';
    msg += std::to_string(cycle[i]);
  }
  if (shown < cycle.size()) {
    msg.append(" ... (").append(std::to_string(cycle.size())).append(" vertices)");
  } else if (!cycle.empty()) {
    msg += ' ';
    msg += std::to_string(cycle[0]);  // close the cycle: "1 2 3 1"
  }
  return msg;
}

std::string signal_name(int sig) {
  if (sig == SIGINT) return "SIGINT";
  if (sig == SIGTERM) return "SIGTERM";
  return "signal " + std::to_string(sig);
}
}  // namespace

InputError::InputError(const std::string& file, const std::string& where, const std::string& what)
    : Error(input_message(file, where, what)), m_file(file) {}

NegativeCycleError::NegativeCycleError(std::vector<std::int32_t> cycle)
    : Error(cycle_message(cycle)), m_cycle(std::move(cycle)) {}

OutOfMemoryError::OutOfMemoryError(const std::string& what_for, std::uint64_t required, std::uint64_t available,
                                   const std::string& limit)
    : Error("not enough memory for " + what_for + ": needs " + format_bytes(required) + ", " + format_bytes(available) +
            " " + limit),
      m_required(required),
      m_available(available) {}

InterruptedError::InterruptedError(int signal_number)
    : Error("interrupted by " + signal_name(signal_number)),
      m_signal(signal_number) {}

int exit_code(const std::exception& e) {
  if (dynamic_cast<const NegativeCycleError*>(&e)) return exit_status::kNegativeCycle;
  if (dynamic_cast<const OutOfMemoryError*>(&e) || dynamic_cast<const std::bad_alloc*>(&e))
    return exit_status::kMemory;
  if (dynamic_cast<const RegressionError*>(&e)) return exit_status::kRegression;
  if (const auto* stop = dynamic_cast<const InterruptedError*>(&e))
    return exit_status::kSignalBase + stop->signal_number();
  if (dynamic_cast<const UsageError*>(&e) || dynamic_cast<const InputError*>(&e) ||
      dynamic_cast<const UnavailableError*>(&e) || dynamic_cast<const RangeError*>(&e))
    return exit_status::kUsage;
  return exit_status::kFailure;
}

std::string format_bytes(std::uint64_t bytes) {
  const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
  double v = static_cast<double>(bytes);
  int u = 0;
  while (v >= 1024.0 && u < 6) {
    v /= 1024.0;
    ++u;
  }
  char buf[64];
  if (u == 0)
    std::snprintf(buf, sizeof buf, "%llu B", static_cast<unsigned long long>(bytes));
  else
    std::snprintf(buf, sizeof buf, "%.2f %s", v, units[u]);
  return buf;
}

}  // namespace apsp
