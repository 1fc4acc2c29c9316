#pragma once
// `apsp runs gate`: a baseline's configurations against a candidate's, matched by their full key; exits
// with the engine's regression status only on a confirmed regression beyond the allowance.
#include <string>

namespace apsp::cli {

struct GateArgs {
  std::string baseline;   ///< a run id of the history, or a runs file
  std::string candidate;  ///< the same; empty: the history's newest run of each baseline configuration
  std::string max_regress = "5%";
  bool allow_mismatch = false;  ///< one configuration on each side: compare them though their keys differ
};

/// Prints one line per configuration and a summary; throws RegressionError on a confirmed regression,
/// UsageError when nothing can be compared.
int run_gate(const GateArgs& args);

}  // namespace apsp::cli
