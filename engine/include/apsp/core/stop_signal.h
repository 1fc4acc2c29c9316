#pragma once
/// @file stop_signal.h
/// @brief SIGINT / SIGTERM as a stop request that long loops poll, shared by both programs: the work stops at
/// the next step, exports already under way finish (they are atomic, apsp/io/atomic_file.h), nothing new is
/// written, and the program exits 128 + signal (InterruptedError, exit_code()).
namespace apsp {

/// @brief Replaces the action of SIGINT and SIGTERM with one that only records the request. A second signal
/// while one is pending ends the process at once (the default action), so a stage that never polls (a long
/// read) can still be stopped. Call once, from the main thread, before the work starts.
void install_stop_signal_handlers();

/// @brief The signal of the pending stop request (SIGINT or SIGTERM), 0 when none. Async-signal-safe.
int stop_signal();

/// @brief Throws InterruptedError when a stop was requested.
void throw_if_stop_requested();

}  // namespace apsp
