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

/// "# commit: ...\n# build: ...\n" of this build, as every export writes them after the version.
std::string build_lines() {
  return "# commit: " + std::string(build_commit()) + "\n# build: " + build_description() + "\n";
}

TEST(ExportContext, BuilderStartsWithThisVersionAndBuildAndNoRunId) {
  const ExportContext c = ExportContextBuilder().build();
  EXPECT_EQ(c.version, std::string(version()));
  EXPECT_EQ(c.commit, std::string(build_commit()));
  EXPECT_EQ(c.build, build_description());
  EXPECT_FALSE(c.run.collected);
  EXPECT_EQ(c.run_id, "-");
  EXPECT_TRUE(c.one_run);
}

TEST(ExportContext, CsvCommentsInFieldOrder) {
  const std::string expected = "# version: " + std::string(version()) + "\n" + build_lines() +
                               "# run_id: 20261122-230512-3fa9\n# backend: cuda-tuned\n# block: 64\n# n: 4096\n"
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
  EXPECT_EQ(csv_context_comments(c), "# version: " + std::string(version()) + "\n" + build_lines() +
                                         "# dtype: \"i32,i16\"\n# threads: 0\n# graph: er:n=256\n# device: none\n"
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

RunContext sample_run_context() {
  RunContext run;
  run.commit = "8f05d61-dirty";
  run.build = "Release; -O3 -DNDEBUG; no CUDA";
  run.isa = "avx512";
  run.threads_asked = 0;
  run.threads = 2;
  run.env = {{"APSP_CPU_ISA", "avx512"}, {"OMP_PROC_BIND", "close"}};
  run.cpu_model = "Test CPU";
  run.cpu_mhz = 2596.134;
  run.load_avg = 0.456;
  run.driver = "580.65.06";
  run.cuda_runtime = 13000;
  run.gpu_clocks = {GpuClockRange{0, 1755, 1980, 2619, 2619}};
  run.phase2 = "one-cta";
  run.collected = true;
  return run;
}

TEST(ExportContext, RunContextFollowsTheDeviceInCsvAndJson) {
  const ExportContext c = ExportContextBuilder().device("cpu: Test CPU").run_context(sample_run_context()).build();
  const std::string csv = csv_context_comments(c);
  EXPECT_NE(csv.find("# commit: 8f05d61-dirty\n# build: Release; -O3 -DNDEBUG; no CUDA\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("# threads: 0 (auto: 2)\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("# device: cpu: Test CPU\n# isa: avx512\n# env: APSP_CPU_ISA=avx512 OMP_PROC_BIND=close\n"
                     "# cpu_mhz: 2596\n# load_avg: 0.46\n# driver: 580.65.06\n# cuda_runtime: 13.0\n"
                     "# gpu_clocks: SM 1755-1980 MHz / memory 2619 MHz\n# phase2: one-cta\n"),
            std::string::npos)
      << csv;
  EXPECT_EQ(csv.find("# sources:"), std::string::npos) << "a dense run has no sources line";
  const nlohmann::json j = context_json(c);
  EXPECT_EQ(j.at("commit"), "8f05d61-dirty");
  EXPECT_EQ(j.at("threads"), 2);
  EXPECT_EQ(j.at("threads_asked"), 0);
  EXPECT_EQ(j.at("isa"), "avx512");
  EXPECT_EQ(j.at("env").at("OMP_PROC_BIND"), "close");
  EXPECT_EQ(j.at("cpu_mhz"), 2596);
  EXPECT_DOUBLE_EQ(j.at("load_avg").get<double>(), 0.46);
  EXPECT_EQ(j.at("gpu_clocks").at(0).at("sm_min_mhz"), 1755);
  EXPECT_EQ(j.at("phase2"), "one-cta");
  // The JSON has every CSV key, threads_asked beside them (the CSV's "0 (auto: 2)" holds both).
  for (std::size_t at = 0; at < csv.size(); at = csv.find('\n', at) + 1)
    EXPECT_TRUE(j.contains(csv.substr(at + 2, csv.find(':', at) - at - 2))) << csv.substr(at, 40);
}

TEST(ExportContext, CollectedContextSaysThisProcess) {
  const RunContext run = collect_run_context(0);
  EXPECT_TRUE(run.collected);
  EXPECT_EQ(run.threads_asked, 0);
  EXPECT_GE(run.threads, 1);
  EXPECT_TRUE(run.isa == "avx512" || run.isa == "avx2" || run.isa == "generic") << run.isa;
  EXPECT_EQ(run.build, build_description());
  EXPECT_EQ(threads_text(0, 2), "0 (auto: 2)");
  EXPECT_EQ(threads_text(3, 3), "3");
  EXPECT_EQ(threads_text(-1, 4), "4");
  EXPECT_EQ(cuda_version_text(12080), "12.8");
}

TEST(ExportContext, ARecordsContextIsItsOwn) {
  RunRecord r;
  r.id = "20261122-230512-3fa9";
  apply_run_context(r, sample_run_context());
  r.commit = "";  // a build outside git
  const ExportContext c = export_context(r);
  EXPECT_EQ(c.commit, "unknown");
  EXPECT_EQ(c.build, "Release; -O3 -DNDEBUG; no CUDA");
  EXPECT_EQ(c.threads, 2);
  EXPECT_EQ(c.run.threads_asked, 0);
  EXPECT_EQ(c.run.env.at("OMP_PROC_BIND"), "close");
  EXPECT_EQ(c.run.gpu_clocks.size(), 1u);
}

}  // namespace
}  // namespace apsp
