#include <apsp/core/errors.h>
#include <apsp/core/memory.h>

#include <cstdio>
#include <cstring>

namespace apsp {

std::uint64_t host_available_bytes() {
  // MemAvailable is what the kernel can hand out without swapping; absent on very old kernels.
  std::FILE* f = std::fopen("/proc/meminfo", "r");
  if (!f) return UINT64_MAX / 4;
  char line[256];
  std::uint64_t kib = 0;
  bool found = false;
  while (std::fgets(line, sizeof line, f)) {
    unsigned long long v = 0;
    if (std::sscanf(line, "MemAvailable: %llu kB", &v) == 1) {
      kib = v;
      found = true;
      break;
    }
  }
  std::fclose(f);
  return found ? kib * 1024ull : UINT64_MAX / 4;
}

void require_memory(const std::string& what_for, std::uint64_t required, std::uint64_t available) {
  if (required > available) throw OutOfMemoryError(what_for, required, available);
}

}  // namespace apsp
