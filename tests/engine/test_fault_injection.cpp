// Fault injection: the APSP_FAULT grammar and hit counting, and a full disk at every write of every
// export: whichever write or flush fails, the error names the file and says why, nothing is left behind and
// the file that stood at the path keeps its old bytes. Runs with the unnamed (O_TMPFILE) temporary and with
// the named fallback.
#include <apsp/core/errors.h>
#include <apsp/core/fault_injection.h>
#include <apsp/graph/generators.h>
#include <apsp/graph/graph.h>
#include <apsp/io/atomic_file.h>
#include <apsp/io/distance_io.h>
#include <apsp/io/graph_io.h>
#include <apsp/profile/profile.h>
#include <apsp/report/timings_csv.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <set>
#include <string>

#include "io/atomic_file_testing.h"
#include "io_test_support.h"

namespace apsp {
namespace {

namespace fs = std::filesystem;
using apsp_test::read_bytes;
using apsp_test::TempDir;
using apsp_test::write_bytes;

class FaultInjection : public ::testing::Test {
 protected:
  void TearDown() override { set_faults(""); }
};

TEST_F(FaultInjection, NamesRoundTrip) {
  for (FaultPoint p : {FaultPoint::DeviceAlloc, FaultPoint::NcclInit, FaultPoint::PeerCopy, FaultPoint::ExportWrite,
                       FaultPoint::ConfigWrite, FaultPoint::HistoryWrite}) {
    set_faults(std::string(to_string(p)) + ":2");
    EXPECT_FALSE(fault_fires(p)) << to_string(p);
    EXPECT_TRUE(fault_fires(p)) << to_string(p);
  }
}

TEST_F(FaultInjection, BadSpecsAreUsageErrorsAndChangeNothing) {
  set_faults("export_write");
  for (const char* bad : {"disk_full", "export_write:0", "export_write:x", "export_write:2x", "export_write:-1",
                          "device_alloc:3,bogus"}) {
    SCOPED_TRACE(bad);
    EXPECT_THROW(set_faults(bad), UsageError);
  }
  EXPECT_TRUE(fault_fires(FaultPoint::ExportWrite)) << "a refused spec disarmed the previous one";
  try {
    set_faults("disk_full");
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("disk_full"), std::string::npos) << e.what();
  }
}

TEST_F(FaultInjection, NthHitFiresOnceAndEveryHitIsCounted) {
  set_faults("export_write:3,device_alloc");
  EXPECT_FALSE(fault_fires(FaultPoint::ExportWrite));
  EXPECT_FALSE(fault_fires(FaultPoint::ExportWrite));
  EXPECT_TRUE(fault_fires(FaultPoint::ExportWrite));
  EXPECT_FALSE(fault_fires(FaultPoint::ExportWrite));
  EXPECT_EQ(fault_hits(FaultPoint::ExportWrite), 4u);
  EXPECT_TRUE(fault_fires(FaultPoint::DeviceAlloc));
  EXPECT_TRUE(fault_fires(FaultPoint::DeviceAlloc));
  EXPECT_FALSE(fault_fires(FaultPoint::NcclInit)) << "a point not named never fires";
  EXPECT_EQ(fault_hits(FaultPoint::NcclInit), 1u);
  set_faults("export_write:1");
  EXPECT_EQ(fault_hits(FaultPoint::ExportWrite), 0u) << "set_faults restarts the counts";
  EXPECT_TRUE(fault_fires(FaultPoint::ExportWrite));
}

TEST_F(FaultInjection, DisarmedNothingFiresOrCounts) {
  set_faults("");
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(fault_fires(FaultPoint::ExportWrite));
  EXPECT_EQ(fault_hits(FaultPoint::ExportWrite), 0u);
}

std::set<std::string> entries(const TempDir& dir) {
  std::set<std::string> names;
  for (const auto& e : fs::directory_iterator(dir.path())) names.insert(e.path().filename().string());
  return names;
}

/// Runs @p write_export with the disk "full" at its 1st, 2nd, ... write or flush until it succeeds: every failed
/// attempt must throw an Error naming the file and ENOSPC, leave the old file byte for byte and nothing else.
void expect_full_disk_safe(const std::string& name, const std::function<void(const std::string&)>& write_export) {
  for (const bool unnamed : {true, false}) {
    SCOPED_TRACE(std::string(name) + (unnamed ? " (O_TMPFILE)" : " (named temporary)"));
    const bool previous = io_detail::set_unnamed_temp_files_enabled(unnamed);
    TempDir dir;
    const std::string path = dir.file(name);
    const std::string old = "what the user had\n";
    write_bytes(path, old);
    const std::set<std::string> before = entries(dir);
    int failures = 0;
    for (int hit = 1; hit <= 64; ++hit) {
      set_faults("export_write:" + std::to_string(hit));
      try {
        write_export(path);
      } catch (const Error& e) {
        ++failures;
        const std::string what = e.what();
        EXPECT_NE(what.find(path), std::string::npos) << what;
        EXPECT_NE(what.find("No space left on device"), std::string::npos) << what;
        EXPECT_EQ(read_bytes(path), old) << "hit " << hit << ": the old file was changed";
        EXPECT_EQ(entries(dir), before) << "hit " << hit << ": something was left behind";
        continue;
      }
      EXPECT_GE(fault_hits(FaultPoint::ExportWrite), static_cast<std::uint64_t>(hit - 1));
      break;  // this hit number is past the export's last write: it succeeded
    }
    set_faults("");
    EXPECT_GE(failures, 2) << "every export has at least one write and a final flush";
    EXPECT_NE(read_bytes(path), old) << "the export never succeeded";
    EXPECT_EQ(entries(dir), before);
    io_detail::set_unnamed_temp_files_enabled(previous);
  }
}

DistanceMatrix small_distances() {
  const Graph g = generate(GeneratorSpec::parse("er:n=40,p=0.1,seed=3,w=1:9"));
  return to_distance_matrix(g, 8, DType::I32);
}

TEST_F(FaultInjection, FullDiskNeverHarmsADistanceExport) {
  const DistanceMatrix d = small_distances();
  for (const char* name : {"d.bin", "d.npy", "d.csv"})
    expect_full_disk_safe(name, [&](const std::string& path) { write_distances(path, d); });
}

TEST_F(FaultInjection, FullDiskNeverHarmsAGraphOrTimingsExport) {
  const Graph g = generate(GeneratorSpec::parse("er:n=40,p=0.1,seed=3,w=1:9"));
  for (const char* name : {"g.bin", "g.gr", "g.mtx", "g.txt"})
    expect_full_disk_safe(name, [&](const std::string& path) { write_graph(path, g); });
  ProfileLog log;
  for (int r = 0; r < 50; ++r) {
    PhaseSample s;
    s.round = r;
    s.ms = 1.5;
    s.updates = 1000;
    s.bytes = 4000;
    log.add(s);
  }
  expect_full_disk_safe("t.csv", [&](const std::string& path) { ExportContext context;
    context.backend = "cpu-naive";
    context.block = 8;
    write_timings_csv(path, context, log);
  });
}

}  // namespace
}  // namespace apsp
