// Distance files: round trips for .bin, .npy and .csv from a DistanceMatrix (i32 and i16) and a dense table.
#include "io_test_support.h"

#include <apsp/io/distance_io.h>

using namespace apsp;
using apsp_test::TempDir;

namespace {
DenseDistances sample(std::int32_t n) {
  DenseDistances d;
  d.n = n;
  for (std::int32_t i = 0; i < n; ++i)
    for (std::int32_t j = 0; j < n; ++j) d.values.push_back(i == j ? 0 : ((i * 7 + j * 3) % 5 == 0 ? kInf32 : (i - j) * 1000 + j));
  return d;
}
}  // namespace

TEST(IoDistances, DenseRoundTripEveryFormat) {
  TempDir dir;
  for (const std::int32_t n : {0, 1, 5, 37}) {
    const DenseDistances d = sample(n);
    for (const char* ext : {".bin", ".npy", ".csv", ".out"}) {
      SCOPED_TRACE(std::to_string(n) + ext);
      const std::string path = dir.file(std::string("d").append(std::to_string(n)).append(ext));
      write_distances(path, d);
      const DenseDistances back = read_distances(path);
      EXPECT_EQ(back.n, d.n);
      EXPECT_EQ(back.values, d.values);
    }
  }
}

TEST(IoDistances, MatrixRoundTripClampsInfAndTrimsPadding) {
  TempDir dir;
  for (const DType dtype : {DType::I32, DType::I16}) {
    SCOPED_TRACE(std::string(to_string(dtype)));
    DistanceMatrix m(5, 4, dtype);  // padded to 8: the padding must not reach the file
    m.set(0, 1, 7);
    m.set(1, 2, -3);
    m.set(4, 0, 12);
    for (const char* name : {"m.bin", "m.npy", "m.csv"}) {
      SCOPED_TRACE(name);
      write_distances(dir.file(name), m);
      const DenseDistances back = read_distances(dir.file(name));
      ASSERT_EQ(back.n, 5);
      EXPECT_EQ(back.values, m.to_dense());
      EXPECT_EQ(back.values[1], 7);
      EXPECT_EQ(back.values[1 * 5 + 2], -3);
      EXPECT_EQ(back.values[2], kInf32);  // INF of either dtype is written as 1073741823
    }
  }
}

TEST(IoDistances, BinaryIsHeaderlessLittleEndianRowMajor) {
  TempDir dir;
  DenseDistances d;
  d.n = 2;
  d.values = {0, 5, kInf32, 0};
  write_distances(dir.file("d.bin"), d);
  EXPECT_EQ(apsp_test::read_bytes(dir.file("d.bin")), apsp_test::le32({0, 5, kInf32, 0}));
}

TEST(IoDistances, NpyHeaderIsVersion1PaddedTo64) {
  TempDir dir;
  const DenseDistances d = sample(3);
  write_distances(dir.file("d.npy"), d);
  const std::string bytes = apsp_test::read_bytes(dir.file("d.npy"));
  ASSERT_GE(bytes.size(), 64u);
  EXPECT_EQ(bytes.substr(0, 8), std::string("\x93NUMPY\x01\x00", 8));
  const std::size_t header_len = static_cast<unsigned char>(bytes[8]) | (static_cast<std::size_t>(static_cast<unsigned char>(bytes[9])) << 8);
  EXPECT_EQ((10 + header_len) % 64, 0u);
  const std::string dict = bytes.substr(10, header_len);
  EXPECT_NE(dict.find("'descr': '<i4'"), std::string::npos);
  EXPECT_NE(dict.find("'fortran_order': False"), std::string::npos);
  EXPECT_NE(dict.find("'shape': (3, 3)"), std::string::npos);
  EXPECT_EQ(dict.back(), '\n');
  EXPECT_EQ(bytes.size(), 10 + header_len + 9 * 4);
}

TEST(IoDistances, CsvWritesInfAsNumberAndReadsInfText) {
  TempDir dir;
  DenseDistances d;
  d.n = 2;
  d.values = {0, kInf32, -4, 0};
  write_distances(dir.file("d.csv"), d);
  EXPECT_EQ(apsp_test::read_bytes(dir.file("d.csv")), "0,1073741823\n-4,0\n");
  apsp_test::write_bytes(dir.file("h.csv"), "0, inf\r\n-4 ,0\n\n");
  const DenseDistances back = read_distances(dir.file("h.csv"));
  EXPECT_EQ(back.values, d.values);
}

TEST(IoDistances, ExplicitFormatOverridesExtension) {
  TempDir dir;
  const DenseDistances d = sample(4);
  write_distances(dir.file("d.out"), d, DistanceFormat::Npy);
  EXPECT_EQ(read_distances(dir.file("d.out"), DistanceFormat::Npy).values, d.values);
  EXPECT_THROW(read_distances(dir.file("d.out")), InputError);  // as .bin it is not n*n int32
}
