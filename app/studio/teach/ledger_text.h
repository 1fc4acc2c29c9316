#pragma once
// The words of the inspector's ledger: one row per k of the step (k | d[i][k] + d[k][j] | better?) and the
// verdict. Pure and header-only (the session's --explain-json and the GUI's panels, inspector and presentation
// overlay, all read it), so every place says the same thing.
#include <apsp/core/types.h>
#include <apsp/teach/ledger_numbers.h>
#include <apsp/teach/relaxation.h>

#include <cstdint>
#include <string>
#include <vector>

namespace apsp::studio {

struct LedgerRow {
  std::string k;        ///< "3"
  std::string sum;      ///< "4 + 3 = 7", "10 + INF = INF"
  std::string outcome;  ///< "shorter: INF -> 7", "no, stays 7"
  bool better = false;  ///< highlight the row
  bool order_dependent = false;
};

struct LedgerText {
  std::string scope;    ///< what the rows cover: "round 0, phase 3, k = 0..1"
  std::vector<LedgerRow> rows;
  std::string omitted;  ///< "5 earlier k not listed" or empty
  std::string verdict;  ///< "improved from INF to 7 (at k = 0)", "unchanged at 7: no k gave a shorter path"
  std::string caveat;   ///< why the numbers may differ from the solver's (a negative cycle), or empty
};

using teach::ledger_addend;  // the numbers' spelling lives with the engine's quiz explanations
using teach::ledger_sum;
using teach::ledger_value;

/// @brief The one verdict sentence: from the values before and after the step, so it never calls a changed
/// cell unchanged.
inline std::string ledger_verdict(const teach::Ledger& l) {
  if (!l.relaxes_cell())
    return "not relaxed by this step (outside the phase's blocks): stays " + ledger_value(l.value_after);
  if (!l.improved()) return "unchanged at " + ledger_value(l.value_after) + ": no k gave a shorter path";
  std::string at;
  for (std::size_t s = 0; s < l.improving_k.size() && s < 8; ++s) at += (s ? ", " : "") + std::to_string(l.improving_k[s]);
  if (l.improving_k.size() > 8) at += ", ...";
  std::string text = "improved from " + ledger_value(l.value_before) + " to " + ledger_value(l.value_after);
  if (!at.empty()) text += " (at k = " + at + (l.improving_k_complete ? ")" : "; earlier rounds not replayed)");
  return text;
}

inline LedgerText ledger_text(const teach::Ledger& l) {
  LedgerText t;
  if (!l.entries.empty()) {
    const teach::LedgerEntry &first = l.entries.front(), &last = l.entries.back();
    auto where = [](const teach::LedgerEntry& e) {
      return "round " + std::to_string(e.round) + (e.phase > 0 ? ", phase " + std::to_string(e.phase) : "");
    };
    const std::string ks = first.k == last.k ? "k = " + std::to_string(first.k)
                                             : "k = " + std::to_string(first.k) + ".." + std::to_string(last.k);
    if (first.phase == 0) {
      t.scope = ks;  // plain Floyd–Warshall: k is its unit, no rounds to name
    } else {
      t.scope = where(first);
      if (where(last) != t.scope) t.scope += " .. " + where(last);
      t.scope += ", " + ks;
    }
  }
  for (const teach::LedgerEntry& e : l.entries) {
    LedgerRow r;
    r.k = std::to_string(e.k);
    r.sum = ledger_value(e.d_ik) + " + " + ledger_addend(e.d_kj) + " = " + ledger_sum(e.d_ik, e.d_kj);
    r.better = e.better();
    r.outcome = r.better ? "shorter: " + ledger_value(e.d_ij_before) + " -> " + ledger_value(e.d_ij_after)
                         : "no, stays " + ledger_value(e.d_ij_before);
    r.order_dependent = e.order_dependent;
    t.rows.push_back(std::move(r));
  }
  if (l.omitted > 0) t.omitted = std::to_string(l.omitted) + " earlier k not listed";
  t.verdict = ledger_verdict(l);
  if (l.order_dependent())
    t.caveat = "a negative cycle shows in this round: from there the numbers depend on the order of updates";
  return t;
}

}  // namespace apsp::studio
