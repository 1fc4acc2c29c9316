#pragma once
// Helpers for the I/O and generator tests: a private temp directory and raw file access.
#include <apsp/core/errors.h>
#include <apsp/core/types.h>
#include <apsp/graph/graph.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace apsp_test {

/// @brief A fresh directory under the system temp dir, removed with everything in it at scope exit.
class TempDir {
 public:
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "apsp-io-XXXXXX").string();
    if (!::mkdtemp(tmpl.data())) throw std::runtime_error("mkdtemp failed");
    m_path = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(m_path, ec);
  }
  std::string file(const std::string& name) const { return (m_path / name).string(); }
  const std::filesystem::path& path() const { return m_path; }

 private:
  std::filesystem::path m_path;
};

inline void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

inline std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

/// @brief Little-endian int32 values as raw bytes (course binary layout).
inline std::string le32(std::initializer_list<std::int64_t> values) {
  std::string out;
  for (const std::int64_t v : values) {
    const auto u = static_cast<std::uint32_t>(static_cast<std::int32_t>(v));
    for (int b = 0; b < 4; ++b) out.push_back(static_cast<char>((u >> (8 * b)) & 0xff));
  }
  return out;
}

/// @brief Dense Floyd-Warshall reference with int64 sums; INF = kInf32.
inline std::vector<std::int64_t> floyd_warshall(const apsp::Graph& g) {
  const std::size_t n = static_cast<std::size_t>(g.n);
  const std::int64_t inf = apsp::kInf32;
  std::vector<std::int64_t> d(n * n, inf);
  for (std::size_t i = 0; i < n; ++i) d[i * n + i] = 0;
  for (const apsp::Edge& e : g.edges) {
    std::int64_t& cell = d[static_cast<std::size_t>(e.src) * n + static_cast<std::size_t>(e.dst)];
    cell = std::min<std::int64_t>(cell, e.weight);
  }
  for (std::size_t k = 0; k < n; ++k)
    for (std::size_t i = 0; i < n; ++i) {
      if (d[i * n + k] >= inf) continue;
      for (std::size_t j = 0; j < n; ++j)
        if (d[k * n + j] < inf) d[i * n + j] = std::min(d[i * n + j], d[i * n + k] + d[k * n + j]);
    }
  return d;
}

inline bool same_edges(const apsp::Graph& a, const apsp::Graph& b) {
  if (a.n != b.n || a.edges.size() != b.edges.size()) return false;
  for (std::size_t i = 0; i < a.edges.size(); ++i)
    if (a.edges[i].src != b.edges[i].src || a.edges[i].dst != b.edges[i].dst || a.edges[i].weight != b.edges[i].weight) return false;
  return true;
}

}  // namespace apsp_test

/// Expects @p stmt to throw exactly @p Type whose one-line message contains @p path and @p place.
#define EXPECT_THROW_AT(stmt, Type, path, place)                                                        \
  do {                                                                                                  \
    try {                                                                                               \
      stmt;                                                                                             \
      ADD_FAILURE() << "expected " #Type " from " #stmt;                                                \
    } catch (const Type& e_) {                                                                          \
      const std::string msg_ = e_.what();                                                               \
      EXPECT_NE(msg_.find(path), std::string::npos) << "message does not name the file: " << msg_;      \
      EXPECT_NE(msg_.find(place), std::string::npos) << "message does not name '" << place << "': " << msg_; \
      EXPECT_EQ(msg_.find('\n'), std::string::npos) << "message is not one line: " << msg_;             \
    } catch (const std::exception& e_) {                                                                \
      ADD_FAILURE() << "expected " #Type ", got: " << e_.what();                                        \
    }                                                                                                   \
  } while (0)
