// The export context every CSV and JSON export carries: one struct, the CSV comments and the JSON object with
// the same keys, the builder, and a sweep's context (over many runs) with its own notes after the shared keys.
#include <apsp/core/version.h>
#include <apsp/report/export_context.h>
#include <apsp/solve/solver.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <set>
#include <string>

namespace apsp {
namespace {

ExportContext one_run_context() {
  SolverOptions options;
  options.block = 64;
  options.dtype = DType::I16;
  options.threads = 3;
  options.gpus = 2;
  return ExportContextBuilder()
      .solve("cuda-tuned", options, 4096)
      .run_id("20261122-230512-3fa9")
      .graph("er:n=4096,p=0.1")
      .device("NVIDIA H200 x 2")
      .build();
}

TEST(ExportContext, BuilderStartsWithThisVersionAndNoRunId) {
  const ExportContext c = ExportContextBuilder().build();
  EXPECT_EQ(c.version, std::string(version()));
  EXPECT_EQ(c.run_id, "-");
  EXPECT_TRUE(c.one_run);
}

TEST(ExportContext, CsvCommentsInFieldOrder) {
  const std::string expected = "# version: " + std::string(version()) +
                               "\n# run_id: 20261122-230512-3fa9\n# backend: cuda-tuned\n# block: 64\n# n: 4096\n"
                               "# dtype: i16\n# threads: 3\n# gpus: 2\n# graph: \"er:n=4096,p=0.1\"\n"
                               "# device: NVIDIA H200 x 2\n";
  EXPECT_EQ(csv_context_comments(one_run_context()), expected);
}

TEST(ExportContext, JsonHasTheCsvKeysWithNumbersAsNumbers) {
  const ExportContext c = one_run_context();
  const nlohmann::json j = context_json(c);
  std::set<std::string> json_keys;
  for (const auto& [key, value] : j.items()) json_keys.insert(key);
  std::set<std::string> csv_keys;
  const std::string csv = csv_context_comments(c);
  for (std::size_t at = 0; at < csv.size(); at = csv.find('\n', at) + 1)
    csv_keys.insert(csv.substr(at + 2, csv.find(':', at) - at - 2));
  EXPECT_EQ(json_keys, csv_keys);
  EXPECT_EQ(j.at("block"), 64);
  EXPECT_EQ(j.at("n"), 4096);
  EXPECT_EQ(j.at("threads"), 3);
  EXPECT_EQ(j.at("gpus"), 2);
  EXPECT_EQ(j.at("dtype"), "i16");
  EXPECT_EQ(j.at("device"), "NVIDIA H200 x 2");
}

TEST(ExportContext, ManyRunsLeavesOutWhatRowsSayAndAddsItsNotes) {
  const ExportContext c = ExportContextBuilder()
                              .many_runs()
                              .dtype("i32,i16")
                              .threads(0)
                              .graph("er:n=256")
                              .device("none")
                              .extra("cpu", "Test CPU")
                              .extra("warmup", "1")
                              .build();
  EXPECT_EQ(csv_context_comments(c), "# version: " + std::string(version()) +
                                         "\n# dtype: \"i32,i16\"\n# threads: 0\n# graph: er:n=256\n# device: none\n"
                                         "# cpu: Test CPU\n# warmup: 1\n");
  const nlohmann::json j = context_json(c);
  EXPECT_FALSE(j.contains("run_id"));
  EXPECT_FALSE(j.contains("backend"));
  EXPECT_EQ(j.at("warmup"), "1");
}

TEST(ExportContext, DeviceIsTheGpusOrTheCpu) {
  EXPECT_EQ(ExportContextBuilder().device_of({}, "Test CPU").build().device, "cpu: Test CPU");
  EXPECT_EQ(ExportContextBuilder().device_of({}, "").build().device, "cpu: unknown");
  EXPECT_EQ(ExportContextBuilder().device_of({RunDevice{"H200"}}, "x").build().device, "H200");
  EXPECT_EQ(ExportContextBuilder().device_of({RunDevice{"H200"}, RunDevice{"H200"}}, "x").build().device, "H200 x 2");
}

}  // namespace
}  // namespace apsp
