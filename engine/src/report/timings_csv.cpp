#include <apsp/io/atomic_file.h>
#include <apsp/report/timings_csv.h>

#include <cstdio>
#include <map>
#include <tuple>

namespace apsp {

std::string_view timings_csv_header() {
  return "backend,block,round,phase,device,ms,updates,bytes,k_steps,gb_per_s,updates_per_s";
}

std::string timings_csv_row(std::string_view backend, int block, const PhaseSample& s) {
  char buf[512];
  // A transfer outside the rounds (upload, round -1) has no round: an empty cell, not -1.
  const std::string round = s.round >= 0 ? std::to_string(s.round) : std::string();
  std::snprintf(buf, sizeof buf, "%.*s,%d,%s,%.*s,%d,%.6f,%llu,%llu,%llu,%.3f,%.3f", static_cast<int>(backend.size()),
                backend.data(), block, round.c_str(), static_cast<int>(to_string(s.phase).size()),
                to_string(s.phase).data(),
                s.device, s.ms, static_cast<unsigned long long>(s.updates), static_cast<unsigned long long>(s.bytes),
                static_cast<unsigned long long>(s.k_steps), s.gb_per_s(), s.updates_per_s());
  return buf;
}

std::vector<PhaseSample> merge_k_steps(const std::vector<PhaseSample>& samples) {
  std::vector<PhaseSample> out;
  std::map<std::tuple<int, int, int>, std::size_t> index;  // (round, phase, device) -> row in out
  for (const PhaseSample& s : samples) {
    const auto key = std::make_tuple(s.round, static_cast<int>(s.phase), s.device);
    const auto [it, fresh] = index.emplace(key, out.size());
    if (fresh) {
      out.push_back(s);
      continue;
    }
    PhaseSample& row = out[it->second];
    row.ms += s.ms;
    row.updates += s.updates;
    row.bytes += s.bytes;
    row.k_steps += s.k_steps;
  }
  return out;
}

std::string timings_csv_text(const ExportContext& context, const ProfileLog& log) {
  std::string text = csv_context_comments(context);
  text += timings_csv_header();
  text += '\n';
  for (const PhaseSample& s : merge_k_steps(log.samples())) {
    text += timings_csv_row(context.backend, context.block, s);
    text += '\n';
  }
  return text;
}

void write_timings_csv(const std::string& path, const ExportContext& context, const ProfileLog& log) {
  AtomicFile file(path);
  file.write(timings_csv_text(context, log));
  file.commit();
}

}  // namespace apsp
