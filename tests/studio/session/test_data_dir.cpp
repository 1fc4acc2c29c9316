// The data directory lookup (session/data_dir.h) on made-up trees: the variable wins, then the install layout
// beside the executable, then the source tree; a place without colormaps/ or graphs/ is passed over, and the
// message says where it looked when nothing fits.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

#include "session/data_dir.h"

namespace apsp::studio {
namespace {

namespace fs = std::filesystem;

class DataDirTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root = fs::temp_directory_path() /
           ("apsp-data-dir-test-" + std::string(::testing::UnitTest::GetInstance()->current_test_info()->name()));
    fs::remove_all(root);
    fs::create_directories(root / "prefix" / "bin");
    fs::create_directories(root / "prefix" / "share" / "apsp-studio" / "colormaps");
    fs::create_directories(root / "src" / "assets" / "graphs");
    fs::create_directories(root / "override" / "graphs");
    fs::create_directories(root / "empty");
    std::ofstream(root / "src" / "assets" / "graphs" / "ring12.txt") << "0 1 1\n";
  }
  void TearDown() override { fs::remove_all(root); }

  fs::path exe() const { return root / "prefix" / "bin" / "apsp-studio"; }
  fs::path installed() const { return root / "prefix" / "share" / "apsp-studio"; }
  fs::path source() const { return root / "src" / "assets"; }

  fs::path root;
};

TEST_F(DataDirTest, CandidatesComeInOrderAndEmptyOnesAreLeftOut) {
  const auto all = data_dir_candidates((root / "override").string(), exe(), "../share/apsp-studio", source());
  ASSERT_EQ(all.size(), 3u);
  EXPECT_EQ(all[0].origin, kDataDirVariable);
  EXPECT_EQ(all[1].path, installed());
  EXPECT_EQ(all[1].origin, "installed");
  EXPECT_EQ(all[2].path, source());
  EXPECT_EQ(all[2].origin, "source tree");

  const auto no_variable = data_dir_candidates("", exe(), "../share/apsp-studio", "");
  ASSERT_EQ(no_variable.size(), 1u);
  EXPECT_EQ(no_variable[0].origin, "installed");
  EXPECT_TRUE(data_dir_candidates("", "", "../share/apsp-studio", "").empty());
}

TEST_F(DataDirTest, TheVariableWinsOverTheInstallAndTheSourceTree) {
  const auto lookup = find_data_dir(data_dir_candidates((root / "override").string(), exe(), "../share/apsp-studio",
                                                        source()));
  ASSERT_TRUE(lookup.found);
  EXPECT_EQ(lookup.found->path, root / "override");
  EXPECT_NE(lookup.describe().find("(APSP_DATA_DIR)"), std::string::npos) << lookup.describe();
}

TEST_F(DataDirTest, TheInstallLayoutWinsOverTheSourceTree) {
  const auto lookup = find_data_dir(data_dir_candidates("", exe(), "../share/apsp-studio", source()));
  ASSERT_TRUE(lookup.found);
  EXPECT_EQ(lookup.found->path, installed());
  EXPECT_EQ(lookup.describe(), "data files: " + installed().string() + " (installed)");
}

TEST_F(DataDirTest, ABuildTreeFallsBackToTheSourceTree) {
  const fs::path build_exe = root / "build" / "app" / "studio" / "apsp-studio";
  const auto lookup = find_data_dir(data_dir_candidates("", build_exe, "../share/apsp-studio", source()));
  ASSERT_TRUE(lookup.found);
  EXPECT_EQ(lookup.found->path, source());
  EXPECT_EQ(lookup.found->origin, "source tree");
}

TEST_F(DataDirTest, AVariableWithoutDataIsPassedOverAndSaidSo) {
  const auto lookup = find_data_dir(data_dir_candidates((root / "empty").string(), exe(), "../share/apsp-studio",
                                                        source()));
  ASSERT_TRUE(lookup.found);
  EXPECT_EQ(lookup.found->path, installed());
  const std::string line = lookup.describe();
  EXPECT_NE(line.find("APSP_DATA_DIR=" + (root / "empty").string() + " has no colormaps/ or graphs/"),
            std::string::npos)
      << line;
}

TEST_F(DataDirTest, NothingFoundNamesEveryPlaceAndTheVariable) {
  const auto lookup = find_data_dir(data_dir_candidates((root / "empty").string(), root / "nowhere" / "bin" / "x",
                                                        "../share/apsp-studio", root / "gone"));
  EXPECT_FALSE(lookup.found);
  const std::string line = lookup.describe();
  EXPECT_NE(line.find("no data directory found"), std::string::npos) << line;
  EXPECT_NE(line.find((root / "empty").string()), std::string::npos) << line;
  EXPECT_NE(line.find((root / "nowhere" / "share" / "apsp-studio").string()), std::string::npos) << line;
  EXPECT_NE(line.find((root / "gone").string()), std::string::npos) << line;
  EXPECT_NE(line.find("set APSP_DATA_DIR"), std::string::npos) << line;
}

TEST(DataDirProcess, ThisTestFindsTheSourceTreeAndItsLessonFiles) {
  // The test binary lives in the build tree, outside any install layout: the source tree serves it, unless the
  // caller points APSP_DATA_DIR elsewhere.
  if (std::getenv(kDataDirVariable) != nullptr) GTEST_SKIP() << "APSP_DATA_DIR is set";
#ifndef APSP_TEST_DATA_FROM_SOURCE_TREE
  GTEST_SKIP() << "built with APSP_DATA_FROM_SOURCE_TREE=OFF";
#endif
  ASSERT_TRUE(data_dir().found) << data_dir().describe();
  EXPECT_EQ(data_dir().found->origin, "source tree");
  EXPECT_FALSE(data_file("graphs/ring12.txt").empty());
  EXPECT_FALSE(data_file("colormaps/viridis.txt").empty());
  EXPECT_TRUE(data_file("graphs/no-such-lesson.txt").empty());
}

}  // namespace
}  // namespace apsp::studio
