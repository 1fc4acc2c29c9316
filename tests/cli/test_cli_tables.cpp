// Tables on the terminal: `apsp runs list` and `apsp info --backends` keep their columns in line whatever the
// width of the values (long names, a long generator spec, text that is not ASCII).
#include <apsp/core/format.h>
#include <apsp/history/run_compare.h>
#include <apsp/history/runs_file.h>

#include <cstdlib>
#include <sstream>

#include "cli_test_support.h"

namespace apsp::test {
namespace {

/// Terminal column of byte @p at of UTF-8 @p line: one per code point.
std::size_t column_of(const std::string& line, std::size_t at) {
  std::size_t columns = 0;
  for (std::size_t i = 0; i < at && i < line.size(); ++i)
    columns += (static_cast<unsigned char>(line[i]) & 0xC0) != 0x80;
  return columns;
}

/// The column where each whitespace-separated word of @p line starts.
std::vector<std::size_t> word_columns(const std::string& line) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < line.size(); ++i)
    if (line[i] != ' ' && (i == 0 || line[i - 1] == ' ')) out.push_back(column_of(line, i));
  return out;
}

class CliTables : public TempDir {};

TEST_F(CliTables, RunsListColumnsLineUp) {
  // Values of different widths in every column: backends, a long generator spec, a file name that is not ASCII,
  // n of two to four digits.
  std::ofstream(path("gr\xc3\xa2ph\xc3\xa9.el")) << "0 1 5\n1 2 7\n2 0 1\n";
  ASSERT_EQ(run_apsp("solve --gen ring:n=8 --backend cpu-naive -q -o " + path("a.csv")).status, 0);
  ASSERT_EQ(run_apsp("solve --gen er:n=100,p=0.05,seed=123456789,w=1:1000 --block 16 -q -o " + path("b.bin")).status,
            0);
  ASSERT_EQ(
      run_apsp("solve '" + path("gr\xc3\xa2ph\xc3\xa9.el") + "' --backend cpu-blocked -q -o " + path("c.csv")).status,
      0);
  const std::vector<RunRecord> runs =
      read_runs(std::string(std::getenv("XDG_DATA_HOME")) + "/apsp-studio/runs.jsonl").runs;
  ASSERT_EQ(runs.size(), 3u);

  for (const bool with_baseline : {false, true}) {
    SCOPED_TRACE(with_baseline ? "--baseline" : "");
    const RunResult list = run_apsp(with_baseline ? "runs list --baseline " + runs[0].id : std::string("runs list"));
    ASSERT_EQ(list.status, 0) << list.output;
    const std::vector<std::string> lines = lines_of(list.output);
    ASSERT_EQ(lines.size(), 3u) << list.output;
    // Left-aligned columns start together; the wall time (right-aligned) ends together.
    std::vector<std::size_t> block, gpus, n, graph, end, change;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const std::string& line = lines[i];
      block.push_back(column_of(line, line.find(" B=") + 1));
      gpus.push_back(column_of(line, line.find(" gpus=") + 1));
      n.push_back(column_of(line, line.find(" n=") + 1));
      graph.push_back(column_of(line, line.find(runs[i].graph)));
      const std::string wall = format_duration_ms(runs[i].wall_ms);
      const std::size_t graph_end = line.find(runs[i].graph) + runs[i].graph.size();
      end.push_back(column_of(line, line.find(wall, graph_end) + wall.size()));
      if (with_baseline)
        change.push_back(
            column_of(line, line.find(i == 0 ? "baseline" : format_change_against(runs[0], runs[i]), graph_end)));
      EXPECT_NE(line.back(), ' ') << "trailing blanks: '" << line << "'";
    }
    for (std::size_t i = 1; i < lines.size(); ++i) {
      EXPECT_EQ(block[i], block[0]) << list.output;
      EXPECT_EQ(gpus[i], gpus[0]) << list.output;
      EXPECT_EQ(n[i], n[0]) << list.output;
      EXPECT_EQ(graph[i], graph[0]) << list.output;
      EXPECT_EQ(end[i], end[0]) << list.output;
      if (with_baseline) {
        EXPECT_EQ(change[i], change[0]) << list.output;
      }
    }
  }
}

TEST_F(CliTables, InfoBackendsColumnsLineUp) {
  const RunResult r = run_apsp("info --backends");
  ASSERT_EQ(r.status, 0) << r.output;
  std::vector<std::vector<std::size_t>> rows;
  for (const std::string& line : lines_of(r.output))
    if (line.rfind("default:", 0) != 0) rows.push_back(word_columns(line));
  ASSERT_GT(rows.size(), 4u) << r.output;  // the dense and the sparse solvers
  for (const auto& row : rows) {
    ASSERT_GE(row.size(), 3u) << r.output;
    EXPECT_EQ(row[1], rows[0][1]) << "availability column\n" << r.output;
    EXPECT_EQ(row[2], rows[0][2]) << "description column\n" << r.output;
  }
}

}  // namespace
}  // namespace apsp::test
