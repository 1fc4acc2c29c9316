#pragma once
/// @file export_context.h
/// @brief What every CSV and JSON export of both programs says about the run behind it (README "Export
/// context"): version, commit and build, run id, backend, block, n, dtype, threads, GPUs, graph and device,
/// and where collected the run context (run_context.h: ISA, environment, CPU clock, load, driver, GPU clocks,
/// sources, phase 2). CSV files carry it as
/// leading "# key: value" comment lines (csv_context_comments), JSON files as a "context" object
/// (context_json). This is the one struct and the one pair of writers; build it with ExportContextBuilder or,
/// for a recorded run, export_context(RunRecord).
#include <apsp/history/run_context.h>
#include <apsp/history/run_record.h>

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace apsp {

struct SolverOptions;

struct ExportContext {
  std::string version;  ///< apsp::version()
  std::string commit;   ///< build_commit() of the binary that ran ("unknown" outside git)
  std::string build;    ///< build_description() of the binary that ran
  std::string run_id;   ///< the run-history id ("-" when the export is no recorded run)
  std::string backend;
  int block = 0;
  int n = 0;
  std::string dtype;
  int threads = 0;  ///< as asked where no run context was collected, else as resolved (run.threads)
  int gpus = 1;
  std::string graph;   ///< generator spec or file path
  std::string device;  ///< "NVIDIA H200 x 2" for CUDA backends, "cpu: <model>" otherwise
  /// False for an export over many runs (a sweep): run id, backend, block, n and GPUs differ by row, so both
  /// writers leave them out and the rows say them.
  bool one_run = true;
  /// The run's context; written after device when run.collected (threads then say "0 (auto: 2)"). Its
  /// commit and build are the fields above, written even for an export of no particular run.
  RunContext run;
  /// What only some exports say, after the fields above and in this order (a sweep's cpu, warmup and repeat;
  /// a trace's time axis). Written as strings.
  std::vector<std::pair<std::string, std::string>> extra;
};

/// @brief "# version: 0.1.0\n# commit: ...\n# run_id: ...\n..." in the order of ExportContext's fields, the
/// run context, then extra; newlines in values become spaces so every comment stays one line, and a value holding
/// a comma or a quote is quoted as a CSV field (`# graph: "er:p=0.05,seed=1,w=1:100"`).
std::string csv_context_comments(const ExportContext& context);
/// @brief The same keys as a JSON object: block, n, threads and gpus as numbers, everything else as strings,
/// except the run context's: threads (resolved) beside threads_asked, env an object, gpu_clocks an array of
/// objects, cpu_mhz and load_avg numbers.
nlohmann::json context_json(const ExportContext& context);

/// @brief Builds an ExportContext from what a caller has at hand, so no caller fills it field by field. Starts
/// with this build's version, commit and build, and run id "-".
class ExportContextBuilder {
 public:
  ExportContextBuilder();
  /// @brief Backend, block, n, dtype, threads and GPUs of a solve of @p backend with @p options.
  ExportContextBuilder& solve(std::string_view backend, const SolverOptions& options, std::int64_t n);
  ExportContextBuilder& run_id(std::string id);
  ExportContextBuilder& graph(std::string text);
  ExportContextBuilder& device(std::string name);
  /// @brief "NAME" or "NAME x COUNT" of the devices a GPU backend ran on; "cpu: MODEL" when @p devices is empty.
  ExportContextBuilder& device_of(const std::vector<RunDevice>& devices, const std::string& cpu_model);
  ExportContextBuilder& dtype(std::string name);
  ExportContextBuilder& threads(int threads);
  /// @brief The run's context (collect_run_context(), or a record's): its build, and threads as resolved.
  ExportContextBuilder& run_context(RunContext context);
  /// @brief An export over many runs (ExportContext::one_run).
  ExportContextBuilder& many_runs();
  ExportContextBuilder& extra(std::string key, std::string value);
  ExportContext build() const { return m_context; }

 private:
  ExportContext m_context;
};

/// @brief What exports say about a recorded run: its id, shape, graph, and device from its GPUs or CPU model.
ExportContext export_context(const RunRecord& record);

}  // namespace apsp
