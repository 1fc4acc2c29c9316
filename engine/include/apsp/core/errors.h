#pragma once
/// @file errors.h
/// @brief Exception types. Each maps to one CLI exit code (see exit_code()).
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace apsp {

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

/// @brief The graph has a negative cycle; carries the vertices of one cycle in order. CLI exit 3.
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
  OutOfMemoryError(const std::string& what_for, std::uint64_t required, std::uint64_t available);
  std::uint64_t required() const { return m_required; }
  std::uint64_t available() const { return m_available; }

 private:
  std::uint64_t m_required;
  std::uint64_t m_available;
};

/// @brief CLI exit code for an exception: 2 usage/input/unavailable/range, 3 negative cycle, 4 memory, 1 other.
int exit_code(const std::exception& e);

/// @brief "1.50 GiB" style size for messages.
std::string format_bytes(std::uint64_t bytes);

}  // namespace apsp
