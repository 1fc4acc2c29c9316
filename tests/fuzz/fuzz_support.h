#pragma once
// Shared by every fuzz target: hands the fuzz input to a reader through a file (the readers take paths) and
// decides which outcomes are findings. An apsp::Error is the reader refusing bad input, which is its job;
// anything else that escapes (std::bad_alloc, std::out_of_range, ...) aborts, so libFuzzer and the replay
// driver both report it, exactly like a crash or a sanitizer report.
#include <apsp/core/errors.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <string>
#include <unistd.h>

namespace apsp::fuzz {

/// Largest vertex count a graph target lets a reader accept: the readers reject larger headers before
/// allocating, and below it the graph itself stays a few megabytes.
inline constexpr std::int64_t kMaxVertices = 1 << 20;

/// @brief Writes @p data to this process's scratch file "<tmp>/apsp-fuzz-<pid><extension>" (reused by every
/// input, so a long campaign leaves one small file per process) and returns its path.
inline const std::string& write_input(const std::uint8_t* data, std::size_t size, const char* extension) {
  static const std::string path = [extension] {
    const char* tmp = std::getenv("TMPDIR");
    return std::string(tmp && *tmp ? tmp : "/tmp") + "/apsp-fuzz-" + std::to_string(::getpid()) + extension;
  }();
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) {
    std::perror(path.c_str());
    std::abort();
  }
  if (size > 0 && std::fwrite(data, 1, size, f) != size) std::abort();
  std::fclose(f);
  return path;
}

/// @brief Runs @p read; apsp::Error is an expected outcome, any other exception is reported and aborts.
template <typename Read>
void expect_only_apsp_errors(Read&& read) {
  try {
    read();
  } catch (const apsp::Error&) {
    // The reader refused the input with a message for the user: the behaviour under test.
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fuzz finding: exception that is not apsp::Error: %s\n", e.what());
    std::abort();
  }
}

/// @brief A broken invariant of an accepted input: reported and aborted on, like a crash.
inline void require(bool ok, const char* what) {
  if (ok) return;
  std::fprintf(stderr, "fuzz finding: %s\n", what);
  std::abort();
}

}  // namespace apsp::fuzz
