#pragma once
/// @file errors.h
/// @brief Exception types, and the one table of process exit codes both programs (apsp, apsp-studio) use:
/// each error class maps to one status through exit_code() (README "Exit codes").
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace apsp {

/// @brief Process exit statuses of both programs; exit_code() maps each error class to one of them.
namespace exit_status {
inline constexpr int kOk = 0;
inline constexpr int kFailure = 1;        ///< internal error, anything unclassified (`verify`: files differ)
inline constexpr int kUsage = 2;          ///< bad usage or input, unavailable backend, RangeError
inline constexpr int kNegativeCycle = 3;  ///< NegativeCycleError
inline constexpr int kMemory = 4;         ///< OutOfMemoryError, std::bad_alloc
inline constexpr int kRegression = 5;     ///< RegressionError: `apsp runs gate` confirmed a slowdown
inline constexpr int kSignalBase = 128;   ///< InterruptedError: 128 + the signal (130 SIGINT, 143 SIGTERM)
}  // namespace exit_status

/// @brief Base of every engine error; what() is one line meant for the user.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// @brief Bad command-line usage or a bad option value (CLI exit 2).
class UsageError : public Error {
 public:
  using Error::Error;
};

/// @brief Bad input data: names the file and the place (line or byte offset). CLI exit 2.
class InputError : public Error {
 public:
  /// @param file  path of the offending file
  /// @param where "line 12" / "byte 8" / "" when the whole file is at fault
  /// @param what  the problem
  InputError(const std::string& file, const std::string& where, const std::string& what);
  const std::string& file() const { return m_file; }

 private:
  std::string m_file;
};

/// @brief A backend that cannot run here (no CUDA device, not compiled in). CLI exit 2.
class UnavailableError : public Error {
 public:
  using Error::Error;
};

/// @brief A result left the range of the chosen dtype (int16). CLI exit 2.
class RangeError : public Error {
 public:
  using Error::Error;
};

/// @brief The graph has a negative cycle; carries the vertices of one cycle in order, or none when their
/// recovery was stopped (a deadline, a cancel) before it found them. CLI exit 3.
class NegativeCycleError : public Error {
 public:
  explicit NegativeCycleError(std::vector<std::int32_t> cycle);
  const std::vector<std::int32_t>& cycle() const { return m_cycle; }

 private:
  std::vector<std::int32_t> m_cycle;
};

/// @brief Refused before allocating: the work needs more memory than is available. CLI exit 4.
class OutOfMemoryError : public Error {
 public:
  /// @param limit the words after the available figure: which limit leaves it ("left under the address-space
  ///              limit (ulimit -v)", HostMemory::describe()); "available" for a plain figure
  OutOfMemoryError(const std::string& what_for, std::uint64_t required, std::uint64_t available,
                   const std::string& limit = "available");
  std::uint64_t required() const { return m_required; }
  std::uint64_t available() const { return m_available; }

 private:
  std::uint64_t m_required;
  std::uint64_t m_available;
};

/// @brief A performance gate found a confirmed regression beyond its allowance (`apsp runs gate`). Exit 5.
class RegressionError : public Error {
 public:
  using Error::Error;
};

/// @brief Stopped by SIGINT or SIGTERM (apsp/core/stop_signal.h) before the work ended. Exit 128 + signal.
class InterruptedError : public Error {
 public:
  explicit InterruptedError(int signal_number);
  int signal_number() const { return m_signal; }

 private:
  int m_signal;
};

/// @brief Exit status for an exception, the same in both programs (exit_status): 2 usage, input, unavailable
/// or range, 3 negative cycle, 4 memory (std::bad_alloc too), 5 regression, 128 + signal when interrupted, 1 anything else.
int exit_code(const std::exception& e);

/// @brief "1.50 GiB" style size for messages.
std::string format_bytes(std::uint64_t bytes);

}  // namespace apsp
