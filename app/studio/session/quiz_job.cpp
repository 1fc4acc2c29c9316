#include "session/quiz_job.h"

#include <apsp/io/atomic_file.h>

#include <nlohmann/json.hpp>

#include <utility>

namespace apsp::studio {

teach::QuizScore QuizResults::score() const {
  teach::QuizScore s;
  for (const teach::QuizOutcome& o : outcomes) teach::add_to_score(s, o.question, o.mark);
  return s;
}

void play_quiz_file_async(SolverSession& session, std::string path, std::shared_ptr<QuizResults> out) {
  session.travel_async("quiz " + path, [path, out](Solver& solver, teach::TimeTravel& travel) {
    out->run = teach::QuizRun{solver.n(), solver.options().block, solver.blocked()};
    out->outcomes.clear();
    const std::vector<teach::QuizEntry> entries = teach::load_quiz_file(path, out->run);
    for (std::size_t e = 0; e < entries.size(); ++e)
      out->outcomes.push_back(teach::play_question(travel, solver, entries[e].question, entries[e].answer,
                                                   path + ": entry " + std::to_string(e + 1)));
  });
}

std::string quiz_summary(const QuizResults& results) {
  const teach::QuizScore s = results.score();
  return "quiz: " + std::to_string(s.right) + " of " + std::to_string(s.asked) + " right (cells: " +
         std::to_string(s.cells_hit) + " hit, " + std::to_string(s.cells_missed) + " missed, " +
         std::to_string(s.cells_extra) + " extra)";
}

void write_quiz_results(const std::string& path, const std::string& quiz_file, const QuizResults& results,
                        const ExportContext& context) {
  nlohmann::json doc = teach::results_json(results.outcomes, results.run);
  doc["quiz"] = quiz_file;
  doc["context"] = context_json(context);
  AtomicFile file(path);
  file.write(doc.dump(2) + "\n");
  file.commit();
}

}  // namespace apsp::studio
