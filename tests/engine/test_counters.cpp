// Hardware counters without a GPU: --rounds parsing, the driver's ranges (exactly the asked (round, phase), each
// replayed from the same state, the solve still exact) through a fake session on a CPU solver, the values'
// mapping, the CSV and the refusals where counters cannot be read.
#include <apsp/core/errors.h>
#include <apsp/device/device_info.h>
#include <apsp/graph/generators.h>
#include <apsp/report/counters.h>
#include <apsp/solve/registry.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "report/counter_session.h"

namespace apsp::counters {
namespace {

using Kind = RoundSelection::Kind;

TEST(CounterRounds, ParsesListsEveryAndAll) {
  const RoundSelection list = RoundSelection::parse("5,2,2,0");
  EXPECT_EQ(list.kind, Kind::List);
  EXPECT_EQ(list.rounds, (std::vector<int>{0, 2, 5}));
  EXPECT_EQ(list.to_string(), "0,2,5");
  EXPECT_TRUE(list.contains(2));
  EXPECT_FALSE(list.contains(3));

  const RoundSelection every = RoundSelection::parse("every:4");
  EXPECT_EQ(every.kind, Kind::Every);
  EXPECT_EQ(every.every, 4);
  EXPECT_EQ(every.resolve(10), (std::vector<int>{0, 4, 8}));
  EXPECT_EQ(every.to_string(), "every:4");

  const RoundSelection all = RoundSelection::parse("all");
  EXPECT_EQ(all.resolve(3), (std::vector<int>{0, 1, 2}));
  EXPECT_EQ(RoundSelection::parse("3").resolve(4), (std::vector<int>{3}));
}

TEST(CounterRounds, RefusesWhatIsNotARoundSelection) {
  for (const char* bad : {"", "x", "1,,2", "-1", "1.5", "every:", "every:0", "every:x", "al", "2,"})
    EXPECT_THROW(RoundSelection::parse(bad), UsageError) << "'" << bad << "'";
  try {
    RoundSelection::parse("1,x", "--counters");
    FAIL();
  } catch (const UsageError& e) {
    EXPECT_NE(std::string(e.what()).find("--counters"), std::string::npos) << e.what();
  }
}

TEST(CounterRounds, RefusesRoundsOutsideTheRunAndLongAll) {
  EXPECT_THROW(RoundSelection::parse("4").resolve(4), UsageError);
  EXPECT_NO_THROW(RoundSelection::parse("all").resolve(kMaxAllRounds));
  EXPECT_THROW(RoundSelection::parse("all").resolve(kMaxAllRounds + 1), UsageError);
  EXPECT_NO_THROW(RoundSelection::parse("every:2").resolve(1000));  // every:N is how long runs are sampled
}

/// Counts what the driver asks of a session; each range takes kPasses passes; values are 1, 2, 3, ...
class FakeSession final : public detail::CounterSession {
 public:
  static constexpr int kPasses = 3;
  explicit FakeSession(std::size_t metrics) : m_metrics(metrics) {}
  std::vector<double> measure(const std::string& name, const std::function<void()>& prepare,
                              const std::function<void()>& run) override {
    names.push_back(name);
    for (int p = 0; p < kPasses; ++p) {
      prepare();
      ++prepares;
      run();
      ++runs;
    }
    std::vector<double> values(m_metrics);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>(i + 1);
    return values;
  }
  int passes() const override { return kPasses; }

  std::vector<std::string> names;
  int prepares = 0;
  int runs = 0;

 private:
  std::size_t m_metrics;
};

DistanceMatrix test_matrix(int n, int block) {
  GeneratorSpec spec = GeneratorSpec::parse("er:p=0.2,seed=7,w=1:20");
  spec.params["n"] = std::to_string(n);
  return to_distance_matrix(generate(spec), block, DType::I32);
}

TEST(CounterDriver, MeasuresExactlyTheAskedPhasesAndStillSolves) {
  SolverOptions opts;
  opts.block = 16;
  const DistanceMatrix initial = test_matrix(70, opts.block);  // 5 rounds, the last one partial
  CounterRequest request;
  request.backend = "cpu-blocked";
  request.options = opts;
  request.rounds = RoundSelection::parse("1,4");
  request.extra_metrics = {"smsp__inst_executed_pipe_alu.sum"};
  FakeSession session(default_metrics().size() + 1);
  auto solver = create_solver("cpu-blocked", opts);
  CounterReport report;
  detail::profile_phases(*solver, request, initial, session, {}, report);

  EXPECT_EQ(session.names, (std::vector<std::string>{"r1/p1/dev0", "r1/p2/dev0", "r1/p3/dev0", "r4/p1/dev0",
                                                     "r4/p2/dev0", "r4/p3/dev0"}));
  EXPECT_EQ(session.runs, 6 * FakeSession::kPasses);
  EXPECT_EQ(report.passes, FakeSession::kPasses);
  ASSERT_EQ(report.phases.size(), 6u);
  for (int round = 0; round < 5; ++round) {
    for (Phase phase : {Phase::Pivot, Phase::PivotRowCol, Phase::Independent}) {
      const bool asked = round == 1 || round == 4;
      EXPECT_EQ(report.find(round, phase, 0) != nullptr, asked) << round << " " << to_string(phase);
    }
  }
  // The replays start from the round's state each time: the solve ends where a plain one does.
  ASSERT_TRUE(solver->finished());
  DistanceMatrix profiled, plain;
  solver->read(profiled);
  auto reference = create_solver("cpu-blocked", opts);
  solve_all(*reference, initial);
  reference->read(plain);
  for (int i = 0; i < initial.n(); ++i)
    for (int j = 0; j < initial.n(); ++j) ASSERT_EQ(profiled.get(i, j), plain.get(i, j)) << i << "," << j;

  // Round 1's pivot: 16 k x 16 x 16 cells, counted once although replayed three times.
  const PhaseCounters& pivot = *report.find(1, Phase::Pivot, 0);
  EXPECT_EQ(pivot.updates, 16u * 16u * 16u);
  EXPECT_GT(pivot.modeled_bytes, 0u);
  // The last round has 70 - 64 = 6 pivot vertices.
  EXPECT_EQ(report.find(4, Phase::Pivot, 0)->updates, 6u * 6u * 6u);
}

TEST(CounterDriver, MapsValuesToTheirCounters) {
  SolverOptions opts;
  opts.block = 16;
  const DistanceMatrix initial = test_matrix(32, opts.block);
  CounterRequest request;
  request.backend = "cpu-naive";
  request.options = opts;
  request.rounds = RoundSelection::parse("0");
  request.extra_metrics = {"smsp__inst_executed_pipe_alu.sum"};
  FakeSession session(default_metrics().size() + 1);
  auto solver = create_solver("cpu-naive", opts);
  CounterReport report;
  detail::profile_phases(*solver, request, initial, session, {}, report);
  ASSERT_EQ(session.names, (std::vector<std::string>{"r0/full/dev0"}));  // one Full phase per round
  const PhaseCounters& p = report.phases.at(0);
  EXPECT_EQ(p.dram_read_bytes, 1);
  EXPECT_EQ(p.dram_write_bytes, 2);
  EXPECT_EQ(p.occupancy_pct, 3);
  EXPECT_EQ(p.sm_throughput_pct, 4);
  EXPECT_EQ(p.l2_hit_pct, 5);
  EXPECT_EQ(p.shared_load_bytes, 6 * kSharedBytesPerWavefront);
  EXPECT_EQ(p.shared_store_bytes, 7 * kSharedBytesPerWavefront);
  EXPECT_EQ(p.instructions, 8);
  EXPECT_DOUBLE_EQ(p.kernel_ms, 9e-6);  // nanoseconds in, milliseconds out
  ASSERT_EQ(p.extra.size(), 1u);
  EXPECT_EQ(p.extra[0].second, 10);
  EXPECT_EQ(p.updates, 32u * 32u * 16u);
  EXPECT_DOUBLE_EQ(p.arithmetic_intensity(), static_cast<double>(p.updates) / 3.0);
  EXPECT_DOUBLE_EQ(p.measured_over_modeled(), 3.0 / static_cast<double>(p.modeled_bytes));
}

TEST(CounterDriver, StopsWhenProgressSaysSo) {
  SolverOptions opts;
  opts.block = 16;
  const DistanceMatrix initial = test_matrix(64, opts.block);
  CounterRequest request;
  request.backend = "cpu-blocked";
  request.options = opts;
  request.rounds = RoundSelection::parse("all");
  FakeSession session(default_metrics().size());
  auto solver = create_solver("cpu-blocked", opts);
  CounterReport report;
  detail::profile_phases(
      *solver, request, initial, session,
      [](int done, int total) {
        EXPECT_EQ(total, 12);
        return done < 2;
      },
      report);
  EXPECT_EQ(report.phases.size(), 2u);
}

TEST(CounterReportCsv, OneRowPerEntryWithTheHeadersColumns) {
  CounterReport r;
  r.backend = "cuda-blocked";
  r.extra_metrics = {"x.sum"};
  PhaseCounters p;
  p.round = 3;
  p.phase = Phase::Independent;
  p.extra = {{"x.sum", 1}};
  r.phases = {p, p};
  const std::string header = counters_csv_header(r.extra_metrics);
  const std::string rows = counters_csv_rows(r);
  const auto commas = [](const std::string& line) { return std::count(line.begin(), line.end(), ','); };
  EXPECT_EQ(std::count(rows.begin(), rows.end(), '\n'), 2);
  const std::string first = rows.substr(0, rows.find('\n'));
  EXPECT_EQ(commas(first), commas(header.substr(0, header.find('\n'))));
  EXPECT_EQ(first.rfind("cuda-blocked,3,independent,0,", 0), 0u) << first;

  // The whole file: the export context, the rounds and the counting notes as comments, then header and rows.
  r.rounds = "3";
  r.instruction_note = "all warp instructions";
  ExportContext context;
  context.backend = "cuda-blocked";
  const std::string csv = counters_csv({r, r}, context);
  EXPECT_EQ(csv.rfind("# version: ", 0), 0u) << csv;
  EXPECT_NE(csv.find("\n# rounds: 3\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\n# instructions: all warp instructions\n"), std::string::npos) << csv;
  EXPECT_NE(csv.find("\n" + header), std::string::npos) << csv;
  std::size_t data_lines = 0;  // the header and two reports' two rows each; everything else is a comment
  for (std::size_t at = 0; at < csv.size(); at = csv.find('\n', at) + 1) data_lines += csv[at] != '#';
  EXPECT_EQ(data_lines, 5u) << csv;
}

TEST(CounterAvailability, SaysWhyAndRefusesWithoutAGpu) {
  if (cuda_device_count() > 0) GTEST_SKIP() << "a CUDA device is present";
  EXPECT_FALSE(counters_unavailable_reason().empty());
  CounterRequest request;
  request.backend = "cuda-blocked";
  request.rounds = RoundSelection::parse("0");
  const DistanceMatrix initial = test_matrix(32, 64);
  EXPECT_THROW(collect_counters(request, initial), UnavailableError);
  request.backend = "cpu-blocked";  // a CPU variant has no hardware counters to read, GPU or not
  EXPECT_THROW(collect_counters(request, initial), UsageError);
}

TEST(CounterNames, RangeNamesSayRoundPhaseDevice) {
  EXPECT_EQ(range_name(3, Phase::PivotRowCol, 0), "r3/p2/dev0");
  EXPECT_EQ(range_name(0, Phase::Full, 1), "r0/full/dev1");
  std::set<std::string_view> metrics;
  for (const MetricInfo& m : default_metrics()) metrics.insert(m.metric);
  EXPECT_EQ(metrics.size(), default_metrics().size());
  EXPECT_TRUE(metrics.count("dram__bytes_read.sum"));
}

}  // namespace
}  // namespace apsp::counters
