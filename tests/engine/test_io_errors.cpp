// Every bad-input class: the exception type, and a one-line message naming the file and the place.
#include "io_test_support.h"

#include <apsp/io/distance_io.h>
#include <apsp/io/graph_io.h>

using namespace apsp;
using apsp_test::le32;
using apsp_test::TempDir;
using apsp_test::write_bytes;

namespace {
struct BadFile {
  const char* name;      // file name (its extension picks the reader)
  std::string contents;  // bytes written
  const char* place;     // text the message must contain: "byte 8", "line 3", or a phrase
};

void expect_all_rejected(const std::vector<BadFile>& cases, const GraphReadOptions& opt = {}) {
  TempDir dir;
  for (const BadFile& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string path = dir.file(c.name);
    write_bytes(path, c.contents);
    EXPECT_THROW_AT(read_graph(path, opt), InputError, path, c.place);
  }
}
}  // namespace

TEST(IoErrorsCourseBinary, EveryBadInputClass) {
  expect_all_rejected({
      {"empty.bin", "", "empty file"},
      {"short_header.bin", std::string("\x05\x00\x00\x00\x01", 5), "truncated header"},
      {"short_header2.bin", le32({5}), "byte 4"},
      {"negative_n.bin", le32({-3, 0}), "byte 0"},
      {"negative_m.bin", le32({3, -1}), "byte 4"},
      {"m_too_large.bin", le32({3, 2, 0, 1, 5}), "byte 8"},
      {"huge_m.bin", le32({3, 2000000000, 0, 1, 5}), "larger than the payload"},
      {"id_too_big.bin", le32({3, 2, 0, 1, 5, 1, 3, 5}), "byte 24"},
      {"id_negative.bin", le32({3, 2, 0, 1, 5, -1, 2, 5}), "byte 20"},
      {"dst_negative.bin", le32({3, 1, 0, -7, 5}), "byte 12"},
      {"trailing.bin", le32({3, 1, 0, 1, 5}) + "xy", "byte 20"},
      {"weight_inf.bin", le32({3, 1, 0, 1, 1073741823}), "byte 16"},
  });
}

TEST(IoErrorsCourseBinary, MissingFileAndDirectory) {
  TempDir dir;
  EXPECT_THROW_AT(read_graph(dir.file("nope.bin")), InputError, "nope.bin", "cannot open");
  EXPECT_THROW_AT(read_graph(dir.path().string()), InputError, dir.path().string(), "directory");
}

TEST(IoErrorsDimacs, EveryBadInputClass) {
  expect_all_rejected({
      {"empty.gr", "", "empty file"},
      {"no_p.gr", "c only comments\nc here\n", "missing 'p sp n m'"},
      {"arc_first.gr", "c x\na 1 2 3\np sp 2 1\n", "line 2"},
      {"truncated_p.gr", "p sp 3\n", "truncated header"},
      {"bad_kind.gr", "p max 3 1\na 1 2 3\n", "line 1"},
      {"negative_n.gr", "p sp -4 0\n", "negative vertex count"},
      {"negative_m.gr", "p sp 4 -1\n", "negative arc count"},
      {"nonnumeric_n.gr", "p sp four 1\na 1 2 3\n", "line 1"},
      {"nonnumeric_w.gr", "p sp 3 1\na 1 2 x7\n", "line 2"},
      {"id_zero.gr", "p sp 3 1\na 0 2 1\n", "line 2"},
      {"id_big.gr", "p sp 3 2\na 1 2 1\na 1 4 1\n", "line 3"},
      {"fewer.gr", "p sp 3 3\na 1 2 1\na 2 3 1\n", "fewer arcs than declared"},
      {"more.gr", "p sp 3 1\na 1 2 1\na 2 3 1\n", "line 3"},
      {"m_payload.gr", "p sp 3 99999999999\na 1 2 1\n", "larger than the payload"},
      {"two_p.gr", "p sp 3 0\np sp 3 0\n", "line 2"},
      {"garbage.gr", std::string("\x01\x02\xff\xfe binary\n", 12), "line 1"},
      {"extra.gr", "p sp 3 1\na 1 2 1 9\n", "line 2"},
      {"short_arc.gr", "p sp 3 1\na 1 2\n", "line 2"},
      {"overflow.gr", "p sp 3 1\na 1 2 99999999999999999999999\n", "line 2"},
  });
}

TEST(IoErrorsMatrixMarket, EveryBadInputClass) {
  const std::string h = "%%MatrixMarket matrix coordinate integer general\n";
  expect_all_rejected({
      {"empty.mtx", "", "empty file"},
      {"no_banner.mtx", "3 3 1\n1 2 3\n", "line 1"},
      {"truncated.mtx", "%%MatrixMarket matrix coordinate\n", "truncated header"},
      {"array.mtx", "%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n", "coordinate"},
      {"complex.mtx", "%%MatrixMarket matrix coordinate complex general\n1 1 1\n1 1 1 0\n", "line 1"},
      {"skew.mtx", "%%MatrixMarket matrix coordinate real skew-symmetric\n2 2 1\n2 1 1\n", "line 1"},
      {"no_size.mtx", h + "% only comments\n", "size line"},
      {"nonsquare.mtx", h + "3 4 1\n1 2 3\n", "line 2"},
      {"negative.mtx", h + "-3 -3 1\n1 2 3\n", "line 2"},
      {"id_big.mtx", h + "3 3 2\n1 2 3\n4 1 1\n", "line 4"},
      {"id_zero.mtx", h + "3 3 1\n0 1 1\n", "line 3"},
      {"nonnumeric.mtx", h + "3 3 1\n1 two 3\n", "line 3"},
      {"fewer.mtx", h + "3 3 3\n1 2 3\n", "fewer entries"},
      {"more.mtx", h + "3 3 1\n1 2 3\n2 3 1\n", "line 4"},
      {"payload.mtx", h + "3 3 1000000000\n1 2 3\n", "larger than the payload"},
      {"noval.mtx", h + "3 3 1\n1 2\n", "line 3"},
  });
}

TEST(IoErrorsMatrixMarket, RealValueWithAFractionIsRefusedNotRounded) {
  // Rounded per edge, 0.4 and -0.45 (a negative cycle) became 0 and 0: distances 0, exit 0.
  const std::string h = "%%MatrixMarket matrix coordinate real general\n";
  expect_all_rejected({
      {"cycle.mtx", h + "2 2 2\n1 2 0.4\n2 1 -0.45\n", "line 3"},
      {"half.mtx", h + "% comment\n3 3 3\n1 2 1\n2 3 0.5\n1 3 1.4\n", "line 5"},
      {"tiny.mtx", h + "2 2 1\n1 2 1e-9\n", "line 3"},
      {"symmetric.mtx", "%%MatrixMarket matrix coordinate real symmetric\n2 2 1\n2 1 -2.5\n", "line 3"},
  });
}

TEST(IoErrorsEdgeList, EveryBadInputClass) {
  expect_all_rejected({
      {"empty.txt", "", "empty file"},
      {"comments_only.txt", "# nothing\n% here\n", "no edges"},
      {"nonnumeric.txt", "0 1 2\nfoo bar\n", "line 2"},
      {"negative.el", "0 1\n-1 2\n", "line 2"},
      {"one_token.csv", "0,1,2\n3\n", "line 2"},
      {"extra.txt", "0 1 2 3\n", "line 1"},
      {"declared.txt", "# n=3\n0 1\n1 3\n", "line 3"},
      {"declared_late.txt", "0 1\n1 5\n# n=3\n", "line 2"},
      {"bad_weight.txt", "0 1 1.5\n", "line 1"},
      {"binary.txt", std::string("\x00\x01\x02\x03", 4), "line 1"},
      {"weight_inf.txt", "0 1 1073741823\n", "line 1"},
  });
  GraphReadOptions one_based;
  one_based.one_based = true;
  expect_all_rejected({{"zero.txt", "1 2\n0 1\n", "line 2"}}, one_based);
}

TEST(IoErrorsDistances, EveryBadInputClass) {
  TempDir dir;
  const std::string npy_ok_header = [] {
    std::string dict = "{'descr': '<i4', 'fortran_order': False, 'shape': (2, 2), }";
    dict.append((64 - (10 + dict.size() + 1) % 64) % 64, ' ');
    dict.push_back('\n');
    return std::string("\x93NUMPY\x01\x00", 8) + std::string(1, static_cast<char>(dict.size())) + std::string(1, '\0') + dict;
  }();
  const auto npy_with = [](const std::string& dict_body) {
    std::string dict = dict_body;
    dict.append((64 - (10 + dict.size() + 1) % 64) % 64, ' ');
    dict.push_back('\n');
    return std::string("\x93NUMPY\x01\x00", 8) + std::string(1, static_cast<char>(dict.size())) + std::string(1, '\0') + dict +
           le32({0, 1, 2, 3});
  };
  const std::vector<BadFile> cases = {
      {"odd.bin", le32({0, 1, 2}) + "x", "byte 12"},
      {"notsquare.bin", le32({0, 1, 2}), "not a square"},
      {"empty.npy", "", "empty file"},
      {"magic.npy", "NOTNUMPY-----------------", "byte 0"},
      {"short.npy", "\x93NUM", "truncated header"},
      {"version.npy", std::string("\x93NUMPY\x07\x00\x00\x00", 10), "byte 6"},
      {"dtype.npy", npy_with("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 2), }"), "'<i4'"},
      {"fortran.npy", npy_with("{'descr': '<i4', 'fortran_order': True, 'shape': (2, 2), }"), "fortran_order"},
      {"shape.npy", npy_with("{'descr': '<i4', 'fortran_order': False, 'shape': (4,), }"), "not (n, n)"},
      {"rect.npy", npy_with("{'descr': '<i4', 'fortran_order': False, 'shape': (1, 4), }"), "not (n, n)"},
      {"truncated.npy", npy_ok_header + le32({0, 1, 2}), "byte 128"},
      {"header_len.npy", std::string("\x93NUMPY\x01\x00\xff\x00{'descr'", 18), "truncated header"},
      {"blank.csv", "\n\n", "no rows"},
      {"ragged.csv", "0,1\n2\n", "line 2"},
      {"nonnumeric.csv", "0,1\n2,x\n", "line 2"},
      {"fewer.csv", "0,1,2\n3,4,5\n", "only 2 rows"},
      {"more.csv", "0,1\n2,3\n4,5\n", "line 3"},
      {"wide.csv", "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0\n1,1\n", "line 1"},
  };
  for (const BadFile& c : cases) {
    SCOPED_TRACE(c.name);
    const std::string path = dir.file(c.name);
    write_bytes(path, c.contents);
    EXPECT_THROW_AT(read_distances(path), InputError, path, c.place);
  }
}

TEST(IoErrorsRobustness, TruncatedAndCorruptedFilesOnlyThrowEngineErrors) {
  // Never crash, hang or throw anything but apsp::Error, whatever the bytes: every prefix of a valid file,
  // and copies with bytes overwritten by a fixed pseudo-random pattern.
  TempDir dir;
  Graph g;
  g.n = 6;
  g.edges = {{0, 1, 3}, {1, 2, -1}, {2, 5, 7}, {5, 0, 2}, {3, 3, 1}};
  DenseDistances d;
  d.n = 3;
  d.values = {0, 1, kInf32, 4, 0, -2, 7, 8, 0};
  std::uint64_t state = 12345;
  const auto next = [&state] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return state >> 33;
  };
  for (const char* name : {"g.bin", "g.gr", "g.mtx", "g.txt", "g.csv", "d.bin", "d.npy", "d.csv"}) {
    SCOPED_TRACE(name);
    const bool is_graph = name[0] == 'g';
    const std::string path = dir.file(name);
    if (is_graph)
      write_graph(path, g);
    else
      write_distances(path, d);
    const std::string good = apsp_test::read_bytes(path);
    std::vector<std::string> variants;
    for (std::size_t len = 0; len < good.size(); ++len) variants.push_back(good.substr(0, len));
    for (int k = 0; k < 200; ++k) {
      std::string bad = good;
      for (int flips = 0; flips < 1 + k % 4; ++flips) bad[next() % bad.size()] = static_cast<char>(next() & 0xff);
      variants.push_back(bad);
    }
    const std::string probe = dir.file(std::string("probe_") + name);
    for (const std::string& v : variants) {
      apsp_test::write_bytes(probe, v);
      try {
        if (is_graph)
          read_graph(probe);
        else
          read_distances(probe);
      } catch (const Error&) {
      } catch (const std::exception& e) {
        ADD_FAILURE() << "non-engine exception: " << e.what();
      }
    }
  }
}
