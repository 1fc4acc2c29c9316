// Streamed distance files (apsp/io/distance_stream.h): the same bytes as write_distances for every format,
// dtype, INF, negative values, n = 0/1 and rows of sources, however the rows are chunked and buffered; a failure
// part way leaves the old file.
#include <apsp/core/distance_matrix.h>
#include <apsp/core/errors.h>
#include <apsp/core/types.h>
#include <apsp/graph/sources.h>
#include <apsp/io/distance_io.h>
#include <apsp/io/distance_stream.h>

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

#include "io_test_support.h"

namespace {
using apsp::DistanceFormat;
using apsp_test::read_bytes;
using apsp_test::TempDir;

/// A matrix with INF, negative values, 0 and values near the dtype's limits.
apsp::DistanceMatrix sample_matrix(int n, apsp::DType dtype, unsigned seed) {
  apsp::DistanceMatrix m(n, 4, dtype);
  std::mt19937 rng(seed);
  const std::int32_t big = dtype == apsp::DType::I16 ? 16000 : 1000000000;
  std::uniform_int_distribution<std::int32_t> value(-big, big);
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      const unsigned pick = rng() % 5;
      if (pick == 0) continue;  // INF from the constructor (0 on the diagonal)
      m.set(i, j, pick == 1 ? -static_cast<std::int32_t>(rng() % 50) : value(rng));
    }
  return m;
}

/// The rows write_distances writes for @p m, as the stream's source.
apsp::DistanceRowSource rows_of(const apsp::DistanceMatrix& m, const std::vector<std::int32_t>& sources) {
  return [&m, &sources](std::int64_t begin, std::int64_t rows, std::int32_t* out) {
    for (std::int64_t r = 0; r < rows; ++r)
      for (int j = 0; j < m.n(); ++j) out[r * m.n() + j] = m.get(sources[static_cast<std::size_t>(begin + r)], j);
  };
}

std::vector<std::int32_t> every_vertex(int n) {
  std::vector<std::int32_t> v(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) v[static_cast<std::size_t>(i)] = i;
  return v;
}

const char* extension(DistanceFormat f) {
  return f == DistanceFormat::CourseBinary ? ".bin" : f == DistanceFormat::Npy ? ".npy" : ".csv";
}

apsp::DistanceStreamOptions small_chunks(std::uint64_t chunk_bytes, int buffers, int format_threads) {
  apsp::DistanceStreamOptions o;
  o.chunk_bytes = chunk_bytes;
  o.buffers = buffers;
  o.format_threads = format_threads;
  return o;
}
}  // namespace

TEST(DistanceStream, SameBytesAsWriteDistancesForEveryFormatDtypeAndChunking) {
  const TempDir dir;
  for (const DistanceFormat f : {DistanceFormat::CourseBinary, DistanceFormat::Npy, DistanceFormat::Csv})
    for (const apsp::DType dtype : {apsp::DType::I32, apsp::DType::I16})
      for (const int n : {0, 1, 2, 7, 33}) {
        const apsp::DistanceMatrix m = sample_matrix(n, dtype, static_cast<unsigned>(n * 7 + 1));
        const std::string reference = dir.file(std::string("reference") + extension(f));
        apsp::write_distances(reference, m);
        const std::vector<std::int32_t> all = every_vertex(n);
        for (const auto& options : {apsp::DistanceStreamOptions{}, small_chunks(1, 2, 1), small_chunks(40, 3, 3),
                                    small_chunks(4 * 5 * 33, 4, 0)}) {
          const std::string streamed = dir.file(std::string("streamed") + extension(f));
          const apsp::DistanceStreamTimes times =
              apsp::write_distance_stream(streamed, n, n, rows_of(m, all), std::nullopt, options);
          SCOPED_TRACE(std::string(extension(f)) + " n = " + std::to_string(n) + " chunk " + std::to_string(options.chunk_bytes));
          EXPECT_EQ(read_bytes(streamed), read_bytes(reference));
          EXPECT_EQ(times.bytes, read_bytes(reference).size());
        }
      }
}

TEST(DistanceStream, KnownBytesIndependentOfTheWriters) {
  const TempDir dir;
  apsp::DistanceMatrix m(2, 1, apsp::DType::I32);
  m.set(0, 1, -3);  // (1, 0) stays INF
  const std::vector<std::int32_t> all = every_vertex(2);
  const std::string csv = dir.file("d.csv"), bin = dir.file("d.bin"), npy = dir.file("d.npy");
  apsp::write_distance_stream(csv, 2, 2, rows_of(m, all), std::nullopt, small_chunks(1, 2, 2));
  EXPECT_EQ(read_bytes(csv), "0,-3\n1073741823,0\n");
  apsp::write_distance_stream(bin, 2, 2, rows_of(m, all));
  EXPECT_EQ(read_bytes(bin), apsp_test::le32({0, -3, apsp::kInf32, 0}));
  apsp::write_distance_stream(npy, 2, 2, rows_of(m, all));
  const std::string bytes = read_bytes(npy);
  ASSERT_GT(bytes.size(), 16u);
  EXPECT_EQ((bytes.size() - 16) % 64, 0u);  // the header is padded to 64 bytes
  EXPECT_EQ(bytes.substr(0, 6), "\x93NUMPY");
  EXPECT_NE(bytes.find("'shape': (2, 2)"), std::string::npos);
  EXPECT_EQ(bytes.substr(bytes.size() - 16), apsp_test::le32({0, -3, apsp::kInf32, 0}));
}

TEST(DistanceStream, RowsOfSourcesMatchWriteDistances) {
  const TempDir dir;
  const int n = 9;
  const apsp::DistanceMatrix m = sample_matrix(n, apsp::DType::I32, 5);
  const std::vector<std::int32_t> sources = {4, 5, 6, 0, 8};
  apsp::SourceDistances d;
  d.n = n;
  d.sources = sources;
  d.values.resize(sources.size() * n);
  rows_of(m, sources)(0, static_cast<std::int64_t>(sources.size()), d.values.data());
  for (const DistanceFormat f : {DistanceFormat::Npy, DistanceFormat::Csv}) {
    const std::string reference = dir.file(std::string("ref") + extension(f));
    const std::string streamed = dir.file(std::string("out") + extension(f));
    apsp::write_distances(reference, d);
    apsp::write_distance_stream(streamed, static_cast<std::int64_t>(sources.size()), n, rows_of(m, sources),
                                std::nullopt, small_chunks(2 * 4 * n, 2, 2));
    EXPECT_EQ(read_bytes(streamed), read_bytes(reference)) << extension(f);
  }
  // The course binary has no header: it holds only the whole matrix.
  EXPECT_THROW(apsp::write_distance_stream(dir.file("x.bin"), 5, n, rows_of(m, sources)), apsp::UsageError);
}

TEST(DistanceStream, AFailingSourceLeavesTheOldFile) {
  const TempDir dir;
  const std::string path = dir.file("d.csv");
  apsp_test::write_bytes(path, "the user's file\n");
  const int n = 16;
  const apsp::DistanceMatrix m = sample_matrix(n, apsp::DType::I32, 3);
  const std::vector<std::int32_t> all = every_vertex(n);
  const apsp::DistanceRowSource good = rows_of(m, all);
  const apsp::DistanceRowSource failing = [&good](std::int64_t begin, std::int64_t rows, std::int32_t* out) {
    if (begin >= 8) throw std::runtime_error("device lost");
    good(begin, rows, out);
  };
  EXPECT_THROW(apsp::write_distance_stream(path, n, n, failing, std::nullopt, small_chunks(4 * n, 2, 1)),
               std::runtime_error);
  EXPECT_EQ(read_bytes(path), "the user's file\n");
  // A stream that cannot write (the directory is gone) throws too and leaves nothing.
  EXPECT_THROW(apsp::write_distance_stream(dir.file("missing/d.csv"), n, n, good), apsp::Error);
}

TEST(DistanceStream, BufferBytesAreChunksNotTheMatrix) {
  const std::uint64_t whole = 131072ull * 131072ull * 4ull;
  const std::uint64_t buffers = apsp::distance_stream_buffer_bytes(131072, 131072);
  EXPECT_GT(buffers, 0u);
  EXPECT_LT(buffers, whole / 64);
  EXPECT_EQ(apsp::distance_stream_buffer_bytes(0, 0), 0u);
}
