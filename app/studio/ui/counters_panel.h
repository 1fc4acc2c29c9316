#pragma once
// The Counters tab: hardware counters per (round, phase) of the loaded graph with the active
// configuration, profiled on a thread with a solver of its own (session/counters_job.h): rounds to profile, the
// "Profile" button, the table beside the modeled bytes and the roofline (app/chart roofline.h).
#include <string>

#include "session/app_state.h"
#include "session/commands.h"
#include "session/counters_job.h"

namespace apsp::studio {

/// @brief What the tab edits: the rounds text (counters::RoundSelection syntax).
struct CountersTabState {
  std::string rounds = "0";
};

/// @brief Draws the tab's content into the current tab item. @p unavailable: why counters cannot be read here
/// ("" when they may be); the button is then disabled and the reason shown.
void draw_counters_tab(const AppState& state, const CountersJobSnapshot& job, const std::string& unavailable,
                       CountersTabState& edits, CommandQueue& commands);

}  // namespace apsp::studio
