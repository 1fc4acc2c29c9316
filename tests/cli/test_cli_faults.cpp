// Fault injection through the real `apsp`: a full disk at any write of `solve -o`, `solve
// --timings-csv` and `gen -o` is one line naming the file, a non-zero exit, no temporary left behind and the
// old file unchanged. The disk is full three ways: APSP_FAULT=export_write:N at every N (always runs), a real
// tmpfs filled to the last page (where this process may mount one in a private mount namespace; skipped
// otherwise) and /dev/full (written straight through, as every character device).
#include <algorithm>
#include <filesystem>
#include <set>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

namespace fs = std::filesystem;

int lines(const std::string& s) { return static_cast<int>(std::count(s.begin(), s.end(), '\n')); }

std::set<std::string> entries(const fs::path& dir) {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir)) names.insert(e.path().filename().string());
  return names;
}

void write_text(const std::string& path, const std::string& text) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << text;
}

/// A failed export's one line: the file and the reason.
void expect_full_disk_message(const RunResult& r, const std::string& file) {
  EXPECT_EQ(r.status, 1) << r.output;
  EXPECT_EQ(lines(r.output), 1) << r.output;
  EXPECT_NE(r.output.find(file), std::string::npos) << r.output;
  EXPECT_NE(r.output.find("No space left on device"), std::string::npos) << r.output;
}

class CliFaults : public TempDir {
 protected:
  void SetUp() override {
    TempDir::SetUp();
    write_bytes(path("g.bin"), {3, 2, 0, 1, 4, 1, 2, 5});
    m_root = fs::path(path("g.bin")).parent_path();
  }

  /// Runs `apsp ARGS` with the disk full at the 1st, 2nd, ... write or flush of its exports until it succeeds.
  /// @p outputs exist beforehand with old bytes; a run that fails names one of them, which must still hold its
  /// old bytes, and leaves no other file. Returns the files named by the failures.
  std::set<std::string> sweep(const std::string& args, const std::vector<std::string>& outputs) {
    std::set<std::string> failed;
    for (int hit = 1; hit <= 200; ++hit) {
      SCOPED_TRACE("export_write:" + std::to_string(hit));
      for (const std::string& o : outputs) write_text(path(o), "old " + o + "\n");
      const std::set<std::string> before = entries(m_root);
      const RunResult r = run_apsp(args, "APSP_FAULT=export_write:" + std::to_string(hit));
      if (r.status == 0) {
        for (const std::string& o : outputs) EXPECT_NE(read_text(path(o)), "old " + o + "\n") << o << " not written";
        return failed;
      }
      EXPECT_EQ(entries(m_root), before) << "a failed export left a file behind";
      std::string named;
      for (const std::string& o : outputs)
        if (r.output.find(path(o)) != std::string::npos) named = o;
      if (named.empty()) {
        ADD_FAILURE() << "the message names no output: " << r.output;
        return failed;
      }
      expect_full_disk_message(r, path(named));
      EXPECT_EQ(read_text(path(named)), "old " + named + "\n") << "the failed export changed " << named;
      failed.insert(named);
    }
    ADD_FAILURE() << "the command never succeeded";
    return failed;
  }

  fs::path m_root;
};

TEST_F(CliFaults, FullDiskAtAnyWriteOfSolveOutputs) {
  const std::set<std::string> failed =
      sweep("solve " + path("g.bin") + " -q -o " + path("out.bin") + " --timings-csv " + path("t.csv"),
            {"out.bin", "t.csv"});
  EXPECT_EQ(failed, (std::set<std::string>{"out.bin", "t.csv"})) << "both exports must have been hit";
  for (const char* out : {"out.npy", "out.csv"}) {
    SCOPED_TRACE(out);
    EXPECT_EQ(sweep("solve " + path("g.bin") + " -q -o " + path(out), {out}).size(), 1u);
  }
}

TEST_F(CliFaults, FullDiskAtAnyWriteOfGen) {
  for (const char* out : {"h.bin", "h.gr", "h.mtx", "h.txt"}) {
    SCOPED_TRACE(out);
    EXPECT_EQ(sweep("gen --spec er:n=50,p=0.1,seed=1 -o " + path(out), {out}).size(), 1u);
  }
}

TEST_F(CliFaults, EveryExportFailingStillOneLine) {
  write_text(path("out.bin"), "old\n");
  const RunResult r = run_apsp("solve " + path("g.bin") + " -q -o " + path("out.bin"), "APSP_FAULT=export_write");
  expect_full_disk_message(r, path("out.bin"));
  EXPECT_EQ(read_text(path("out.bin")), "old\n");
  EXPECT_EQ(entries(m_root), (std::set<std::string>{"g.bin", "out.bin"}));
}

TEST_F(CliFaults, BadFaultSpecArmsNothing) {
  const RunResult r = run_apsp("solve " + path("g.bin") + " -q -o " + path("out.bin"), "APSP_FAULT=disk_full");
  EXPECT_EQ(r.status, 0) << r.output;
  EXPECT_NE(r.output.find("unknown fault point 'disk_full'"), std::string::npos) << r.output;
  EXPECT_TRUE(fs::exists(path("out.bin")));
}

TEST_F(CliFaults, DevFullIsARealFullDisk) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const RunResult r = run_apsp("solve " + path("g.bin") + " -q -o /dev/full");
  expect_full_disk_message(r, "/dev/full");
  EXPECT_TRUE(fs::is_character_file("/dev/full")) << "the device was replaced";
}

/// A real full disk: a 256 KiB tmpfs mounted in a private mount namespace (unshare -m; needs root or user
/// namespaces), filled to the last page, with old files the exports must not harm.
TEST_F(CliFaults, RealFullTmpfs) {
  const std::string d = m_root.string();
  fs::create_directories(d + "/mnt");
  const std::string apsp = APSP_CLI_PATH;
  const std::string script =
      "D='" + d + "'; A='" + apsp + "'; "
      "mount -t tmpfs -o size=256k tmpfs \"$D/mnt\" || exit 0; touch \"$D/mounted\"; "
      "for f in out.bin t.csv g.bin g.txt; do echo \"old $f\" > \"$D/mnt/$f\"; done; "
      "dd if=/dev/zero of=\"$D/mnt/fill\" bs=4096 2>/dev/null; "
      "run() { name=$1; shift; \"$A\" \"$@\" > \"$D/$name.txt\" 2>&1; echo $? > \"$D/$name.rc\"; }; "
      "run solve solve \"$D/g.bin\" -q -o \"$D/mnt/out.bin\"; "
      "run timings solve \"$D/g.bin\" -q -o \"$D/ok.bin\" --timings-csv \"$D/mnt/t.csv\"; "
      "run gen gen --spec er:n=2000,p=0.1,seed=1 -o \"$D/mnt/g.bin\"; "
      "run gentxt gen --spec ring:n=8 -o \"$D/mnt/g.txt\"; "
      "LC_ALL=C ls -a \"$D/mnt\" > \"$D/listing.txt\"; "
      "for f in out.bin t.csv g.bin g.txt; do cp \"$D/mnt/$f\" \"$D/after-$f\"; done; "
      "rm \"$D/mnt/fill\"; "
      "run roomy solve \"$D/g.bin\" -q -o \"$D/mnt/out.bin\"; "
      "umount \"$D/mnt\"";
  write_text(d + "/full.sh", script);
  const std::string out = shell_output("unshare -m sh '" + d + "/full.sh' 2>&1");
  if (!fs::exists(d + "/mounted")) GTEST_SKIP() << "cannot mount a tmpfs here: " << out;
  const std::string mnt = d + "/mnt/";
  const auto result = [&](const std::string& name) {
    return RunResult{std::stoi(read_text(d + "/" + name + ".rc")), read_text(d + "/" + name + ".txt")};
  };
  expect_full_disk_message(result("solve"), mnt + "out.bin");
  expect_full_disk_message(result("timings"), mnt + "t.csv");
  expect_full_disk_message(result("gen"), mnt + "g.bin");
  expect_full_disk_message(result("gentxt"), mnt + "g.txt");
  EXPECT_EQ(result("roomy").status, 0) << "with room again the same export works: " << result("roomy").output;
  EXPECT_EQ(read_text(d + "/listing.txt"), ".\n..\nfill\ng.bin\ng.txt\nout.bin\nt.csv\n") << "temporaries left behind";
  EXPECT_EQ(read_text(d + "/after-out.bin"), "old out.bin\n");
  EXPECT_EQ(read_text(d + "/after-t.csv"), "old t.csv\n");
  EXPECT_EQ(read_text(d + "/after-g.bin"), "old g.bin\n");
  EXPECT_EQ(read_text(d + "/after-g.txt"), "old g.txt\n");
}

}  // namespace
}  // namespace apsp::test
