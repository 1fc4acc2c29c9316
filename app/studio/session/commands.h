#pragma once
// Panels never change the session directly: they emit commands, and the frame loop applies them after the
// UI pass. Keyboard shortcuts, dropped files and scripted flags go through the same commands.
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
struct CmdRunToEnd {};
struct CmdReset {};
struct CmdFitView {};
struct CmdSetColormap {
  std::string name;
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

using Command = std::variant<CmdLoadGraph, CmdSaveGraph, CmdConfigureSolver, CmdStep, CmdSetPlaying, CmdTogglePlaying,
                             CmdRunToEnd, CmdReset, CmdFitView, CmdSetColormap, CmdFixColourRange, CmdScreenshot,
                             CmdExportHeatmap, CmdExportTimings, CmdExportDistances>;

class CommandQueue {
 public:
  void push(Command command) { m_commands.push_back(std::move(command)); }
  std::vector<Command> take() { return std::exchange(m_commands, {}); }
  bool empty() const { return m_commands.empty(); }

 private:
  std::vector<Command> m_commands;
};

}  // namespace apsp::studio
