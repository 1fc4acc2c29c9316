#include <apsp/core/errors.h>
#include <apsp/core/memory.h>

#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <string_view>
#include <vector>

namespace apsp {

namespace {

// With nothing readable the check must not refuse: a quarter of the range still leaves sums of figures exact.
constexpr std::uint64_t kUnknownBytes = UINT64_MAX / 4;
// cgroup v1 writes "no limit" as 2^63 less a page; v2 writes "max". Anything this large limits nothing.
constexpr std::uint64_t kNoLimitFrom = 1ull << 62;

/// The whole of a small file (/proc and /sys files are a few KiB), or nullopt when it cannot be read.
std::optional<std::string> read_small_file(const std::string& path) {
  std::FILE* f = std::fopen(path.c_str(), "re");
  if (!f) return std::nullopt;
  std::string text;
  char buf[4096];
  std::size_t got = 0;
  while ((got = std::fread(buf, 1, sizeof buf, f)) > 0 && text.size() < (1u << 20)) text.append(buf, got);
  const bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed) return std::nullopt;
  return text;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

std::optional<std::uint64_t> parse_count(std::string_view s) {
  s = trim(s);
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc() || s.empty()) return std::nullopt;
  return v;
}

/// The value after "@p key" at the start of a line: "MemAvailable:   123 kB" (then @p unit multiplies),
/// "inactive_file 4096".
std::optional<std::uint64_t> keyed_value(std::string_view text, std::string_view key, std::uint64_t unit) {
  while (!text.empty()) {
    const std::size_t eol = text.find('\n');
    std::string_view line = text.substr(0, eol);
    text = eol == std::string_view::npos ? std::string_view{} : text.substr(eol + 1);
    if (line.substr(0, key.size()) != key) continue;
    line.remove_prefix(key.size());
    line = trim(line);
    if (unit != 1 && line.size() > 3 && line.substr(line.size() - 3) == " kB") line.remove_suffix(3);
    const std::optional<std::uint64_t> v = parse_count(line);
    if (!v || *v > UINT64_MAX / unit) return std::nullopt;
    return *v * unit;
  }
  return std::nullopt;
}

std::string under_root(const MemorySources& sources, std::string_view absolute) {
  std::string root = sources.root;
  while (!root.empty() && root.back() == '/') root.pop_back();
  return root + std::string(absolute);
}

std::optional<std::uint64_t> address_space_limit(const MemorySources& sources) {
  if (sources.address_space_limit) return sources.address_space_limit;
  struct rlimit rl {};
  if (::getrlimit(RLIMIT_AS, &rl) != 0 || rl.rlim_cur == RLIM_INFINITY) return std::nullopt;
  return static_cast<std::uint64_t>(rl.rlim_cur);
}

/// A cgroup hierarchy with the memory controller, and this process's place in it (from /proc/self/cgroup).
struct MemoryCgroup {
  std::vector<std::string> mounts;  ///< where the hierarchy may be mounted, tried in order
  std::string path;                 ///< "/user.slice/..." inside it
  bool v2 = false;
};

std::vector<MemoryCgroup> memory_cgroups(const MemorySources& sources) {
  std::vector<MemoryCgroup> found;
  const std::optional<std::string> text = read_small_file(under_root(sources, "/proc/self/cgroup"));
  if (!text) return found;
  std::string_view rest = *text;
  while (!rest.empty()) {
    const std::size_t eol = rest.find('\n');
    const std::string_view line = rest.substr(0, eol);
    rest = eol == std::string_view::npos ? std::string_view{} : rest.substr(eol + 1);
    // "ID:CONTROLLERS:PATH"; v2 is "0::PATH", v1's memory line lists "memory" among its controllers.
    const std::size_t c1 = line.find(':');
    const std::size_t c2 = c1 == std::string_view::npos ? c1 : line.find(':', c1 + 1);
    if (c2 == std::string_view::npos) continue;
    const std::string_view controllers = line.substr(c1 + 1, c2 - c1 - 1);
    MemoryCgroup group;
    group.path = std::string(trim(line.substr(c2 + 1)));
    if (group.path.empty() || group.path.front() != '/') continue;
    if (line.substr(0, c1) == "0" && controllers.empty()) {
      group.v2 = true;
      group.mounts = {"/sys/fs/cgroup", "/sys/fs/cgroup/unified"};  // unified alone, or beside v1 (hybrid)
    } else {
      bool memory = false;
      for (std::size_t at = 0; at <= controllers.size();) {
        const std::size_t comma = std::min(controllers.find(',', at), controllers.size());
        memory = memory || controllers.substr(at, comma - at) == "memory";
        at = comma + 1;
      }
      if (!memory) continue;
      group.mounts = {"/sys/fs/cgroup/memory"};
    }
    found.push_back(std::move(group));
  }
  return found;
}

/// What one cgroup directory's limit leaves: limit - (usage - inactive page cache), or nullopt without a limit.
std::optional<std::uint64_t> cgroup_headroom(const std::string& dir, bool v2, std::string& limit_file) {
  limit_file = dir + (v2 ? "/memory.max" : "/memory.limit_in_bytes");
  const std::optional<std::string> limit_text = read_small_file(limit_file);
  if (!limit_text || trim(*limit_text) == "max") return std::nullopt;
  const std::optional<std::uint64_t> limit = parse_count(*limit_text);
  if (!limit || *limit >= kNoLimitFrom) return std::nullopt;
  const std::optional<std::string> usage_text =
      read_small_file(dir + (v2 ? "/memory.current" : "/memory.usage_in_bytes"));
  std::uint64_t usage = usage_text ? parse_count(*usage_text).value_or(0) : 0;
  // Inactive page cache is what the kernel reclaims first, before it would kill: not counted as used.
  if (const std::optional<std::string> stat = read_small_file(dir + "/memory.stat")) {
    std::optional<std::uint64_t> inactive = v2 ? std::nullopt : keyed_value(*stat, "total_inactive_file ", 1);
    if (!inactive) inactive = keyed_value(*stat, "inactive_file ", 1);
    usage -= std::min(usage, inactive.value_or(0));
  }
  return *limit - std::min(*limit, usage);
}

/// The smallest headroom over this process's memory cgroups and their ancestors (a parent's limit binds too).
void apply_cgroup_limits(const MemorySources& sources, HostMemory& best) {
  for (const MemoryCgroup& group : memory_cgroups(sources)) {
    for (const std::string& mount : group.mounts) {
      const std::string base = under_root(sources, mount);
      if (::access((base + "/cgroup.procs").c_str(), F_OK) != 0) continue;  // not mounted there
      // Leaf first, up to the mount's root. In a container without a cgroup namespace the path names the
      // host's hierarchy: its levels are missing here and the mount's root (the container's group) remains.
      std::string level = group.path;
      while (true) {
        std::string file;
        const std::string dir = base + (level == "/" ? "" : level);
        if (const std::optional<std::uint64_t> left = cgroup_headroom(dir, group.v2, file);
            left && *left < best.available) {
          best.available = *left;
          best.limit = MemoryLimit::Cgroup;
          best.cgroup_file = file;
        }
        if (level == "/" || level.empty()) break;
        const std::size_t slash = level.find_last_of('/');
        level = slash == 0 ? "/" : level.substr(0, slash);
      }
      break;
    }
  }
}

}  // namespace

std::string HostMemory::describe() const {
  switch (limit) {
    case MemoryLimit::MemAvailable:
      return "available (MemAvailable)";
    case MemoryLimit::AddressSpace:
      return "left under the address-space limit (ulimit -v)";
    case MemoryLimit::Cgroup:
      return "left under the cgroup memory limit (" + cgroup_file + ")";
    case MemoryLimit::Unknown:
      break;
  }
  return "available";
}

HostMemory host_memory(const MemorySources& sources) {
  HostMemory best;
  best.available = kUnknownBytes;
  // MemAvailable is what the kernel can hand out without swapping; absent on very old kernels.
  if (const std::optional<std::string> meminfo = read_small_file(under_root(sources, "/proc/meminfo"))) {
    if (const std::optional<std::uint64_t> bytes = keyed_value(*meminfo, "MemAvailable:", 1024);
        bytes && *bytes < best.available) {
      best.available = *bytes;
      best.limit = MemoryLimit::MemAvailable;
    }
  }
  // RLIMIT_AS counts every mapping of the process (code, stacks, heap arenas): what is left is the limit less
  // VmSize, the address space mapped now.
  if (const std::optional<std::uint64_t> limit = address_space_limit(sources); limit && *limit < kNoLimitFrom) {
    const std::optional<std::string> status = read_small_file(under_root(sources, "/proc/self/status"));
    const std::uint64_t mapped = status ? keyed_value(*status, "VmSize:", 1024).value_or(0) : 0;
    const std::uint64_t left = *limit - std::min(*limit, mapped);
    if (left < best.available) {
      best.available = left;
      best.limit = MemoryLimit::AddressSpace;
    }
  }
  apply_cgroup_limits(sources, best);
  return best;
}

std::uint64_t host_available_bytes() { return host_memory().available; }

void require_memory(const std::string& what_for, std::uint64_t required, std::uint64_t available) {
  if (required > available) throw OutOfMemoryError(what_for, required, available);
}

void require_host_memory(const std::string& what_for, std::uint64_t required) {
  const HostMemory host = host_memory();
  if (required > host.available) throw OutOfMemoryError(what_for, required, host.available, host.describe());
}

}  // namespace apsp
