#include "bench_history.h"

#include <apsp/bench/sweep_records.h>
#include <apsp/bench/sweep_text.h>
#include <apsp/core/errors.h>
#include <apsp/io/atomic_file.h>
#include <apsp/io/output_paths.h>
#include <apsp/report/bench_json_writer.h>

#include "cli_common.h"

namespace apsp::cli {

std::vector<std::string> record_bench_runs(const std::vector<RunRecord>& records, bool no_history) {
  std::vector<std::string> ids;
  for (const RunRecord& r : records) {
    const std::string id = record_run(r, no_history, "bench");
    ids.push_back(id.empty() ? "-" : id);
  }
  return ids;
}

std::vector<RunRecord> bench_records(const bench::SweepReport& report) {
  return bench::sweep_run_records(report, "bench");
}

void write_bench_json(const std::string& path, const std::vector<RunRecord>& records, const bench::SweepReport& report) {
  AtomicFile f(output_path(path));
  f.write(bench_json(records, bench::sweep_export_context(report)));
  f.commit();
}

void refuse_bench_outputs(const std::vector<NamedPath>& outputs) {
  const NamedPath* on_stdout = nullptr;
  for (const NamedPath& out : outputs) {
    if (!is_stdout(out.path)) continue;
    if (on_stdout)
      throw UsageError(on_stdout->flag + " - and " + out.flag + " -: only one of them can go to standard output");
    on_stdout = &out;
  }
  refuse_clashing_paths({}, outputs);
}

}  // namespace apsp::cli
