#include "temp_file_guard.h"

#include <atomic>
#include <climits>
#include <csignal>
#include <cstring>
#include <unistd.h>

namespace apsp::io_detail {

namespace {
// A fixed table the signal handler can walk without locks or allocation: a slot's name is written while it
// is Claimed and read by the handler only once it is Armed.
enum SlotState : int { Free = 0, Claimed = 1, Armed = 2 };
struct Slot {
  std::atomic<int> state{Free};
  char path[PATH_MAX];
};
constexpr int kSlots = 32;
Slot g_slots[kSlots];
static_assert(std::atomic<int>::is_always_lock_free, "the signal handler needs lock-free atomics");

extern "C" void remove_guarded_files_then_reraise(int sig) {
  for (Slot& s : g_slots)
    if (s.state.load() == Armed) ::unlink(s.path);
  // SA_RESETHAND restored the default action; the signal is blocked until this handler returns, then it
  // ends the process as it would have without us.
  ::raise(sig);
}

/// Takes over each signal whose action is still the default (checked on every guard, not once: a forked
/// child or a program that resets the action later is covered as well).
void install_handlers() {
  for (const int sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction current {};
    if (::sigaction(sig, nullptr, &current) != 0) continue;
    if ((current.sa_flags & SA_SIGINFO) || current.sa_handler != SIG_DFL) continue;  // ignored, owned or ours
    struct sigaction ours {};
    ours.sa_handler = remove_guarded_files_then_reraise;
    sigemptyset(&ours.sa_mask);
    ours.sa_flags = SA_RESETHAND;
    ::sigaction(sig, &ours, nullptr);
  }
}
}  // namespace

int guard_temp_file(const std::string& path) {
  if (path.size() >= PATH_MAX) return -1;  // cannot be a valid name anyway
  install_handlers();
  for (int i = 0; i < kSlots; ++i) {
    int expected = Free;
    if (!g_slots[i].state.compare_exchange_strong(expected, Claimed)) continue;
    std::memcpy(g_slots[i].path, path.c_str(), path.size() + 1);
    g_slots[i].state.store(Armed);
    return i;
  }
  return -1;
}

void unguard_temp_file(int handle) {
  if (handle >= 0 && handle < kSlots) g_slots[handle].state.store(Free);
}

}  // namespace apsp::io_detail
