// Fuzz target: the run history (runs.jsonl, JSON lines) as `apsp runs` and the studio's History panel read it:
// read_runs, then what they do with the records (find_run, compare_runs, the ±% column, the durations). A bad
// line must be skipped with a warning naming file:line, never throw, crash or let an unchecked number through;
// whatever is accepted must be written back by to_json_line as the same record.
#include <apsp/core/format.h>
#include <apsp/history/run_compare.h>
#include <apsp/history/runs_file.h>

#include <cmath>
#include <string_view>

#include "fuzz_support.h"

namespace {

using apsp::RunRecord;
using apsp::fuzz::require;

bool blank(std::string_view line) { return line.find_first_not_of(" \t\r") == std::string_view::npos; }

/// The lines read_runs has to account for: every one that is not blank gives a run or a warning (or, a record
/// glued after a broken one, both).
std::size_t non_blank_lines(std::string_view text) {
  std::size_t count = 0;
  while (!text.empty()) {
    const std::size_t end = text.find('\n');
    if (!blank(text.substr(0, end))) ++count;
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
  return count;
}

void require_finite(double value, const char* what) { require(std::isfinite(value), what); }

void check_record(const RunRecord& r) {
  require(!r.id.empty(), "accepted a record without an id");
  for (const apsp::RunPhaseTotal& p : r.phases) require_finite(p.ms, "accepted a phase time that is not finite");
  require_finite(r.wall_ms, "accepted a wall time that is not finite");
  require_finite(r.wall_min_ms, "accepted a wall_min_ms that is not finite");
  require_finite(r.wall_max_ms, "accepted a wall_max_ms that is not finite");
  for (double ms : r.round_ms) require_finite(ms, "accepted a round time that is not finite");
  // The writer's form of an accepted record reads back, and writing that again gives the same line.
  const std::string line = apsp::to_json_line(r);
  require(line.find('\n') == std::string::npos, "to_json_line wrote a newline inside a record");
  try {
    require(apsp::to_json_line(apsp::parse_run_record(line)) == line, "a written record reads back as another one");
  } catch (const apsp::Error&) {
    require(false, "a written record does not read back");
  }
  // What `apsp runs list/show` print for it.
  for (double ms : {r.wall_ms, r.wall_min_ms, r.wall_max_ms, r.compute_ms()})
    require(!apsp::format_duration_ms(ms).empty(), "format_duration_ms printed nothing");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace apsp;
  const std::string& path = fuzz::write_input(data, size, ".jsonl");
  fuzz::expect_only_apsp_errors([&] {
    const RunsFile file = read_runs(path);
    const std::size_t lines = non_blank_lines(std::string_view(reinterpret_cast<const char*>(data), size));
    require(file.runs.size() <= lines, "more runs than lines");
    require(file.runs.size() + file.warnings.size() >= lines, "a line gave neither a run nor a warning");
    for (const std::string& w : file.warnings)
      require(w.rfind(path + ":", 0) == 0 && w.find('\n') == std::string::npos,
              "a warning that is not one line naming file:line");
    if (file.runs.empty()) return;
    const RunRecord& first = file.runs.front();
    for (const RunRecord& r : file.runs) {
      check_record(r);
      // `apsp runs compare` and `list --baseline` against the first run.
      for (const ComparisonRow& row : compare_runs(first, r))
        require(!row.what.empty() && !std::isnan(row.ratio), "compare_runs gave a row without a name or a NaN ratio");
      require(!format_percent_change(first, r).empty(), "format_percent_change printed nothing");
      // The lookup that `apsp runs show ID` does: an id finds a run that starts with it, or is refused as
      // ambiguous. "last" is no id but the newest run.
      if (r.id == "last") continue;
      try {
        require(find_run(file.runs, r.id).id.rfind(r.id, 0) == 0, "find_run found a run its id is no prefix of");
      } catch (const UsageError&) {
      }
    }
    require(&find_run(file.runs, "last") == &file.runs.back(), "'last' is not the newest run");
  });
  return 0;
}
