#include <apsp/profile/compute_busy.h>
#include <apsp/profile/profile.h>

#include <algorithm>
#include <utility>

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

std::string_view to_string(Track t) {
  switch (t) {
    case Track::Main: return "main";
    case Track::Aux: return "look-ahead";
    case Track::Comm: return "communication";
  }
  return "?";
}

bool is_compute(Phase p) {
  return p == Phase::Pivot || p == Phase::PivotRowCol || p == Phase::Independent || p == Phase::Full;
}

void ProfileLog::drop_rounds_from(int round) {
  std::erase_if(m_samples, [round](const PhaseSample& s) { return is_compute(s.phase) && s.round >= round; });
}

double compute_busy_ms(const std::vector<PhaseSample>& samples) {
  std::vector<std::pair<double, double>> spans;  // [start, end) in microseconds
  for (const PhaseSample& s : samples)
    if (s.round >= 0 && is_compute(s.phase) && s.start_us >= 0) spans.emplace_back(s.start_us, s.start_us + 1000.0 * s.ms);
  std::sort(spans.begin(), spans.end());
  double busy_us = 0, open_start = 0, open_end = -1;
  for (const auto& [start, end] : spans) {
    if (start > open_end) {  // a gap: close the merged interval so far
      if (open_end > open_start) busy_us += open_end - open_start;
      open_start = start;
      open_end = end;
    } else {
      open_end = std::max(open_end, end);
    }
  }
  if (open_end > open_start) busy_us += open_end - open_start;
  return busy_us / 1000.0;
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

}  // namespace apsp
