// A handout as LaTeX: plain tabular (no packages), math mode for numbers so that
// "-3" prints with a minus sign, $\infty$ for unreachable, NIL in small capitals as CLRS prints it. A changed
// cell is bold with a star, which a black-and-white copy keeps.
#include <apsp/report/handout.h>

#include <string>

namespace apsp {

namespace {

/// Text mode: the characters LaTeX treats specially, and < > | which the default font would print as others.
std::string latex_text(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '\\':
        out += "\\textbackslash{}";
        break;
      case '{':
      case '}':
      case '$':
      case '&':
      case '#':
      case '_':
      case '%':
        out += '\\';
        out += c;
        break;
      case '^':
        out += "\\textasciicircum{}";
        break;
      case '~':
        out += "\\textasciitilde{}";
        break;
      case '<':
        out += "\\textless{}";
        break;
      case '>':
        out += "\\textgreater{}";
        break;
      case '|':
        out += "\\textbar{}";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string latex_cell(const HandoutCell& cell) {
  // A step only lowers distances: infinity is never a changed cell's value, the star would still say it.
  if (cell.infinity) return cell.changed ? "$\\infty^{*}$" : "$\\infty$";
  if (cell.text == "NIL") return cell.changed ? "\\textbf{\\textsc{nil}}$^{*}$" : "\\textsc{nil}";
  return cell.changed ? "$\\mathbf{" + cell.text + "}^{*}$" : "$" + cell.text + "$";
}

void latex_table(std::string& out, const Handout& h, const HandoutStep& step, bool predecessors, bool side_by_side) {
  const HandoutCaption c = handout_caption(h, step, predecessors);
  out += side_by_side ? "\\begin{minipage}[t]{0.48\\linewidth}\n" : "\\begin{minipage}[t]{\\linewidth}\n";
  out += std::string("$") + (predecessors ? "\\Pi" : "D");
  if (!c.superscript.empty()) out += "^{" + c.superscript + "}";
  out += "$ " + latex_text(c.text) + "; " + latex_text(c.numbering) + "\\\\[3pt]\n";
  // Up to 8 vertices two tables share a line at \small; larger ones take the whole line at \footnotesize.
  out += h.n <= 8 ? "{\\small" : "{\\footnotesize";
  out += "\\setlength{\\tabcolsep}{3pt}%\n";
  out += "\\begin{tabular}{r|*{" + std::to_string(h.n) + "}{r}}\n";
  for (int j = 0; j < h.n; ++j) out += " & " + handout_vertex_text(h, j);
  out += " \\\\ \\hline\n";
  for (int i = 0; i < h.n; ++i) {
    out += handout_vertex_text(h, i);
    for (int j = 0; j < h.n; ++j) out += " & " + latex_cell(handout_cell(h, step, predecessors, i, j));
    out += " \\\\\n";
  }
  out += "\\end{tabular}}\n\\end{minipage}";
}

}  // namespace

std::string handout_latex(const Handout& h, bool fragment) {
  std::string out;
  out += "% " + h.graph + ": Floyd-Warshall handout written by APSP Studio (apsp handout)\n";
  if (!fragment) {
    out += "\\documentclass[a4paper,10pt]{article}\n";
    // 15 mm margins on A4 set by hand: no package at all, so any TeX installation compiles it.
    out +=
        "\\setlength{\\oddsidemargin}{-10.4mm}\\setlength{\\evensidemargin}{-10.4mm}\\setlength{\\textwidth}{180mm}\n";
    out +=
        "\\setlength{\\topmargin}{-10.4mm}\\setlength{\\headheight}{0mm}\\setlength{\\headsep}{0mm}"
        "\\setlength{\\textheight}{267mm}\n";
    out += "\\pagestyle{empty}\n";
    out += "\\begin{document}\n";
    out += "\\section*{" + latex_text(handout_title(h)) + "}\n";
    out += "Bold with a star ($^{*}$): the cells the step changed. " + latex_text(handout_note(h)) + "\n";
  }
  // Two tables of up to 8 vertices fit side by side; larger ones get the whole line each.
  const bool both = h.tables.distances && h.tables.predecessors;
  const bool side_by_side = both && h.n <= 8;
  for (std::size_t s = 0; s < h.steps.size(); ++s) {
    const HandoutStep& step = h.steps[s];
    out += "\n% step " + std::to_string(s) + "\n\\par\\medskip\\noindent\n";
    if (h.tables.distances) latex_table(out, h, step, false, side_by_side);
    if (both) out += side_by_side ? "\\hfill\n" : "\n\\par\\smallskip\\noindent\n";
    if (h.tables.predecessors) latex_table(out, h, step, true, side_by_side);
    out += "\n";
  }
  if (!fragment) out += "\n\\end{document}\n";
  return out;
}

}  // namespace apsp
