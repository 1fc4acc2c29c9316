// Quiz files: questions and answers read from JSON with one line per mistake, naming the file and the entry;
// the results written back. Format: docs/teaching.md, "Quiz files".
#include <apsp/core/errors.h>
#include <apsp/core/json_number.h>
#include <apsp/teach/k_clock.h>
#include <apsp/teach/quiz.h>
#include <apsp/teach/step_at.h>

#include "io/mapped_file.h"

#include <algorithm>
#include <stdexcept>

namespace apsp::teach {
namespace {

[[noreturn]] void fail(const std::string& where, const std::string& what) { throw InputError(where, "", what); }

int integer(const nlohmann::json& v, const std::string& where, const std::string& what) {
  try {
    return json_integer<int>(v);
  } catch (const std::exception&) {
    fail(where, what + " is not a whole number");
  }
}

QuizCell cell_from_json(const nlohmann::json& v, const std::string& where, const std::string& what) {
  if (!v.is_array() || v.size() != 2) fail(where, what + " is not a pair [i, j]");
  return {integer(v[0], where, what), integer(v[1], where, what)};
}

std::string pair_text(int a, int b) {
  std::string text(1, '[');  // appended piecewise: "[" + std::to_string() trips GCC 12's -Wrestrict false positive
  text += std::to_string(a);
  text += ", ";
  text += std::to_string(b);
  text += ']';
  return text;
}

/// "at" as lessons write it too (step_at.h); its reasons under "at.KEY".
Cursor cursor_from_json(const nlohmann::json& v, const std::string& where, const QuizRun& run) {
  try {
    return resolve_step_at(read_step_at(v), run.n, run.block, run.blocked);
  } catch (const StepAtError& e) {
    fail(where, (e.key().empty() ? std::string("at") : "at." + e.key()) + ": " + e.what());
  }
}

QuizStep step_from_json(const nlohmann::json& v, const std::string& where) {
  if (v == "k") return QuizStep::K;
  if (v == "phase") return QuizStep::Phase;
  if (v == "round") return QuizStep::Round;
  fail(where, "\"step\" is not k, phase or round");
}

}  // namespace

nlohmann::json cell_json(const QuizCell& c) { return nlohmann::json::array({c.first, c.second}); }

nlohmann::json distance_json(std::int32_t v) { return v == kInf32 ? nlohmann::json("inf") : nlohmann::json(v); }

QuizQuestion question_from_json(const nlohmann::json& j, const std::string& where, const QuizRun& run) {
  if (!j.is_object()) fail(where, "not an object {\"at\", \"step\", \"ask\", ...}");
  for (const auto& [key, value] : j.items())
    if (key != "at" && key != "step" && key != "ask" && key != "block" && key != "cell" && key != "prompt" &&
        key != "answer")
      fail(where, "unknown key '" + key + "'");
  if (!j.contains("at")) fail(where, "no \"at\" (the cursor the step starts from)");
  const Cursor at = cursor_from_json(j["at"], where, run);
  const QuizStep step = j.contains("step") ? step_from_json(j["step"], where) : QuizStep::Phase;
  QuizQuestion q;
  if (!j.contains("ask")) {
    if (j.contains("block") || j.contains("cell")) fail(where, "\"block\" or \"cell\" without \"ask\"");
    q = questions_for_step(run, at, step).front();
  } else {
    q.at = at;
    q.step = step;
    const nlohmann::json& ask = j["ask"];
    if (ask == "improves") {
      q.ask = QuizAsk::Improves;
      if (j.contains("cell")) fail(where, "an \"improves\" question takes \"block\", not \"cell\"");
      if (j.contains("block")) {
        const QuizCell b = cell_from_json(j["block"], where, "\"block\"");
        if (b.first < 0 || b.second < 0 || b.first >= run.rounds() || b.second >= run.rounds())
          fail(where, "block " + pair_text(b.first, b.second) + " outside 0.." + std::to_string(run.rounds() - 1));
        q.block_row = b.first;
        q.block_col = b.second;
      }
    } else if (ask == "value") {
      q.ask = QuizAsk::Value;
      if (j.contains("block")) fail(where, "a \"value\" question takes \"cell\", not \"block\"");
      if (!j.contains("cell")) fail(where, "a \"value\" question needs \"cell\": [i, j]");
      const QuizCell c = cell_from_json(j["cell"], where, "\"cell\"");
      if (c.first < 0 || c.second < 0 || c.first >= run.n || c.second >= run.n)
        fail(where, "cell " + pair_text(c.first, c.second) + " outside 0.." + std::to_string(run.n - 1));
      q.i = c.first;
      q.j = c.second;
    } else {
      fail(where, "\"ask\" is not improves or value");
    }
  }
  if (j.contains("prompt")) {
    if (!j["prompt"].is_string()) fail(where, "\"prompt\" is not a string");
    q.prompt = j["prompt"].get<std::string>();
  }
  return q;
}

nlohmann::json to_json(const QuizQuestion& q, const QuizRun& run) {
  nlohmann::json at = {{"round", q.at.round}, {"phase", std::string(apsp::to_string(q.at.phase))}, {"k", q.at.round * run.block + q.at.k}};
  nlohmann::json j = {{"at", at}, {"step", std::string(to_string(q.step))}, {"ask", std::string(to_string(q.ask))}};
  if (q.ask == QuizAsk::Value) j["cell"] = cell_json({q.i, q.j});
  if (q.ask == QuizAsk::Improves && q.block_row >= 0) j["block"] = cell_json({q.block_row, q.block_col});
  if (!q.prompt.empty()) j["prompt"] = q.prompt;
  return j;
}

QuizAnswer answer_from_json(const nlohmann::json& j, const std::string& where) {
  if (!j.is_object()) fail(where, "\"answer\" is not an object {\"cells\": [...]} or {\"value\": ...}");
  for (const auto& [key, value] : j.items())
    if (key != "cells" && key != "value") fail(where, "\"answer\": unknown key '" + key + "'");
  QuizAnswer a;
  a.given = true;
  if (j.contains("cells") == j.contains("value")) fail(where, "\"answer\" needs exactly one of \"cells\" and \"value\"");
  if (j.contains("cells")) {
    const nlohmann::json& cells = j["cells"];
    if (!cells.is_array()) fail(where, "\"cells\" is not an array of [i, j] pairs");
    for (const nlohmann::json& c : cells) a.cells.push_back(cell_from_json(c, where, "a cell of \"cells\""));
    std::sort(a.cells.begin(), a.cells.end());
    a.cells.erase(std::unique(a.cells.begin(), a.cells.end()), a.cells.end());
  } else {
    const nlohmann::json& v = j["value"];
    if (v == "inf") {
      a.value = kInf32;
    } else {
      std::int64_t x = 0;
      try {
        x = json_integer<std::int64_t>(v);
      } catch (const std::exception&) {
        fail(where, "\"value\" is not a whole number or \"inf\"");
      }
      if (x <= -kInf32 || x >= kInf32) fail(where, "\"value\" " + std::to_string(x) + " is out of range (write \"inf\" for unreachable)");
      a.value = static_cast<std::int32_t>(x);
    }
  }
  return a;
}

nlohmann::json to_json(const QuizAnswer& a) {
  if (!a.given) return nullptr;
  if (a.value) return {{"value", distance_json(*a.value)}};
  nlohmann::json cells = nlohmann::json::array();
  for (const QuizCell& c : a.cells) cells.push_back(cell_json(c));
  return {{"cells", cells}};
}

nlohmann::json to_json(const QuizExpected& e, const QuizQuestion& q) {
  if (q.ask == QuizAsk::Value) return {{"value", distance_json(e.value)}};
  nlohmann::json cells = nlohmann::json::array();
  for (const QuizCell& c : e.improved) cells.push_back(cell_json(c));
  return {{"cells", cells}};
}

nlohmann::json to_json(const QuizMark& m) {
  auto cells = [](const std::vector<QuizCell>& v) {
    nlohmann::json a = nlohmann::json::array();
    for (const QuizCell& c : v) a.push_back(cell_json(c));
    return a;
  };
  return {{"right", m.right}, {"hit", cells(m.hit)}, {"missed", cells(m.missed)}, {"extra", cells(m.extra)}};
}

nlohmann::json to_json(const QuizScore& s) {
  return {{"asked", s.asked},
          {"right", s.right},
          {"cells_hit", s.cells_hit},
          {"cells_missed", s.cells_missed},
          {"cells_extra", s.cells_extra}};
}

void check_entry(const QuizRun& run, const QuizQuestion& q, const QuizAnswer& a, const std::string& where) {
  if (!a.given) return;
  if (q.ask == QuizAsk::Value && !a.value) fail(where, "a \"value\" question takes \"answer\": {\"value\": ...}");
  if (q.ask == QuizAsk::Improves && a.value) fail(where, "an \"improves\" question takes \"answer\": {\"cells\": [...]}");
  const QuizArea area = area_of(q, run.n, run.block);
  for (const QuizCell& c : a.cells) {
    if (c.first < 0 || c.second < 0 || c.first >= run.n || c.second >= run.n)
      fail(where, "cell " + pair_text(c.first, c.second) + " outside 0.." + std::to_string(run.n - 1));
    if (!area.contains(c.first, c.second))
      fail(where, "cell " + pair_text(c.first, c.second) + " outside block " + pair_text(q.block_row, q.block_col) +
                      " (rows " + std::to_string(area.row_begin) + ".." + std::to_string(area.row_end - 1) +
                      ", columns " + std::to_string(area.col_begin) + ".." + std::to_string(area.col_end - 1) + ")");
  }
}

std::vector<QuizEntry> quiz_from_json(const nlohmann::json& doc, const std::string& file, const QuizRun& run) {
  const nlohmann::json* list = &doc;
  if (doc.is_object()) {
    for (const auto& [key, value] : doc.items())
      if (key != "questions") fail(file, "unknown key '" + key + "' (a quiz is {\"questions\": [...]} or [...])");
    if (!doc.contains("questions")) fail(file, "no \"questions\"");
    list = &doc["questions"];
  }
  if (!list->is_array()) fail(file, "not a quiz: an array of entries or {\"questions\": [...]}");
  if (list->empty()) fail(file, "no questions");
  std::vector<QuizEntry> entries;
  for (std::size_t e = 0; e < list->size(); ++e) {
    const std::string where = file + ": entry " + std::to_string(e + 1);
    const nlohmann::json& j = (*list)[e];
    QuizEntry entry;
    entry.question = question_from_json(j, where, run);
    if (j.contains("answer")) entry.answer = answer_from_json(j["answer"], where);
    check_entry(run, entry.question, entry.answer, where);
    entries.push_back(std::move(entry));
  }
  return entries;
}

std::vector<QuizEntry> load_quiz_file(const std::string& path, const QuizRun& run) {
  const io_detail::MappedFile file(path);
  return file.parse([&] {
    const std::string_view text = file.text();
    nlohmann::json doc;
    try {
      doc = nlohmann::json::parse(text);
    } catch (const nlohmann::json::parse_error& e) {
      // nlohmann counts bytes from 1, and one past the end where the text stops short.
      if (e.byte == 0 || e.byte > text.size()) throw InputError(path, "", "not JSON (it ends before the document does)");
      throw InputError(path, "byte " + std::to_string(e.byte - 1), "not JSON");
    }
    return quiz_from_json(doc, path, run);
  });
}

nlohmann::json results_json(const std::vector<QuizOutcome>& outcomes, const QuizRun& run) {
  QuizScore score;
  nlohmann::json questions = nlohmann::json::array();
  for (const QuizOutcome& o : outcomes) {
    add_to_score(score, o.question, o.mark);
    nlohmann::json j = to_json(o.mark);
    j["question"] = to_json(o.question, run);
    j["answer"] = to_json(o.answer);
    j["expected"] = to_json(o.expected, o.question);
    j["explanation"] = o.explanation;
    if (!o.stopped.empty()) j["stopped"] = o.stopped;
    questions.push_back(std::move(j));
  }
  return {{"score", to_json(score)}, {"questions", questions}};
}

}  // namespace apsp::teach
