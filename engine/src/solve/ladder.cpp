#include <apsp/solve/ladder.h>

namespace apsp {

const std::vector<std::string>& ladder_backends() {
  static const std::vector<std::string> names{"cuda-simple",  "cuda-naive",  "cuda-simple-vec",  "cuda-pseudo-blocked",
                                              "cuda-blocked", "cuda-staged", "cuda-blocked-vec", "cuda-tuned"};
  return names;
}

const char* to_string(Phase2Mode mode) { return mode == Phase2Mode::OneCta ? "one-cta" : "split"; }

std::optional<Phase2Mode> parse_phase2_mode(std::string_view text) {
  if (text == "split") return Phase2Mode::Split;
  if (text == "one-cta") return Phase2Mode::OneCta;
  return std::nullopt;
}

std::string phase2_of(std::string_view backend, Phase2Mode mode) {
  const bool classic = backend == "cuda-blocked" || backend == "cuda-staged" || backend == "cuda-blocked-vec";
  return classic ? to_string(mode) : "";
}

std::string cells_per_thread_problem(int p) {
  std::string choices;
  for (int c : kCellsPerThreadChoices) {
    if (c == p) return {};
    if (!choices.empty()) choices += ", ";  // piece by piece: GCC 12's -Wrestrict false positive otherwise
    choices += std::to_string(c);
  }
  std::string why = std::to_string(p);
  why += " is not one of ";
  why += choices;
  return why;
}

}  // namespace apsp
