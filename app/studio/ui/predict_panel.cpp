// Predict mode's words and controls: the question under the heatmap's title, the Predict section of the
// controls column, its presentation overlay, and where a click on the heatmap goes while a question is open.
// The marks on the cells are ui/quiz_marks.cpp's.
#include <imgui.h>

// imgui_stdlib.h needs imgui.h first (IMGUI_API); a separate block keeps include sorting from swapping them.
#include <imgui_stdlib.h>

#include <apsp/teach/k_clock.h>

#include <algorithm>
#include <string>

#include "session/quiz_job.h"
#include "session/step_position.h"
#include "teach/ledger_text.h"
#include "ui/predict_panel.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

const ImVec4 kQuestionColour(1.0f, 0.85f, 0.35f, 1.0f);

std::string cells_text(const std::vector<teach::QuizCell>& cells) {
  std::string text;
  for (std::size_t c = 0; c < cells.size() && c < 12; ++c) {
    text += c ? ", (" : "(";  // appended piecewise: GCC 12's -Wrestrict false positive on "(" + std::to_string()
    text += std::to_string(cells[c].first);
    text += ", ";
    text += std::to_string(cells[c].second);
    text += ')';
  }
  if (cells.size() > 12) text += ", ...";
  return text.empty() ? std::string("none") : text;
}

std::string score_text(const SessionSnapshot& s) {
  const teach::QuizScore score = s.quiz ? s.quiz->score() : teach::QuizScore{};
  return "score " + std::to_string(score.right) + " / " + std::to_string(score.asked);
}

/// A mark drawn as large as the text, then @p text beside it.
void mark_then_text(QuizMarkKind kind, const std::string& text) {
  const float side = ImGui::GetTextLineHeight();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(side, side));
  draw_quiz_mark(ImGui::GetWindowDrawList(), kind, ImVec2(at.x + side * 0.5f, at.y + side * 0.5f), side * 0.8f);
  ImGui::SameLine(0, ImGui::GetStyle().ItemInnerSpacing.x);
  ImGui::TextUnformatted(text.c_str());
}

bool blocked_run(const SessionSnapshot& s) { return !plain_run(s); }

/// The revealed answer in a few words, with the marks' key: "2 of 3 found: [check] 2 right [ring] 1 missed ...".
void draw_outcome_summary(const SessionSnapshot& s, const teach::QuizOutcome& o) {
  if (o.question.ask == teach::QuizAsk::Value) {
    const std::string truth = ledger_value(o.expected.value);
    const std::string said = o.answer.value ? ledger_value(*o.answer.value) : std::string("no answer");
    mark_then_text(o.mark.right ? QuizMarkKind::Hit : QuizMarkKind::Extra,
                   (o.mark.right ? "right: d[" : "not quite: d[") + std::to_string(o.question.i) + "][" +
                       std::to_string(o.question.j) + "] = " + truth + " (you said " + said + ") | " + score_text(s));
    return;
  }
  ImGui::TextUnformatted(o.mark.right ? "right!" : "not quite:");
  const float spacing = ImGui::GetFontSize() * 0.6f;
  ImGui::SameLine(0, spacing);
  mark_then_text(QuizMarkKind::Hit, std::to_string(o.mark.hit.size()) + " found");
  ImGui::SameLine(0, spacing);
  mark_then_text(QuizMarkKind::Missed, std::to_string(o.mark.missed.size()) + " missed");
  ImGui::SameLine(0, spacing);
  mark_then_text(QuizMarkKind::Extra, std::to_string(o.mark.extra.size()) + " not improved");
  ImGui::SameLine(0, spacing);
  ImGui::TextUnformatted(("| " + score_text(s)).c_str());
}

void draw_explanations(const teach::QuizOutcome& o) {
  if (o.mark.right) {
    ImGui::TextWrapped("right: %s", o.question.ask == teach::QuizAsk::Value
                                        ? ("d[" + std::to_string(o.question.i) + "][" + std::to_string(o.question.j) +
                                           "] = " + ledger_value(o.expected.value))
                                              .c_str()
                                        : ("improved: " + cells_text(o.expected.improved)).c_str());
    return;
  }
  for (const std::string& line : o.explanation) ImGui::TextWrapped("%s", line.c_str());
}

void reveal_button(const AppState& state, CommandQueue& commands, const char* label = "Reveal") {
  if (ImGui::Button(label)) commands.push(CmdPredictReveal{state.edits.predict.value_text});
  item_tooltip("take the step and mark the answer (Right)");
}

/// The open question's answer field: a typed value, or the cells marked so far; then Reveal.
void draw_answer_controls(const AppState& state, const teach::QuizQuestion& q, PredictEdits& edits,
                          CommandQueue& commands) {
  if (q.ask == teach::QuizAsk::Value) {
    ImGui::AlignTextToFramePadding();
    ImGui::Text("d[%d][%d] =", q.i, q.j);
    ImGui::SameLine();
    ImGui::SetNextItemWidth(ImGui::GetFontSize() * 5);
    if (ImGui::InputText("##predict-value", &edits.value_text, ImGuiInputTextFlags_EnterReturnsTrue))
      commands.push(CmdPredictReveal{edits.value_text});
    item_tooltip("a whole number, or inf for unreachable; Enter reveals");
    ImGui::SameLine();
  } else {
    ImGui::TextWrapped("marked: %s", cells_text(state.predict.answer.cells).c_str());
  }
  reveal_button(state, commands);
}

}  // namespace

std::string describe_question_step(const teach::QuizQuestion& q, int block, int n, bool blocked) {
  StepRef r;
  r.round = q.at.round;
  r.phase = blocked ? teach::phase_number(q.at.phase) : 0;
  switch (q.step) {
    case teach::QuizStep::Round:
      return blocked ? "round " + std::to_string(q.at.round) : describe_step(r, block, n);
    case teach::QuizStep::Phase:
      return describe_step(r, block, n);
    case teach::QuizStep::K:
      r.k = q.at.round * std::max(1, block) + q.at.k;
      return describe_step(r, block, n);
  }
  return describe_step(r, block, n);
}

std::string describe_question(const teach::QuizQuestion& q, int block, int n, bool blocked) {
  const std::string step = describe_question_step(q, block, n, blocked);
  if (q.ask == teach::QuizAsk::Value)
    return "what will d[" + std::to_string(q.i) + "][" + std::to_string(q.j) + "] be after " + step + "?";
  if (q.block_row < 0) return "which cells improve in " + step + "?";
  return "which cells of block (" + std::to_string(q.block_row) + ", " + std::to_string(q.block_col) +
         ") improve in " + step + "?";
}

Command heatmap_click_command(const AppState& state, CellRef cell) {
  const teach::QuizQuestion* q = open_question(state.predict, state.session.cursor);
  if (q && q->ask == teach::QuizAsk::Improves) return CmdPredictToggleCell{cell};
  return CmdSelectCell{cell};
}

void draw_predict_strip(const AppState& state, CommandQueue& commands) {
  if (!state.predict.on) return;
  const SessionSnapshot& s = state.session;
  const bool blocked = blocked_run(s);
  ImGui::PushID("predict-strip");
  if (const teach::QuizQuestion* q = open_question(state.predict, s.cursor)) {
    const std::string how = q->ask == teach::QuizAsk::Value
                                ? " Type it, then Reveal."
                                : " Click them (" + std::to_string(state.predict.answer.cells.size()) +
                                      " marked), then Reveal.";
    reveal_button(state, commands);
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_Text, kQuestionColour);
    ImGui::TextWrapped("Predict: %s%s", describe_question(*q, s.config.block, s.n, blocked).c_str(), how.c_str());
    ImGui::PopStyleColor();
  } else if (const teach::QuizOutcome* o = shown_outcome(s.quiz.get(), state.predict, s.cursor)) {
    draw_outcome_summary(s, *o);
  } else {
    ImGui::PushStyleColor(ImGuiCol_Text, kQuestionColour);
    ImGui::TextWrapped("Predict mode: Right asks the next step's question | %s", score_text(s).c_str());
    ImGui::PopStyleColor();
  }
  ImGui::PopID();
}

void draw_predict_panel(const AppState& state, PredictEdits& edits, CommandQueue& commands) {
  if (!ImGui::CollapsingHeader("Predict", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushID("predict");
  const SessionSnapshot& s = state.session;
  const PredictState& p = state.predict;
  bool on = p.on;
  if (ImGui::Checkbox("ask first (Q)", &on)) commands.push(CmdSetPredict{on, std::nullopt});
  item_tooltip("the step is shown only after the class answered: click the cells that will improve, or type the "
               "selected cell's next value, then Reveal");
  if (blocked_run(s)) {
    // Beside the checkbox only where it fits: a narrow column (720p at a large UI scale) would clip the label.
    const float combo_width = ImGui::GetFontSize() * 5.5f;
    const float right_edge = ImGui::GetWindowPos().x + ImGui::GetWindowContentRegionMax().x;
    if (right_edge - ImGui::GetItemRectMax().x - ImGui::GetStyle().ItemSpacing.x >= combo_width) ImGui::SameLine();
    const char* names[] = {"k", "phase", "round"};
    int step = static_cast<int>(p.step);
    ImGui::SetNextItemWidth(combo_width);
    if (ImGui::Combo("##predict-step", &step, names, 3))
      commands.push(CmdSetPredict{p.on, static_cast<teach::QuizStep>(step)});
    item_tooltip("the step the first question asks about (the step keys ask about their own: Ctrl k, Shift round)");
  }
  if (p.on) {
    if (const teach::QuizQuestion* q = open_question(p, s.cursor)) {
      ImGui::PushStyleColor(ImGuiCol_Text, kQuestionColour);
      ImGui::TextWrapped("%s", describe_question(*q, s.config.block, s.n, blocked_run(s)).c_str());
      ImGui::PopStyleColor();
      draw_answer_controls(state, *q, edits, commands);
    } else if (const teach::QuizOutcome* o = shown_outcome(s.quiz.get(), p, s.cursor)) {
      draw_explanations(*o);
    }
  }
  if (!s.quiz) {
    ImGui::PopID();
    return;  // the score and its file once a question was revealed
  }
  const teach::QuizScore score = s.quiz->score();
  ImGui::TextWrapped("%s; cells: %d found, %d missed, %d extra", score_text(s).c_str(), score.cells_hit,
                     score.cells_missed, score.cells_extra);
  const ImGuiStyle& style = ImGui::GetStyle();
  const float buttons = ImGui::CalcTextSize("Export score").x + ImGui::CalcTextSize("reset").x +
                        style.FramePadding.x * 4 + style.ItemSpacing.x * 2;
  ImGui::SetNextItemWidth(std::max(ImGui::GetContentRegionAvail().x - buttons, ImGui::GetFontSize() * 4));
  ImGui::InputText("##predict-results", &edits.results_path);
  ImGui::SameLine();
  if (ImGui::Button("Export score")) commands.push(CmdExportQuizResults{edits.results_path});
  item_tooltip("every question revealed, its answer, the right one and the explanations, as JSON");
  ImGui::SameLine();
  if (ImGui::Button("reset")) commands.push(CmdResetQuizScore{});
  item_tooltip("start the score over");
  ImGui::PopID();
}

void draw_predict_overlay(const AppState& state, PredictEdits& edits, CommandQueue& commands) {
  const SessionSnapshot& s = state.session;
  if (!state.predict.on) return;
  ImGui::PushID("predict-overlay");
  if (const teach::QuizQuestion* q = open_question(state.predict, s.cursor)) {
    draw_answer_controls(state, *q, edits, commands);
  } else if (const teach::QuizOutcome* o = shown_outcome(s.quiz.get(), state.predict, s.cursor)) {
    draw_explanations(*o);
  }
  ImGui::PopID();
  ImGui::Separator();
}

}  // namespace apsp::studio
