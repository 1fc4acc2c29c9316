#include <apsp/core/version.h>
#include <apsp/device/device_info.h>
#include <apsp/history/run_context.h>
#include <apsp/history/run_facts.h>
#include <apsp/profile/profile.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <fstream>
#include <thread>
#ifdef _OPENMP
#include <omp.h>
#endif

namespace apsp {

std::string host_name() {
  char buf[256] = {};
  if (::gethostname(buf, sizeof buf - 1) != 0) return "";
  return buf;
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("model name", 0) != 0) continue;
    const std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::size_t start = line.find_first_not_of(" \t", colon + 1);
    return start == std::string::npos ? "" : line.substr(start);
  }
  return "";
}

std::vector<RunDevice> run_devices(int gpus) {
  std::vector<RunDevice> out;
  for (const DeviceInfo& d : cuda_devices(false)) {
    if (static_cast<int>(out.size()) >= gpus) break;
    out.push_back({d.name, d.sm_count, d.sm_clock_khz, d.driver_version});
  }
  return out;
}

std::string file_fingerprint(const std::string& path) {
  // Only a regular file can be read again: a FIFO the solve already drained would block this open (and the
  // whole program, after its work) until another writer came, and a pipe would hash as empty.
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd < 0) return "";
  struct stat st {};
  std::uint64_t h = 14695981039346656037ull;  // FNV-1a 64
  bool complete = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode);
  std::vector<unsigned char> buf(complete ? 1 << 20 : 0);
  while (complete) {
    const ssize_t got = ::read(fd, buf.data(), buf.size());
    if (got < 0 && errno == EINTR) continue;
    if (got <= 0) {
      complete = got == 0;
      break;
    }
    for (ssize_t i = 0; i < got; ++i) h = (h ^ buf[static_cast<std::size_t>(i)]) * 1099511628211ull;
  }
  ::close(fd);
  if (!complete) return "";
  char text[40];
  std::snprintf(text, sizeof text, "fnv1a64:%016llx", static_cast<unsigned long long>(h));
  return text;
}

int resolved_threads(int asked) {
  if (asked > 0) return asked;
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
#endif
}

RunRecord make_run_record(const RunDescription& what, const ProfileLog& log, double wall_ms) {
  RunRecord r;
  r.id = new_run_id();
  r.version = std::string(version());
  r.date = utc_now_iso8601();
  r.host = host_name();
  r.source = what.source;
  apply_run_context(r, what.context.collected ? what.context : collect_run_context(what.threads, what.gpu_backend));
  if (what.gpu_backend) r.devices = run_devices(what.gpus);
  r.backend = what.backend;
  r.block = what.block;
  r.gpus = what.gpus;
  r.dtype = what.dtype;
  r.n = what.n;
  r.graph = what.graph;
  if (!what.graph_file.empty()) r.graph_hash = file_fingerprint(what.graph_file);
  set_profile(r, log);
  set_wall_times(r, {wall_ms});
  return r;
}

void set_wall_times(RunRecord& record, std::vector<double> times_ms) {
  if (times_ms.empty()) return;
  record.wall_samples_ms = times_ms;
  std::sort(times_ms.begin(), times_ms.end());
  const std::size_t m = times_ms.size() / 2;
  record.wall_ms = times_ms.size() % 2 ? times_ms[m] : 0.5 * (times_ms[m - 1] + times_ms[m]);
  record.repeats = static_cast<int>(times_ms.size());
  record.wall_min_ms = times_ms.front();
  record.wall_max_ms = times_ms.back();
}

}  // namespace apsp
