#pragma once
/// @file step_at.h
/// @brief "at" in a lesson stop or a quiz question: where a step starts, as {"round", "phase", "k"} (k global;
/// round alone: the round's start; k alone: its round's). One reader and one resolver serve both files, so a
/// teacher writes "at" the same way in each and gets the same reasons back; each caller puts its own file and
/// place before them.
#include <apsp/solve/solver.h>

#include <nlohmann/json_fwd.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>

namespace apsp::teach {

struct StepAt {
  std::optional<int> round;    ///< absent: k's round
  std::optional<Phase> phase;  ///< absent: the round's first phase
  std::optional<int> k;        ///< global; absent: the round's first k
};

/// @brief A bad "at": the key it concerns ("round", "phase", "k" or one not known; empty: the object itself) and
/// why, without a place (the caller's).
class StepAtError : public std::runtime_error {
 public:
  StepAtError(std::string key, const std::string& why) : std::runtime_error(why), m_key(std::move(key)) {}
  const std::string& key() const { return m_key; }

 private:
  std::string m_key;
};

/// @brief Reads {"round", "phase", "k"}: round and k whole numbers from 0, at least one of them; the phase by name
/// (pivot, rowcol, independent, full) or as 1..3. Throws StepAtError.
StepAt read_step_at(const nlohmann::json& v);

/// @brief The Cursor @p at names in a run of @p n vertices with pivot block @p block, blocked (three phases a
/// round) or plain Floyd–Warshall (one full phase). Throws StepAtError where it lies past the run or names the
/// other algorithm's phase; @p past_end_hint (e.g. "\"end\" is after the last") is added to the past-the-run
/// reasons.
Cursor resolve_step_at(const StepAt& at, int n, int block, bool blocked, std::string_view past_end_hint = {});

}  // namespace apsp::teach
