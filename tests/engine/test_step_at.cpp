// "at" of lesson stops and quiz questions: one reader and one resolver (teach/step_at.h).
#include <apsp/teach/step_at.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

namespace apsp::teach {
namespace {

/// "KEY: why" of the StepAtError @p at gives, or "resolved".
std::string problem(const std::string& at, int n = 8, int block = 4, bool blocked = true) {
  try {
    (void)resolve_step_at(read_step_at(nlohmann::json::parse(at)), n, block, blocked);
  } catch (const StepAtError& e) {
    return e.key() + ": " + e.what();
  }
  return "resolved";
}

Cursor cursor(const std::string& at, int n = 8, int block = 4, bool blocked = true) {
  return resolve_step_at(read_step_at(nlohmann::json::parse(at)), n, block, blocked);
}

TEST(StepAt, RoundAloneIsItsStartAndKAloneNamesItsRound) {
  EXPECT_EQ(cursor(R"({"round": 1})"), (Cursor{1, Phase::Pivot, 0}));
  EXPECT_EQ(cursor(R"({"k": 6})"), (Cursor{1, Phase::Pivot, 2}));
  EXPECT_EQ(cursor(R"({"round": 1, "phase": "rowcol", "k": 5})"), (Cursor{1, Phase::PivotRowCol, 1}));
  EXPECT_EQ(cursor(R"({"k": 3})", 8, 2, false), (Cursor{1, Phase::Full, 1}));
}

TEST(StepAt, PhasesByNameOrAsALectureNumbersThem) {
  EXPECT_EQ(cursor(R"({"round": 0, "phase": 1})").phase, Phase::Pivot);
  EXPECT_EQ(cursor(R"({"round": 0, "phase": 2})").phase, Phase::PivotRowCol);
  EXPECT_EQ(cursor(R"({"round": 0, "phase": 3})").phase, Phase::Independent);
  EXPECT_EQ(cursor(R"({"round": 0, "phase": "independent"})").phase, Phase::Independent);
  EXPECT_EQ(cursor(R"({"round": 0, "phase": "full"})", 8, 4, false).phase, Phase::Full);
  EXPECT_EQ(problem(R"({"round": 0, "phase": 4})"), "phase: 4 is not pivot, rowcol, independent, full or 1..3");
  EXPECT_EQ(problem(R"({"round": 0, "phase": "two"})"), "phase: \"two\" is not pivot, rowcol, independent, full or 1..3");
}

TEST(StepAt, EveryProblemNamesItsKey) {
  EXPECT_EQ(problem("3"), ": expected {\"round\", \"phase\", \"k\"}, found number");
  EXPECT_EQ(problem(R"({"phase": "pivot"})"), ": needs \"round\" or \"k\" (k: the global vertex number)");
  EXPECT_EQ(problem(R"({"round": 0, "kk": 1})"), "kk: unknown key \"kk\"");
  EXPECT_EQ(problem(R"({"round": -1})"), "round: -1 is below 0");
  EXPECT_EQ(problem(R"({"round": 1.5})"), "round: 1.5 is not a whole number in range");
  EXPECT_EQ(problem(R"({"k": "2"})"), "k: expected a whole number, found string");
  EXPECT_EQ(problem(R"({"round": 2})"), "round: 2 beyond the 2 rounds of this graph (0..1)");
  EXPECT_EQ(problem(R"({"k": 8})"), "k: 8 beyond k = 0..7 of this graph");
  EXPECT_EQ(problem(R"({"round": 1, "k": 2})"), "k: 2 is not in round 1 (k = 4..7)");
  EXPECT_EQ(problem(R"({"round": 0, "phase": "full"})"),
            "phase: full is plain Floyd-Warshall's one pass; this run is blocked (pivot, rowcol, independent)");
  EXPECT_EQ(problem(R"({"round": 0, "phase": 2})", 8, 4, false),
            "phase: rowcol is a phase of the blocked algorithm; this run is plain Floyd-Warshall (full)");
}

TEST(StepAt, TheLastRoundMayBeShort) {
  // n = 10, B = 4: rounds 0..2, the last one k = 8..9.
  EXPECT_EQ(cursor(R"({"k": 9})", 10, 4), (Cursor{2, Phase::Pivot, 1}));
  EXPECT_EQ(problem(R"({"round": 2, "k": 10})", 10, 4), "k: 10 beyond k = 0..9 of this graph");
}

TEST(StepAt, APastTheRunHintIsAddedWhereTheCallerHasOne) {
  try {
    (void)resolve_step_at(StepAt{5, std::nullopt, std::nullopt}, 8, 4, true, "\"end\" is after the last");
    FAIL() << "resolved";
  } catch (const StepAtError& e) {
    EXPECT_STREQ(e.what(), "5 beyond the 2 rounds of this graph (0..1; \"end\" is after the last)");
  }
}

}  // namespace
}  // namespace apsp::teach
