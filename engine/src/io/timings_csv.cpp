#include <apsp/io/atomic_file.h>
#include <apsp/io/timings_csv.h>

#include <cstdio>

namespace apsp {

std::string_view timings_csv_header() {
  return "backend,block,round,phase,device,ms,updates,bytes,k_steps,gb_per_s,updates_per_s";
}

std::string timings_csv_row(std::string_view backend, int block, const PhaseSample& s) {
  char buf[512];
  std::snprintf(buf, sizeof buf, "%.*s,%d,%d,%.*s,%d,%.6f,%llu,%llu,%llu,%.3f,%.6g", static_cast<int>(backend.size()),
                backend.data(), block, s.round, static_cast<int>(to_string(s.phase).size()), to_string(s.phase).data(),
                s.device, s.ms, static_cast<unsigned long long>(s.updates), static_cast<unsigned long long>(s.bytes),
                static_cast<unsigned long long>(s.k_steps), s.gb_per_s(), s.updates_per_s());
  return buf;
}

void write_timings_csv(const std::string& path, std::string_view backend, int block, const ProfileLog& log) {
  AtomicFile file(path);
  std::string text(timings_csv_header());
  text += '\n';
  for (const PhaseSample& s : log.samples()) {
    text += timings_csv_row(backend, block, s);
    text += '\n';
  }
  file.write(text);
  file.commit();
}

}  // namespace apsp
