// Lesson files: what a good file gives, and for every way a file can be wrong, one line naming the file and
// the place (the key path) and what is wrong; stops resolved against a graph's shape (n, block, blocked).
#include <apsp/core/errors.h>
#include <apsp/teach/lesson_file.h>

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include <unistd.h>

namespace apsp::teach {
namespace {

constexpr const char* kPath = "dir/week3.lesson.json";

std::string error_of(const std::string& text) {
  try {
    parse_lesson(text, kPath);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

/// A valid lesson with @p stop as its only stop.
std::string with_stop(const std::string& stop) {
  return R"({"title": "t", "graph": {"gen": "classroom:cities8"}, "stops": [)" + stop + "]}";
}

TEST(LessonFile, ParsesEveryField) {
  const LessonFile l = parse_lesson(R"({
    "title": "Blocked FW on 8 towns", "graph": {"file": "../graphs/ring12.txt"}, "block": 4,
    "backend": "cpu-blocked", "dtype": "i16", "colormap": "magma", "granularity": "k", "presentation": true,
    "stops": [
      {"at": "start", "say": "Before anything"},
      {"at": {"round": 1, "phase": "rowcol", "k": 6}, "select": [3, 0], "say": "Phase 2",
       "questions": [{"step": "phase", "ask": "improves", "block": [0, 1]}]},
      {"at": "end"}
    ]})",
                                    kPath);
  EXPECT_EQ(l.path, kPath);
  EXPECT_EQ(l.title, "Blocked FW on 8 towns");
  EXPECT_EQ(l.graph.kind, GraphSource::Kind::File);
  EXPECT_EQ(l.graph.text, "graphs/ring12.txt");  // relative to the lesson's directory
  EXPECT_EQ(l.block, 4);
  EXPECT_EQ(l.backend, "cpu-blocked");
  EXPECT_EQ(l.dtype, "i16");
  EXPECT_EQ(l.colormap, "magma");
  EXPECT_EQ(l.granularity, Granularity::KStep);
  EXPECT_EQ(l.presentation, true);
  ASSERT_EQ(l.stops.size(), 3u);
  EXPECT_EQ(l.stops[0].at.kind, LessonAt::Kind::Start);
  EXPECT_EQ(l.stops[0].say, "Before anything");
  EXPECT_EQ(l.stops[1].at.round, 1);
  EXPECT_EQ(l.stops[1].at.phase, Phase::PivotRowCol);
  EXPECT_EQ(l.stops[1].at.k, 6);
  EXPECT_EQ(l.stops[1].select, (std::pair{3, 0}));
  ASSERT_EQ(l.stops[1].questions.size(), 1u);
  EXPECT_EQ(l.stops[1].questions[0]["ask"], "improves");
  EXPECT_EQ(l.stops[2].at.kind, LessonAt::Kind::End);
}

TEST(LessonFile, AGeneratorGraphAndDefaults) {
  const LessonFile l = parse_lesson(with_stop(R"({"at": {"round": 0}})"), kPath);
  EXPECT_EQ(l.graph.kind, GraphSource::Kind::Generator);
  EXPECT_EQ(l.graph.text, "classroom:cities8");
  EXPECT_FALSE(l.block);
  EXPECT_TRUE(l.backend.empty());
  EXPECT_FALSE(l.presentation);
  EXPECT_FALSE(l.stops[0].select);
}

TEST(LessonFile, EveryErrorNamesTheFileAndThePlace) {
  const struct {
    std::string text;
    std::string expected;  // the whole message
  } cases[] = {
      {"{", "dir/week3.lesson.json: not JSON: parse error"},
      {"[1]", "dir/week3.lesson.json: expected a lesson object"},
      {R"({"graph": {"gen": "x"}, "stops": [{"at": "end"}]})", "dir/week3.lesson.json: title: missing"},
      {R"({"title": 3, "graph": {"gen": "x"}, "stops": [{"at": "end"}]})",
       "dir/week3.lesson.json: title: expected a string, found number"},
      {R"({"title": "t", "stops": [{"at": "end"}]})", "dir/week3.lesson.json: graph: missing"},
      {R"({"title": "t", "graph": "classroom:cities8", "stops": [{"at": "end"}]})",
       "dir/week3.lesson.json: graph: expected {\"gen\": SPEC} or {\"file\": PATH}, found string"},
      {R"({"title": "t", "graph": {"gen": "a", "file": "b"}, "stops": [{"at": "end"}]})",
       "dir/week3.lesson.json: graph: give one of"},
      {R"({"title": "t", "graph": {"spec": "a"}, "stops": [{"at": "end"}]})",
       "dir/week3.lesson.json: graph.spec: unknown key \"spec\""},
      {R"({"title": "t", "graph": {"file": ""}, "stops": [{"at": "end"}]})", "dir/week3.lesson.json: graph.file: empty path"},
      {R"({"title": "t", "graph": {"gen": "x"}, "colour": "magma", "stops": [{"at": "end"}]})",
       "dir/week3.lesson.json: colour: unknown key \"colour\""},
      {R"({"title": "t", "graph": {"gen": "x"}, "block": 0, "stops": [{"at": "end"}]})",
       "dir/week3.lesson.json: block: 0 is below 1"},
      {R"({"title": "t", "graph": {"gen": "x"}, "block": 2.5, "stops": [{"at": "end"}]})",
       "dir/week3.lesson.json: block: 2.5 is not a whole number in range"},
      {R"({"title": "t", "graph": {"gen": "x"}, "block": 1e300, "stops": [{"at": "end"}]})",
       "dir/week3.lesson.json: block: 1e+300 is not a whole number in range"},
      {R"({"title": "t", "graph": {"gen": "x"}, "dtype": "f32", "stops": [{"at": "end"}]})",
       "dir/week3.lesson.json: dtype: \"f32\" is not i32 or i16"},
      {R"({"title": "t", "graph": {"gen": "x"}, "granularity": "step", "stops": [{"at": "end"}]})",
       "dir/week3.lesson.json: granularity: \"step\" is not k, phase or round"},
      {R"({"title": "t", "graph": {"gen": "x"}, "presentation": "yes", "stops": [{"at": "end"}]})",
       "dir/week3.lesson.json: presentation: expected true or false, found string"},
      {R"({"title": "t", "graph": {"gen": "x"}})", "dir/week3.lesson.json: stops: missing"},
      {R"({"title": "t", "graph": {"gen": "x"}, "stops": []})", "dir/week3.lesson.json: stops: expected a list of at least one stop"},
      {with_stop("3"), "dir/week3.lesson.json: stops[0]: expected an object, found number"},
      {with_stop(R"({"say": "hi"})"), "dir/week3.lesson.json: stops[0]: no \"at\""},
      {with_stop(R"({"at": "middle"})"), "dir/week3.lesson.json: stops[0].at: \"middle\" is not \"start\", \"end\""},
      {with_stop(R"({"at": 3})"), "dir/week3.lesson.json: stops[0].at: expected {\"round\", \"phase\", \"k\"}"},
      {with_stop(R"({"at": {"rounds": 1}})"), "dir/week3.lesson.json: stops[0].at.rounds: unknown key \"rounds\""},
      {with_stop(R"({"at": {"round": -1}})"), "dir/week3.lesson.json: stops[0].at.round: -1 is below 0"},
      {with_stop(R"({"at": {"round": "1"}})"), "dir/week3.lesson.json: stops[0].at.round: expected a whole number, found string"},
      {with_stop(R"({"at": {"phase": "pivot"}})"), "dir/week3.lesson.json: stops[0].at: needs \"round\" or \"k\""},
      {with_stop(R"({"at": {"round": 0, "phase": "two"}})"),
       "dir/week3.lesson.json: stops[0].at.phase: \"two\" is not pivot, rowcol, independent, full or 1..3"},
      {with_stop(R"({"at": {"round": 0, "k": -2}})"), "dir/week3.lesson.json: stops[0].at.k: -2 is below 0"},
      {with_stop(R"({"at": "end", "select": [1]})"), "dir/week3.lesson.json: stops[0].select: expected [i, j]"},
      {with_stop(R"({"at": "end", "select": [1, -1]})"), "dir/week3.lesson.json: stops[0].select[1]: -1 is below 0"},
      {with_stop(R"({"at": "end", "say": 5})"), "dir/week3.lesson.json: stops[0].say: expected a string, found number"},
      {with_stop(R"({"at": "end", "questions": {}})"), "dir/week3.lesson.json: stops[0].questions: expected a list of quiz questions"},
      {with_stop(R"({"at": "end", "questions": [{}, 1]})"),
       "dir/week3.lesson.json: stops[0].questions[1]: expected a quiz question, found number"},
      {with_stop(R"({"at": "end", "caption": "x"})"), "dir/week3.lesson.json: stops[0].caption: unknown key \"caption\""},
      {R"({"title": "t", "graph": {"gen": "x"}, "stops": [{"at": "end"}, {"at": "end"}, {"at": {"round": 0, "k": "x"}}]})",
       "dir/week3.lesson.json: stops[2].at.k: expected a whole number"},
  };
  for (const auto& c : cases) {
    const std::string message = error_of(c.text);
    EXPECT_EQ(message.rfind(c.expected, 0), 0u) << c.text << "\n gave: " << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
  }
}

std::string resolve_error(const std::string& stop, const KClock& clock) {
  try {
    lesson_cursors(parse_lesson(with_stop(stop), kPath), clock);
  } catch (const InputError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(LessonFile, StopsResolveAgainstTheGraph) {
  const KClock blocked(8, 4, true);  // cities8, B = 4: 2 rounds
  const LessonFile l = parse_lesson(R"({"title": "t", "graph": {"gen": "classroom:cities8"}, "stops": [
      {"at": "start"}, {"at": {"round": 1, "phase": "independent", "k": 7}}, {"at": {"round": 1}}, {"at": "end"},
      {"at": {"k": 5, "phase": "rowcol"}}]})",
                                    kPath);
  const std::vector<Cursor> c = lesson_cursors(l, blocked);
  EXPECT_EQ(c[0], (Cursor{0, Phase::Pivot, 0, false}));
  EXPECT_EQ(c[1], (Cursor{1, Phase::Independent, 3, false}));
  EXPECT_EQ(c[2], (Cursor{1, Phase::Pivot, 0, false}));
  EXPECT_TRUE(c[3].finished);
  EXPECT_EQ(blocked.position(c[3]), blocked.total());
  EXPECT_EQ(c[4], (Cursor{1, Phase::PivotRowCol, 1, false}));  // k alone: its round, k global

  // Plain Floyd-Warshall: "k" alone is the global k, as the studio says it.
  const KClock plain(4, 2, false);
  const std::vector<Cursor> p = lesson_cursors(
      parse_lesson(with_stop(R"({"at": {"k": 3}}, {"at": {"round": 1, "phase": "full"}})"), kPath), plain);
  EXPECT_EQ(p[0], (Cursor{1, Phase::Full, 1, false}));
  EXPECT_EQ(p[1], (Cursor{1, Phase::Full, 0, false}));
  EXPECT_EQ(cursor_to_json(p[0], 2).dump(), R"({"k":3,"phase":"full","round":1})");  // k global again
  EXPECT_EQ(cursor_to_json(c[1], 4).dump(), R"({"k":7,"phase":"independent","round":1})");
  EXPECT_EQ(cursor_to_json(c[3], 4).dump(), R"("end")");
}

TEST(LessonFile, AStopOutsideTheGraphNamesThePlace) {
  const KClock blocked(8, 4, true);
  const KClock plain(4, 2, false);
  EXPECT_EQ(resolve_error(R"({"at": {"round": 7}})", blocked),
            "dir/week3.lesson.json: stops[0].at.round: 7 beyond the 2 rounds of this graph (0..1; \"end\" is after "
            "the last)");
  EXPECT_EQ(resolve_error(R"({"at": {"round": 1, "k": 3}})", blocked),
            "dir/week3.lesson.json: stops[0].at.k: 3 is not in round 1 (k = 4..7)");
  EXPECT_EQ(resolve_error(R"({"at": {"k": 8}})", blocked),
            "dir/week3.lesson.json: stops[0].at.k: 8 beyond k = 0..7 of this graph (\"end\" is after the last)");
  EXPECT_EQ(resolve_error(R"({"at": {"round": 0, "phase": "full"}})", blocked).rfind(
                "dir/week3.lesson.json: stops[0].at.phase: full is plain Floyd-Warshall's one pass", 0),
            0u);
  EXPECT_EQ(resolve_error(R"({"at": {"k": 0, "phase": "rowcol"}})", plain).rfind(
                "dir/week3.lesson.json: stops[0].at.phase: rowcol is a phase of the blocked algorithm", 0),
            0u);
  EXPECT_EQ(resolve_error(R"({"at": {"k": 4}})", plain),
            "dir/week3.lesson.json: stops[0].at.k: 4 beyond k = 0..3 of this graph (\"end\" is after the last)");
  EXPECT_EQ(resolve_error(R"({"at": "end", "select": [8, 0]})", blocked),
            "dir/week3.lesson.json: stops[0].select: vertex outside 0..7 of this graph");
  // The second stop is the bad one: its index is named.
  EXPECT_EQ(resolve_error(R"({"at": "start"}, {"at": {"round": 2}})", blocked).rfind(
                "dir/week3.lesson.json: stops[1].at.round: 2 beyond", 0),
            0u);
}

TEST(LessonFile, ReadsAFileAndRefusesAMissingOne) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("lesson_test_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string path = (dir / "a.lesson.json").string();
  {
    std::ofstream(path) << R"({"title": "t", "graph": {"file": "g.txt"}, "stops": [{"at": "end"}]})";
  }
  const LessonFile l = read_lesson_file(path);
  EXPECT_EQ(l.graph.text, (dir / "g.txt").string());
  EXPECT_THROW(read_lesson_file((dir / "missing.lesson.json").string()), InputError);
  {
    std::ofstream(path) << "{\"title\": \"t\",\n \"graph\": {\"gen\": \"x\"},\n \"stops\": [}";
  }
  try {
    read_lesson_file(path);
    ADD_FAILURE() << "a broken file was read";
  } catch (const InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind(path + ": not JSON: parse error at line 3", 0), 0u) << e.what();
  }
  std::filesystem::remove_all(dir);
}

TEST(LessonFile, TheExampleLessonsParse) {
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(APSP_ASSETS_DIR) / "lessons")) {
    SCOPED_TRACE(entry.path().string());
    const LessonFile l = read_lesson_file(entry.path().string());
    EXPECT_FALSE(l.stops.empty());
  }
}

}  // namespace
}  // namespace apsp::teach
