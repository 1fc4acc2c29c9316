#include <apsp/core/errors.h>
#include <apsp/core/stop_signal.h>

#include <atomic>
#include <csignal>

namespace apsp {
namespace {

std::atomic<int> g_stop_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs a lock-free atomic");

extern "C" void record_stop_signal(int sig) {
  int none = 0;
  if (g_stop_signal.compare_exchange_strong(none, sig)) return;
  // Asked twice: the program is not getting to its next poll; end it as the signal would have.
  struct sigaction fallback {};
  fallback.sa_handler = SIG_DFL;
  sigemptyset(&fallback.sa_mask);
  ::sigaction(sig, &fallback, nullptr);
  ::raise(sig);
}

}  // namespace

void install_stop_signal_handlers() {
  struct sigaction action {};
  action.sa_handler = record_stop_signal;
  sigemptyset(&action.sa_mask);
  // Reads and writes interrupted by the signal resume instead of failing with EINTR: the loop decides.
  action.sa_flags = SA_RESTART;
  for (const int sig : {SIGINT, SIGTERM}) ::sigaction(sig, &action, nullptr);
}

int stop_signal() { return g_stop_signal.load(); }

void throw_if_stop_requested() {
  if (const int sig = stop_signal()) throw InterruptedError(sig);
}

}  // namespace apsp
