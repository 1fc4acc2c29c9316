#include <apsp/core/errors.h>
#include <apsp/core/json_number.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/teach/lesson_file.h>

#include <filesystem>
#include <initializer_list>

#include "io/mapped_file.h"

namespace apsp::teach {
namespace {

using nlohmann::json;

/// The user's word in a message, in quotes (cut and escaped by user_value_in_message).
std::string in_quotes(std::string_view text) {
  std::string out(1, '"');  // appended, not "\"" + ...: GCC 12's -Wrestrict false positive on literal + string&&
  out += user_value_in_message(text);
  out += '"';
  return out;
}

/// Every complaint about one lesson file: "PATH: PLACE: what".
struct Reader {
  const std::string& path;

  [[noreturn]] void fail(const std::string& place, const std::string& what) const {
    throw InputError(path, place, what);
  }

  const char* type_name(const json& v) const { return v.type_name(); }

  /// A key nobody reads is a typo ("slect") the teacher would otherwise find in class.
  void only_keys(const json& object, const std::string& place, std::initializer_list<const char*> keys) const {
    for (const auto& [key, value] : object.items()) {
      bool known = false;
      for (const char* k : keys) known = known || key == k;
      if (!known) fail(place.empty() ? key : place + "." + key, "unknown key " + in_quotes(key));
    }
  }

  const json& object_at(const json& parent, const char* key, const std::string& place) const {
    const json& v = parent.at(key);
    if (!v.is_object()) fail(place, std::string("expected an object, found ") + type_name(v));
    return v;
  }

  std::string text(const json& v, const std::string& place) const {
    if (!v.is_string()) fail(place, std::string("expected a string, found ") + type_name(v));
    return v.get<std::string>();
  }

  int integer(const json& v, const std::string& place, int lowest) const {
    if (!v.is_number()) fail(place, std::string("expected a whole number, found ") + type_name(v));
    int value = 0;
    try {
      value = json_integer<int>(v);
    } catch (const std::exception&) {
      fail(place, v.dump() + " is not a whole number in range");
    }
    if (value < lowest) fail(place, std::to_string(value) + " is below " + std::to_string(lowest));
    return value;
  }

  bool boolean(const json& v, const std::string& place) const {
    if (!v.is_boolean()) fail(place, std::string("expected true or false, found ") + type_name(v));
    return v.get<bool>();
  }
};

GraphSource read_graph(const Reader& r, const json& v, const std::string& lesson_path) {
  if (!v.is_object()) r.fail("graph", std::string("expected {\"gen\": SPEC} or {\"file\": PATH}, found ") + v.type_name());
  r.only_keys(v, "graph", {"gen", "file"});
  if (v.contains("gen") == v.contains("file")) r.fail("graph", "give one of \"gen\" (a generator spec) or \"file\" (a path)");
  if (v.contains("gen")) return GraphSource::generator(r.text(v["gen"], "graph.gen"));
  std::filesystem::path file = r.text(v["file"], "graph.file");
  if (file.empty()) r.fail("graph.file", "empty path");
  // Relative to the lesson, so a lesson and its graph travel together.
  if (file.is_relative()) file = std::filesystem::path(lesson_path).parent_path() / file;
  return GraphSource::file(file.lexically_normal().string());
}

LessonAt read_at(const Reader& r, const json& v, const std::string& place) {
  LessonAt at;
  if (v.is_string()) {
    const std::string word = v.get<std::string>();
    if (word == "start") at.kind = LessonAt::Kind::Start;
    else if (word == "end") at.kind = LessonAt::Kind::End;
    else r.fail(place, in_quotes(word) + " is not \"start\", \"end\" or a {\"round\", \"phase\", \"k\"} object");
    return at;
  }
  if (!v.is_object()) r.fail(place, std::string("expected {\"round\", \"phase\", \"k\"}, \"start\" or \"end\", found ") + v.type_name());
  try {
    static_cast<StepAt&>(at) = read_step_at(v);
  } catch (const StepAtError& e) {
    r.fail(e.key().empty() ? place : place + "." + e.key(), e.what());
  }
  return at;
}

LessonStop read_stop(const Reader& r, const json& v, std::size_t index) {
  const std::string place = LessonFile::stop_place(index);
  if (!v.is_object()) r.fail(place, std::string("expected an object, found ") + v.type_name());
  r.only_keys(v, place, {"at", "select", "say", "questions"});
  LessonStop stop;
  if (!v.contains("at")) r.fail(place, "no \"at\": where the stop stands ({\"round\", \"phase\", \"k\"}, \"start\" or \"end\")");
  stop.at = read_at(r, v["at"], place + ".at");
  if (v.contains("select")) {
    const json& s = v["select"];
    if (!s.is_array() || s.size() != 2) r.fail(place + ".select", "expected [i, j], two vertex numbers from 0");
    stop.select = std::pair{r.integer(s[0], place + ".select[0]", 0), r.integer(s[1], place + ".select[1]", 0)};
  }
  if (v.contains("say")) stop.say = r.text(v["say"], place + ".say");
  if (v.contains("questions")) {
    const json& q = v["questions"];
    if (!q.is_array()) r.fail(place + ".questions", std::string("expected a list of quiz questions, found ") + q.type_name());
    for (std::size_t j = 0; j < q.size(); ++j) {
      if (!q[j].is_object())
        r.fail(place + ".questions[" + std::to_string(j) + "]", std::string("expected a quiz question, found ") + q[j].type_name());
      stop.questions.push_back(q[j]);
    }
  }
  return stop;
}

}  // namespace

std::string LessonFile::stop_place(std::size_t index, std::string_view rest) {
  // Appended piece by piece, as in_quotes().
  std::string place = "stops[";
  place += std::to_string(index);
  place += ']';
  if (!rest.empty()) {
    place += '.';
    place += rest;
  }
  return place;
}

LessonFile parse_lesson(std::string_view text, const std::string& path) {
  const Reader r{path};
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error& e) {
    // nlohmann says "[json.exception.parse_error.101] parse error at line 3, column 5: ..."; keep the place.
    std::string what = e.what();
    const std::size_t at = what.find("parse error");
    r.fail("", "not JSON: " + (at == std::string::npos ? what : what.substr(at)));
  }
  if (!doc.is_object()) r.fail("", std::string("expected a lesson object {\"title\", \"graph\", \"stops\", ...}, found ") + doc.type_name());
  r.only_keys(doc, "", {"title", "graph", "block", "backend", "dtype", "colormap", "granularity", "presentation", "stops"});

  LessonFile lesson;
  lesson.path = path;
  if (!doc.contains("title")) r.fail("title", "missing: the lesson's name");
  lesson.title = r.text(doc["title"], "title");
  if (!doc.contains("graph")) r.fail("graph", "missing: {\"gen\": SPEC} or {\"file\": PATH}");
  lesson.graph = read_graph(r, doc["graph"], path);
  if (doc.contains("block")) lesson.block = r.integer(doc["block"], "block", 1);
  if (doc.contains("backend")) lesson.backend = r.text(doc["backend"], "backend");
  if (doc.contains("dtype")) {
    lesson.dtype = r.text(doc["dtype"], "dtype");
    if (*lesson.dtype != "i32" && *lesson.dtype != "i16") r.fail("dtype", in_quotes(*lesson.dtype) + " is not i32 or i16");
  }
  if (doc.contains("colormap")) lesson.colormap = r.text(doc["colormap"], "colormap");
  if (doc.contains("granularity")) {
    const std::string g = r.text(doc["granularity"], "granularity");
    if (g == "k") lesson.granularity = Granularity::KStep;
    else if (g == "phase") lesson.granularity = Granularity::Phase;
    else if (g == "round") lesson.granularity = Granularity::Round;
    else r.fail("granularity", in_quotes(g) + " is not k, phase or round");
  }
  if (doc.contains("presentation")) lesson.presentation = r.boolean(doc["presentation"], "presentation");
  if (!doc.contains("stops")) r.fail("stops", "missing: the list of stops");
  const json& stops = doc["stops"];
  if (!stops.is_array() || stops.empty()) r.fail("stops", "expected a list of at least one stop");
  for (std::size_t i = 0; i < stops.size(); ++i) lesson.stops.push_back(read_stop(r, stops[i], i));
  return lesson;
}

LessonFile read_lesson_file(const std::string& path) {
  io_detail::StreamLimits limits;
  limits.max_bytes = kMaxLessonFileBytes;
  const io_detail::MappedFile file(path, limits);
  if (file.size() > kMaxLessonFileBytes)
    throw InputError(path, "", "larger than " + std::to_string(kMaxLessonFileBytes >> 10) + " KiB: not a lesson file");
  return file.parse([&] { return parse_lesson(file.text(), path); });
}

Cursor lesson_stop_cursor(const LessonFile& lesson, std::size_t index, const KClock& clock) {
  const Reader r{lesson.path};
  const LessonStop& stop = lesson.stops.at(index);
  const LessonAt& at = stop.at;
  const std::string place = LessonFile::stop_place(index, "at");
  const int n = clock.n();
  if (stop.select && (stop.select->first >= n || stop.select->second >= n))
    r.fail(LessonFile::stop_place(index, "select"), "vertex outside 0.." + std::to_string(n - 1) + " of this graph");
  if (at.kind == LessonAt::Kind::Start) return clock.cursor_at(0);
  if (at.kind == LessonAt::Kind::End) return clock.cursor_at(clock.total());

  try {
    return resolve_step_at(at, n, clock.block(), clock.blocked(), "\"end\" is after the last");
  } catch (const StepAtError& e) {
    r.fail(place + "." + e.key(), e.what());
  }
}

std::vector<Cursor> lesson_cursors(const LessonFile& lesson, const KClock& clock) {
  std::vector<Cursor> out;
  for (std::size_t i = 0; i < lesson.stops.size(); ++i) out.push_back(lesson_stop_cursor(lesson, i, clock));
  return out;
}

nlohmann::json cursor_to_json(const Cursor& cursor, int block) {
  if (cursor.finished) return "end";
  return json{{"round", cursor.round}, {"phase", std::string(to_string(cursor.phase))}, {"k", cursor.round * block + cursor.k}};
}

}  // namespace apsp::teach
