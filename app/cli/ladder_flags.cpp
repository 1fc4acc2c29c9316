#include "ladder_flags.h"

#include <apsp/core/errors.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/solve/ladder.h>

namespace apsp::cli {

void LadderFlags::apply(SolverOptions& options) const {
  options.cells_per_thread = cells_per_thread;
  const std::optional<Phase2Mode> mode = parse_phase2_mode(phase2);
  if (!mode) throw UsageError("--phase2: '" + user_value_in_message(phase2) + "' is not split or one-cta");  // the validator's job
  options.phase2 = *mode;
}

void add_ladder_flags(CLI::App& app, LadderFlags& flags) {
  app.add_option("--cells-per-thread", flags.cells_per_thread,
                 "cuda-pseudo-blocked: P x P cells per thread, P = 2, 4 or 8")
      ->capture_default_str()
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            try {
              std::size_t used = 0;
              const int p = std::stoi(text, &used);
              if (used != text.size()) return "'" + user_value_in_message(text) + "' is not one of 2, 4, 8";
              return cells_per_thread_problem(p);
            } catch (const std::logic_error&) {
              return "'" + user_value_in_message(text) + "' is not one of 2, 4, 8";
            }
          },
          "2|4|8"));
  app.add_option("--phase2", flags.phase2,
                 "Phase 2 of cuda-blocked, cuda-staged, cuda-blocked-vec: split (one CTA per row or column block) or "
                 "one-cta (one CTA updates a pivot row block and a pivot column block)")
      ->capture_default_str()
      ->check(CLI::Validator(
          [](std::string& text) -> std::string {
            return parse_phase2_mode(text) ? std::string() : "'" + user_value_in_message(text) + "' is not split or one-cta";
          },
          "split|one-cta"));
}

}  // namespace apsp::cli
