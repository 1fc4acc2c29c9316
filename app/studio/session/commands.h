#pragma once
// What panels, keys, dropped files and scripted flags ask the App to do; App::apply carries them out after the
// UI pass (the rule of who writes what is at the top of session/app_state.h).
#include <apsp/solve/solver.h>

#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "session/solver_session.h"

namespace apsp::studio {

struct CmdLoadGraph {
  GraphSource source;
};
struct CmdSaveGraph {
  std::string path;
};
struct CmdConfigureSolver {
  SolverConfig config;
};
struct CmdStep {
  Granularity granularity = Granularity::Phase;
};
struct CmdSetPlaying {
  bool playing = false;
};
struct CmdTogglePlaying {};
struct CmdSetSpeed {
  float rounds_per_second = 4;
};
struct CmdRunToEnd {};
struct CmdReset {};
struct CmdFitView {};
struct CmdSetColormap {
  std::string name;
};
struct CmdSetOverlays {
  bool on = true;
};
struct CmdSetGrid {
  bool on = true;
};
struct CmdFixColourRange {
  bool fixed = false;  ///< true: keep the current view's range for every later view
};
struct CmdScreenshot {
  std::string path;  ///< empty: next free apsp-studio-NNNN.png in the working directory
};
struct CmdExportHeatmap {
  std::string path;
};
struct CmdExportTimings {
  std::string path;
};
struct CmdExportDistances {
  std::string path;  ///< .bin course binary, .npy or .csv (apsp::write_distances)
};
/// Issue 11 item 3 (History panel): the run every other run is compared against; "" clears it. Saved in the settings.
struct CmdSetBaseline {
  std::string run_id;
};

using Command = std::variant<CmdLoadGraph, CmdSaveGraph, CmdConfigureSolver, CmdStep, CmdSetPlaying, CmdTogglePlaying,
                             CmdSetSpeed, CmdRunToEnd, CmdReset, CmdFitView, CmdSetColormap, CmdSetOverlays, CmdSetGrid,
                             CmdFixColourRange, CmdScreenshot, CmdExportHeatmap, CmdExportTimings, CmdExportDistances,
                             CmdSetBaseline>;

/// @brief std::visit(Overloaded{[](const CmdA&) {...}, ...}, command): one lambda per Command.
template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

class CommandQueue {
 public:
  void push(Command command) { m_commands.push_back(std::move(command)); }
  std::vector<Command> take() { return std::exchange(m_commands, {}); }
  bool empty() const { return m_commands.empty(); }

 private:
  std::vector<Command> m_commands;
};

}  // namespace apsp::studio
