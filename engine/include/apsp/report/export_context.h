#pragma once
/// @file export_context.h
/// @brief What every CSV and JSON export says about the run behind it (README "Export context"): version,
/// run id, backend, block, n, dtype, threads, GPUs, graph and device. CSV files carry it as leading
/// "# key: value" comment lines, JSON files as a "context" object. A run record gives one: export_context().
#include <apsp/history/run_record.h>

#include <string>

namespace apsp {

struct ExportContext {
  std::string version;  ///< apsp::version()
  std::string run_id;   ///< the run-history id ("" when history is off)
  std::string backend;
  int block = 0;
  int n = 0;
  std::string dtype;
  int threads = 0;
  int gpus = 1;
  std::string graph;   ///< generator spec or file path
  std::string device;  ///< "NVIDIA H200 x 2" for CUDA backends, "cpu: <model>" otherwise
};

/// @brief "# version: 0.1.0\n# run_id: ...\n..." in the order of ExportContext's fields; newlines in values
/// become spaces so every comment stays one line.
std::string csv_context_comments(const ExportContext& context);

/// @brief What exports say about @p record: device from its GPUs, or its CPU model.
ExportContext export_context(const RunRecord& record);

}  // namespace apsp
