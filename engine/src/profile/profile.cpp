#include <apsp/io/atomic_file.h>
#include <apsp/profile/profile.h>

#include <cstdio>

namespace apsp {

std::string_view to_string(Phase p) {
  switch (p) {
    case Phase::Pivot: return "pivot";
    case Phase::PivotRowCol: return "rowcol";
    case Phase::Independent: return "independent";
    case Phase::Full: return "full";
    case Phase::Upload: return "upload";
    case Phase::Download: return "download";
    case Phase::Comm: return "comm";
  }
  return "?";
}

std::string_view label(Phase p) {
  switch (p) {
    case Phase::Pivot: return "phase 1 (pivot)";
    case Phase::PivotRowCol: return "phase 2 (row/col)";
    case Phase::Independent: return "phase 3 (independent)";
    case Phase::Full: return "full pass";
    case Phase::Upload: return "host to device";
    case Phase::Download: return "device to host";
    case Phase::Comm: return "communication";
  }
  return "?";
}

bool is_compute(Phase p) {
  return p == Phase::Pivot || p == Phase::PivotRowCol || p == Phase::Independent || p == Phase::Full;
}

double ProfileLog::compute_ms() const {
  double ms = 0;
  for (const PhaseSample& s : m_samples)
    if (is_compute(s.phase)) ms += s.ms;
  return ms;
}

std::vector<PhaseTotals> ProfileLog::totals() const {
  std::vector<PhaseTotals> out;
  for (Phase p : {Phase::Pivot, Phase::PivotRowCol, Phase::Independent, Phase::Full, Phase::Upload, Phase::Download,
                  Phase::Comm}) {
    PhaseTotals t{p};
    for (const PhaseSample& s : m_samples) {
      if (s.phase != p) continue;
      t.ms += s.ms;
      t.updates += s.updates;
      t.bytes += s.bytes;
      ++t.samples;
    }
    if (t.samples > 0) out.push_back(t);
  }
  return out;
}

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
