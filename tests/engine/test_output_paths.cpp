// refuse_clashing_paths: two names of one file (a hard link, a symbolic link, the same path not yet written,
// a path spelled differently) are refused; different files, standard output and empty paths are not.
#include <apsp/core/errors.h>
#include <apsp/io/output_paths.h>

#include <gtest/gtest.h>

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>

#include "io_test_support.h"

namespace apsp {
namespace {

using apsp_test::TempDir;
using apsp_test::write_bytes;

/// The message of the UsageError refuse_clashing_paths throws, or "" when it accepts.
std::string refusal(const std::vector<NamedPath>& inputs, const std::vector<NamedPath>& outputs) {
  try {
    refuse_clashing_paths(inputs, outputs);
  } catch (const UsageError& e) {
    return e.what();
  }
  return "";
}

TEST(OutputPaths, AHardLinkToTheInputIsTheSameFile) {
  const TempDir dir;
  write_bytes(dir.file("g.txt"), "0 1 1\n");
  ASSERT_EQ(::link(dir.file("g.txt").c_str(), dir.file("alias.txt").c_str()), 0);
  const std::string why = refusal({{"the input", dir.file("g.txt")}}, {{"-o", dir.file("alias.txt")}});
  EXPECT_NE(why.find("-o"), std::string::npos) << why;
  EXPECT_NE(why.find("the input"), std::string::npos) << why;
  EXPECT_NE(why.find("alias.txt"), std::string::npos) << why;
}

TEST(OutputPaths, ASymbolicLinkToAnotherOutputIsTheSameFile) {
  const TempDir dir;
  write_bytes(dir.file("out.csv"), "");
  std::filesystem::create_symlink(dir.file("out.csv"), dir.file("link.csv"));
  const std::string why = refusal({}, {{"-o", dir.file("out.csv")}, {"--trace", dir.file("link.csv")}});
  EXPECT_NE(why.find("--trace"), std::string::npos) << why;
  EXPECT_NE(why.find("-o"), std::string::npos) << why;
}

TEST(OutputPaths, TheSameNotYetExistingPathTwiceIsRefusedHoweverSpelled) {
  const TempDir dir;
  EXPECT_NE(refusal({}, {{"-o", dir.file("new.csv")}, {"--timings-csv", dir.file("new.csv")}}), "");
  EXPECT_NE(refusal({}, {{"-o", dir.file("new.csv")}, {"--timings-csv", dir.file("./sub/../new.csv")}}), "");
  EXPECT_FALSE(std::filesystem::exists(dir.file("new.csv")));  // nothing is created to compare
}

TEST(OutputPaths, DifferentFilesStandardOutputAndEmptyPathsAreAccepted) {
  const TempDir dir;
  write_bytes(dir.file("g.txt"), "0 1 1\n");
  write_bytes(dir.file("a.csv"), "x");
  EXPECT_EQ(refusal({{"the input", dir.file("g.txt")}},
                    {{"-o", dir.file("a.csv")}, {"--timings-csv", dir.file("b.csv")}, {"--trace", ""}}),
            "");
  EXPECT_EQ(refusal({{"the input", "-"}}, {{"-o", "-"}, {"--timings-csv", "-"}}), "");
  EXPECT_EQ(refusal({}, {}), "");
}

TEST(OutputPaths, ADeviceSuchAsDevNullMayTakeSeveralOutputs) {
  // Writing to a character device replaces nothing: "discard both" is a fair thing to ask.
  EXPECT_EQ(refusal({}, {{"-o", "/dev/null"}, {"--timings-csv", "/dev/null"}}), "");
}

TEST(OutputPaths, AnInputMayBeNamedTwiceButNoOutputMayBeEmpty) {
  const TempDir dir;
  write_bytes(dir.file("g.txt"), "0 1 1\n");
  EXPECT_EQ(refusal({{"a", dir.file("g.txt")}, {"b", dir.file("g.txt")}}, {}), "");  // reading twice loses nothing
  EXPECT_THROW(refuse_empty_output_path("-o", ""), UsageError);
  EXPECT_NO_THROW(refuse_empty_output_path("-o", "-"));
}

TEST(OutputPaths, ADirectoryIsNoOutput) {
  // Refused before any work, with the flag and the path, whatever stands beside it: the writer could only fail
  // after the whole solve.
  const TempDir dir;
  std::filesystem::create_directory(dir.file("d"));
  const std::string message = refusal({}, {{"--distances", dir.file("d")}});
  EXPECT_NE(message.find("--distances: '" + dir.file("d") + "' is a directory"), std::string::npos) << message;
  EXPECT_NE(refusal({}, {{"-o", dir.file("new") + "/"}}).find("is a directory"), std::string::npos);
  std::filesystem::create_directory_symlink(dir.file("d"), dir.file("link"));
  EXPECT_NE(refusal({}, {{"-o", dir.file("link")}}).find("is a directory"), std::string::npos);
  // A directory may be an input (the reader says what it thinks of it); a FIFO may be an output (a reader may
  // come; the writer refuses one that has none when it opens it).
  EXPECT_EQ(refusal({{"the input", dir.file("d")}}, {}), "");
  ASSERT_EQ(::mkfifo(dir.file("f").c_str(), 0600), 0);
  EXPECT_EQ(refusal({}, {{"-o", dir.file("f")}}), "");
}

TEST(OutputPaths, AWriteProtectedFileIsRefusedBeforeAnyWork) {
  // The writer would refuse it too, but only after the solve and after the other outputs were written.
  const TempDir dir;
  write_bytes(dir.file("kept.csv"), "kept\n");
  ASSERT_EQ(::chmod(dir.file("kept.csv").c_str(), 0444), 0);
  EXPECT_TRUE(is_write_protected(dir.file("kept.csv")));
  const std::string message = refusal({}, {{"-o", dir.file("new.bin")}, {"--timings-csv", dir.file("kept.csv")}});
  EXPECT_EQ(message, "--timings-csv: " + dir.file("kept.csv") + ": is write-protected; remove it or chmod u+w to replace it");
  // An input may be read-only; a writable file, one not yet there and a read-only directory's name are no refusal.
  EXPECT_EQ(refusal({{"the input", dir.file("kept.csv")}}, {}), "");
  ASSERT_EQ(::chmod(dir.file("kept.csv").c_str(), 0644), 0);
  EXPECT_FALSE(is_write_protected(dir.file("kept.csv")));
  EXPECT_FALSE(is_write_protected(dir.file("absent.csv")));
  EXPECT_EQ(refusal({}, {{"-o", dir.file("kept.csv")}}), "");
}

}  // namespace
}  // namespace apsp
