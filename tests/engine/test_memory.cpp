// host_memory(): the smallest of MemAvailable, the address-space limit's headroom and the cgroup limits' headroom,
// read from made-up /proc and /sys files under a temporary root so that the answer does not depend on the machine.
#include <apsp/core/errors.h>
#include <apsp/core/memory.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "io_test_support.h"

namespace {

using apsp::HostMemory;
using apsp::MemoryLimit;
using apsp::MemorySources;

constexpr std::uint64_t kGiB = 1ull << 30;
constexpr std::uint64_t kUnlimited = UINT64_MAX;

/// A fake root: proc/meminfo, proc/self/status, proc/self/cgroup and cgroup directories, each file as given.
class FakeRoot : public apsp_test::TempDir {
 public:
  void put(const std::string& relative, const std::string& text) const {
    const std::filesystem::path p = path() / relative;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << text;
  }
  void meminfo_gib(std::uint64_t available_gib) const {
    put("proc/meminfo",
        "MemTotal:       " + std::to_string(64 * available_gib * 1024 * 1024) +
            " kB\nMemFree:          1000 kB\nMemAvailable:   " + std::to_string(available_gib * 1024 * 1024) + " kB\n");
  }
  void vm_size_kib(std::uint64_t kib) const {
    put("proc/self/status", "Name:\tapsp\nVmPeak:\t 99999999 kB\nVmSize:\t" + std::to_string(kib) + " kB\n");
  }
  MemorySources sources(std::uint64_t address_space_limit = kUnlimited) const {
    MemorySources s;
    s.root = path().string();
    s.address_space_limit = address_space_limit;
    return s;
  }
};

TEST(HostMemory, MemAvailableAloneBinds) {
  FakeRoot root;
  root.meminfo_gib(21);
  const HostMemory m = apsp::host_memory(root.sources());
  EXPECT_EQ(m.available, 21 * kGiB);
  EXPECT_EQ(m.limit, MemoryLimit::MemAvailable);
  EXPECT_EQ(m.describe(), "available (MemAvailable)");
}

TEST(HostMemory, NothingReadableRefusesNothing) {
  FakeRoot root;
  const HostMemory m = apsp::host_memory(root.sources());
  EXPECT_EQ(m.limit, MemoryLimit::Unknown);
  EXPECT_GE(m.available, UINT64_MAX / 4);
}

TEST(HostMemory, AddressSpaceLimitLessWhatIsMappedBinds) {
  FakeRoot root;
  root.meminfo_gib(21);
  root.vm_size_kib(512 * 1024);  // 0.5 GiB mapped already
  const HostMemory m = apsp::host_memory(root.sources(2 * kGiB));
  EXPECT_EQ(m.limit, MemoryLimit::AddressSpace);
  EXPECT_EQ(m.available, 2 * kGiB - kGiB / 2);
  EXPECT_EQ(m.describe(), "left under the address-space limit (ulimit -v)");
  // More mapped than the limit allows (a limit lowered later): nothing left, not a wrapped-around figure.
  root.vm_size_kib(3 * 1024 * 1024);
  EXPECT_EQ(apsp::host_memory(root.sources(2 * kGiB)).available, 0u);
  // A limit above MemAvailable leaves MemAvailable in charge.
  EXPECT_EQ(apsp::host_memory(root.sources(100 * kGiB)).limit, MemoryLimit::MemAvailable);
}

TEST(HostMemory, CgroupV2MaxLessCurrentBinds) {
  FakeRoot root;
  root.meminfo_gib(21);
  root.put("proc/self/cgroup", "0::/box.slice/job\n");
  root.put("sys/fs/cgroup/cgroup.procs", "1\n");
  root.put("sys/fs/cgroup/box.slice/job/memory.max", std::to_string(4 * kGiB) + "\n");
  root.put("sys/fs/cgroup/box.slice/job/memory.current", std::to_string(3 * kGiB) + "\n");
  root.put("sys/fs/cgroup/box.slice/job/memory.stat", "anon 1\nfile 9\ninactive_file 0\n");
  HostMemory m = apsp::host_memory(root.sources());
  EXPECT_EQ(m.limit, MemoryLimit::Cgroup);
  EXPECT_EQ(m.available, kGiB);
  EXPECT_EQ(m.describe(), "left under the cgroup memory limit (" +
                              (root.path() / "sys/fs/cgroup/box.slice/job/memory.max").string() + ")");

  // Inactive page cache is reclaimed before an OOM kill: it is not counted as used.
  root.put("sys/fs/cgroup/box.slice/job/memory.stat", "anon 1\ninactive_file " + std::to_string(kGiB) + "\n");
  EXPECT_EQ(apsp::host_memory(root.sources()).available, 2 * kGiB);

  // A parent's tighter limit binds; "max" at the leaf limits nothing.
  root.put("sys/fs/cgroup/box.slice/job/memory.max", "max\n");
  root.put("sys/fs/cgroup/box.slice/memory.max", std::to_string(3 * kGiB) + "\n");
  root.put("sys/fs/cgroup/box.slice/memory.current", std::to_string(kGiB / 2) + "\n");
  m = apsp::host_memory(root.sources());
  EXPECT_EQ(m.limit, MemoryLimit::Cgroup);
  EXPECT_EQ(m.available, 3 * kGiB - kGiB / 2);
  EXPECT_NE(m.cgroup_file.find("box.slice/memory.max"), std::string::npos) << m.cgroup_file;

  // The smallest wins: an address-space limit tighter still.
  EXPECT_EQ(apsp::host_memory(root.sources(kGiB)).limit, MemoryLimit::AddressSpace);
}

TEST(HostMemory, CgroupV1LimitInBytesBinds) {
  FakeRoot root;
  root.meminfo_gib(21);
  root.put("proc/self/cgroup", "9:name=systemd:/\n4:memory,other:/process_api/abc\n1:cpu:/\n0::/\n");
  root.put("sys/fs/cgroup/memory/cgroup.procs", "1\n");
  root.put("sys/fs/cgroup/memory/memory.limit_in_bytes", "9223372036854771712\n");  // v1's "no limit"
  root.put("sys/fs/cgroup/memory/process_api/abc/memory.limit_in_bytes", std::to_string(2 * kGiB) + "\n");
  root.put("sys/fs/cgroup/memory/process_api/abc/memory.usage_in_bytes", std::to_string(kGiB) + "\n");
  root.put("sys/fs/cgroup/memory/process_api/abc/memory.stat",
           "cache 5\ninactive_file 7\ntotal_inactive_file " + std::to_string(kGiB / 4) + "\n");
  const HostMemory m = apsp::host_memory(root.sources());
  EXPECT_EQ(m.limit, MemoryLimit::Cgroup);
  EXPECT_EQ(m.available, kGiB + kGiB / 4);
  EXPECT_NE(m.cgroup_file.find("process_api/abc/memory.limit_in_bytes"), std::string::npos) << m.cgroup_file;
}

TEST(HostMemory, ContainerWithoutCgroupNamespaceReadsTheMountRoot) {
  // /proc/self/cgroup names the host's path, which does not exist in the container: the mount's root is the
  // container's own group.
  FakeRoot root;
  root.meminfo_gib(21);
  root.put("proc/self/cgroup", "0::/system.slice/docker-1234.scope\n");
  root.put("sys/fs/cgroup/cgroup.procs", "1\n");
  root.put("sys/fs/cgroup/memory.max", std::to_string(kGiB) + "\n");
  root.put("sys/fs/cgroup/memory.current", "0\n");
  const HostMemory m = apsp::host_memory(root.sources());
  EXPECT_EQ(m.limit, MemoryLimit::Cgroup);
  EXPECT_EQ(m.available, kGiB);
}

TEST(HostMemory, UnlimitedOrUnreadableCgroupsLimitNothing) {
  FakeRoot root;
  root.meminfo_gib(8);
  root.put("proc/self/cgroup", "0::/a\n");
  root.put("sys/fs/cgroup/cgroup.procs", "1\n");
  root.put("sys/fs/cgroup/a/memory.max", "max\n");
  root.put("sys/fs/cgroup/a/memory.current", "123\n");
  EXPECT_EQ(apsp::host_memory(root.sources()).limit, MemoryLimit::MemAvailable);
  root.put("sys/fs/cgroup/a/memory.max", "garbage\n");
  EXPECT_EQ(apsp::host_memory(root.sources()).limit, MemoryLimit::MemAvailable);
  root.put("proc/self/cgroup", "not a cgroup line\n::\n0::\n");
  EXPECT_EQ(apsp::host_memory(root.sources()).available, 8 * kGiB);
}

TEST(HostMemory, RefusalNamesTheLimitThatBinds) {
  const apsp::OutOfMemoryError plain("x", 3 * kGiB / 2, kGiB);
  EXPECT_STREQ(plain.what(), "not enough memory for x: needs 1.50 GiB, 1.00 GiB available");
  const apsp::OutOfMemoryError capped("x", 3 * kGiB / 2, kGiB, "left under the address-space limit (ulimit -v)");
  EXPECT_STREQ(capped.what(),
               "not enough memory for x: needs 1.50 GiB, 1.00 GiB left under the address-space limit (ulimit -v)");
  EXPECT_EQ(apsp::exit_code(capped), apsp::exit_status::kMemory);
  EXPECT_THROW(apsp::require_host_memory("everything", UINT64_MAX), apsp::OutOfMemoryError);
  EXPECT_NO_THROW(apsp::require_host_memory("nothing", 0));
}

}  // namespace
