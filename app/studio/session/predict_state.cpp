#include "session/predict_state.h"

#include <apsp/core/errors.h>
#include <apsp/core/types.h>
#include <apsp/core/untrusted_text.h>

#include <algorithm>
#include <charconv>

#include "session/quiz_job.h"

namespace apsp::studio {

teach::QuizRun quiz_run_of(int n, int block, bool blocked) {
  teach::QuizRun run;
  run.n = n;
  run.block = std::max(1, block);
  run.blocked = blocked;
  return run;
}

std::optional<teach::QuizQuestion> predict_question(const teach::QuizRun& run, const Cursor& at, teach::QuizStep step,
                                                    CellRef selected) {
  if (at.finished || run.n <= 0) return std::nullopt;
  if (selected.valid() && selected.i < run.n && selected.j < run.n) {
    teach::QuizQuestion q;
    q.at = at;
    q.step = step;
    q.ask = teach::QuizAsk::Value;
    q.i = selected.i;
    q.j = selected.j;
    return q;
  }
  std::vector<teach::QuizQuestion> questions = teach::questions_for_step(run, at, step);
  if (questions.empty()) return std::nullopt;
  return questions.front();
}

const teach::QuizQuestion* open_question(const PredictState& predict, const Cursor& now) {
  if (!predict.on || !predict.question || !(predict.question->at == now)) return nullptr;
  return &*predict.question;
}

const teach::QuizOutcome* shown_outcome(const QuizResults* record, const PredictState& predict, const Cursor& now) {
  if (!record || record->outcomes.empty() || open_question(predict, now)) return nullptr;
  const teach::QuizOutcome& last = record->outcomes.back();
  return last.after == now ? &last : nullptr;
}

namespace {

std::optional<int> whole_number(const std::string& text) {
  int value = 0;
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (ec != std::errc() || ptr != end || text.empty()) return std::nullopt;
  return value;
}

}  // namespace

std::vector<teach::QuizCell> parse_answer_cells(const std::string& text) {
  std::vector<teach::QuizCell> cells;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t comma = text.find(',', start);
    if (comma == std::string::npos) comma = text.size();
    const std::string part = text.substr(start, comma - start);
    const std::size_t colon = part.find(':');
    const std::optional<int> i = colon == std::string::npos ? std::nullopt : whole_number(part.substr(0, colon));
    const std::optional<int> j = colon == std::string::npos ? std::nullopt : whole_number(part.substr(colon + 1));
    if (!i || !j || *i < 0 || *j < 0)
      throw UsageError("expected cells I:J separated by commas (0-based), got " + user_value_in_message(part));
    cells.emplace_back(*i, *j);
    start = comma + 1;
  }
  std::sort(cells.begin(), cells.end());
  cells.erase(std::unique(cells.begin(), cells.end()), cells.end());
  return cells;
}

std::int32_t parse_answer_value(const std::string& text) {
  if (text == "inf" || text == "INF") return kInf32;
  const std::optional<int> v = whole_number(text.size() > 1 && text[0] == '+' ? text.substr(1) : text);
  if (!v || *v >= kInf32 || *v < kFloor32)
    throw UsageError("expected a distance (a whole number, or inf for unreachable), got " +
                     user_value_in_message(text));
  return *v;
}

void write_predict_results(const std::string& path, const QuizResults* record, const ExportContext& context) {
  if (!record || record->outcomes.empty()) throw UsageError("no question revealed yet: no score to write");
  write_quiz_results(path, "predict mode", *record, context);  // "quiz": where the questions came from
}

nlohmann::json quiz_stats_json(const PredictState& predict, const QuizResults* record, const teach::QuizRun& run,
                               const Cursor& now) {
  nlohmann::json j;
  j["predict"] = predict.on;
  const teach::QuizQuestion* open = open_question(predict, now);
  j["open_question"] = open ? teach::to_json(*open, run) : nlohmann::json(nullptr);
  j["marked"] = nlohmann::json::array();
  if (open)
    for (const teach::QuizCell& c : predict.answer.cells) j["marked"].push_back(teach::cell_json(c));
  const teach::QuizScore score = record ? record->score() : teach::QuizScore{};
  j["score"] = teach::to_json(score);
  j["asked"] = score.asked;
  j["right"] = score.right;
  if (record && !record->outcomes.empty()) {
    const teach::QuizOutcome& o = record->outcomes.back();
    nlohmann::json last = teach::to_json(o.mark);
    last["question"] = teach::to_json(o.question, record->run);
    last["answer"] = teach::to_json(o.answer);
    last["expected"] = teach::to_json(o.expected, o.question);
    last["explanation"] = o.explanation;
    last["shown"] = shown_outcome(record, predict, now) != nullptr;
    j["last"] = std::move(last);
  } else {
    j["last"] = nullptr;
  }
  return j;
}

}  // namespace apsp::studio
