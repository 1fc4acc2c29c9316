// Handouts: collecting a lesson's states, their captions and cell texts, and writing the files.
#include <apsp/core/errors.h>
#include <apsp/core/option_limits.h>
#include <apsp/core/untrusted_text.h>
#include <apsp/io/atomic_file.h>
#include <apsp/report/handout.h>
#include <apsp/teach/k_clock.h>

#include <filesystem>
#include <system_error>

namespace apsp {

HandoutFormat parse_handout_format(std::string_view text) {
  if (text == "tex") return HandoutFormat::Tex;
  if (text == "svg") return HandoutFormat::Svg;
  if (text == "pdf") return HandoutFormat::Pdf;
  throw UsageError("handout format '" + std::string(text) + "': expected tex, svg or pdf");
}

Granularity default_handout_granularity(bool blocked) { return blocked ? Granularity::Round : Granularity::KStep; }

namespace {

/// Printable ASCII only: the title goes into LaTeX, PDF strings and XML, each escaping its own specials.
std::string ascii_only(std::string_view text) {
  std::string out;
  for (const char c : text) out += (c >= 0x20 && c < 0x7f) ? c : '?';
  if (out.size() > 80) out = out.substr(0, 77) + "...";
  return out;
}

/// The state's D as the handout prints it: n x n, kInf32 for unreachable.
std::vector<std::int32_t> read_distances(Solver& solver) {
  DistanceMatrix d;
  solver.read(d);
  return d.to_dense();
}

/// The state's Π, n x n row-major (kNoPredecessor = NIL): a CPU solver with track_paths keeps it at every step.
std::vector<std::int32_t> read_predecessors(Solver& solver) {
  PredecessorMatrix pi;
  solver.read_predecessors(pi);
  std::vector<std::int32_t> out;
  out.reserve(static_cast<std::size_t>(pi.n()) * static_cast<std::size_t>(pi.n()));
  for (int i = 0; i < pi.n(); ++i)
    for (const std::int32_t v : pi.row(i)) out.push_back(v);
  return out;
}

std::vector<std::uint8_t> changed_cells(const std::vector<std::int32_t>& before,
                                        const std::vector<std::int32_t>& after) {
  std::vector<std::uint8_t> changed(after.size(), 0);
  for (std::size_t c = 0; c < after.size() && c < before.size(); ++c) changed[c] = before[c] != after[c] ? 1 : 0;
  return changed;
}

/// The global k range of the step that went from @p before to @p after, and whether its end is a state of
/// CLRS's D^(m).
void describe_step(const teach::KClock& clock, bool blocked, HandoutStep& step, const Cursor& after) {
  const Cursor& b = step.before;
  const int base = b.round * clock.block();
  switch (step.granularity) {
    case Granularity::KStep:
      step.k_first = step.k_last = base + b.k;
      break;
    default:  // a phase or a round: its k-steps from where it started
      step.k_first = base + b.k;
      step.k_last = base + clock.k_count(b.round) - 1;
      break;
  }
  // Plain Floyd–Warshall is D^(m) after every k; the blocked one only at round boundaries.
  const bool round_boundary = after.finished || (after.phase == (blocked ? Phase::Pivot : Phase::Full) && after.k == 0);
  if (!blocked || round_boundary) step.clrs_m = step.k_last + 1;
}

std::string phase_words(Phase p) {
  switch (p) {
    case Phase::Pivot:
      return "phase 1 (pivot block)";
    case Phase::PivotRowCol:
      return "phase 2 (pivot row and column)";
    case Phase::Independent:
      return "phase 3 (independent blocks)";
    default:
      return "";
  }
}

}  // namespace

Handout collect_handout(Solver& solver, const DistanceMatrix& initial, const HandoutOptions& options) {
  if (initial.n() > limits::kMaxHandoutVertices)
    throw UsageError("a handout prints n x n tables: " + std::to_string(initial.n()) + " vertices is more than the " +
                     std::to_string(limits::kMaxHandoutVertices) + " a page can show");
  if (options.granularity == Granularity::ToEnd) throw UsageError("a handout steps by k, phase or round");
  Handout h;
  h.n = initial.n();
  h.graph = ascii_only(options.graph);
  h.backend = std::string(solver.name());
  h.blocked = solver.blocked();
  h.block = solver.options().block;
  h.granularity = options.granularity;
  h.one_based = options.one_based;
  h.tables = options.tables;
  solver.reset(initial);
  const teach::KClock clock(solver.n(), solver.options().block, solver.blocked());
  HandoutStep first;
  first.input = true;
  first.before = solver.cursor();
  first.clrs_m = 0;
  first.distances = read_distances(solver);
  first.distance_changed.assign(first.distances.size(), 0);
  if (h.tables.predecessors) {
    first.predecessors = read_predecessors(solver);
    first.predecessor_changed.assign(first.predecessors.size(), 0);
  }
  h.steps.push_back(std::move(first));
  while (!solver.finished()) {
    HandoutStep step;
    step.granularity = options.granularity;
    step.before = solver.cursor();
    // A plain Floyd–Warshall round is `block` k-steps of one phase: by phase it is the same as by round.
    const StepResult result = solver.step(options.granularity);
    describe_step(clock, h.blocked, step, result.after);
    step.distances = read_distances(solver);
    step.distance_changed = changed_cells(h.steps.back().distances, step.distances);
    if (h.tables.predecessors) {
      step.predecessors = read_predecessors(solver);
      step.predecessor_changed = changed_cells(h.steps.back().predecessors, step.predecessors);
    }
    h.steps.push_back(std::move(step));
  }
  return h;
}

void keep_one_handout_step(Handout& handout, int index) {
  const int count = static_cast<int>(handout.steps.size());
  const int at = index < 0 ? count + index : index;
  if (at < 0 || at >= count)
    throw UsageError("handout step " + std::to_string(index) + ": this lesson has steps 0.." +
                     std::to_string(count - 1) + " (0: the input)");
  HandoutStep kept = std::move(handout.steps[static_cast<std::size_t>(at)]);
  handout.steps.clear();
  handout.steps.push_back(std::move(kept));
}

HandoutCaption handout_caption(const Handout& h, const HandoutStep& step, bool predecessors) {
  HandoutCaption c;
  c.predecessors = predecessors;
  const int shift = h.one_based ? 1 : 0;
  const std::string other = h.one_based ? "in the studio's 0-based numbering" : "in 1-based numbering";
  const int other_shift = h.one_based ? -1 : 1;
  const auto k_name = [&](int k) { return std::to_string(k + shift); };
  const auto k_other = [&](int k) { return std::to_string(k + shift + other_shift); };
  if (step.clrs_m >= 0) {
    // Appended piece by piece: GCC 12 warns (-Wrestrict, a false positive) on "(" + std::to_string(...).
    c.superscript.push_back('(');
    c.superscript += std::to_string(step.clrs_m);
    c.superscript += ")";
  }
  const auto k_range = [&]() {
    if (step.k_first == step.k_last)
      return "k = " + k_name(step.k_first) + " (vertex " + k_other(step.k_first) + " " + other + ")";
    return "k = " + k_name(step.k_first) + ".." + k_name(step.k_last) + " (vertices " + k_other(step.k_first) + ".." +
           k_other(step.k_last) + " " + other + ")";
  };
  if (step.input) {
    c.text = predecessors ? "the input: the tail of each edge, no intermediate vertex yet"
                          : "the input: the edge weights, no intermediate vertex yet";
  } else if (!h.blocked) {
    c.text = step.k_first == step.k_last ? "after " + k_range()
                                         : "after round " + std::to_string(step.before.round) + ": " + k_range();
  } else {
    c.text = "after round " + std::to_string(step.before.round);
    if (step.granularity != Granularity::Round) c.text += ", " + phase_words(step.before.phase);
    c.text += (step.k_first == step.k_last ? ", " : ": ") + k_range();
  }
  c.numbering = h.one_based ? "vertices numbered from 1, as in CLRS" : "vertices numbered from 0, as in the studio";
  return c;
}

std::string handout_title(const Handout& h) {
  const char* unit = h.granularity == Granularity::KStep   ? "k-step"
                     : h.granularity == Granularity::Phase ? "phase"
                                                           : "round";
  std::string title = "Floyd-Warshall on " + h.graph + ": " + h.backend;
  if (h.blocked) title += ", block " + std::to_string(h.block);
  return title + ", one table per " + unit;
}

std::string handout_note(const Handout& h) {
  std::string note = h.one_based ? "Vertices are numbered from 1 as in CLRS (the studio's vertex v is v + 1 here)."
                                 : "Vertices are numbered from 0 as in the studio (CLRS's vertex v is v - 1 here).";
  if (h.tables.predecessors) note += " Pi(i, j) is the vertex before j on a shortest path from i; NIL: none.";
  return note;
}

HandoutCell handout_cell(const Handout& h, const HandoutStep& step, bool predecessors, int i, int j) {
  const std::size_t at = static_cast<std::size_t>(i) * static_cast<std::size_t>(h.n) + static_cast<std::size_t>(j);
  HandoutCell cell;
  if (predecessors) {
    cell.text = handout_vertex_text(h, step.predecessors[at]);
    cell.changed = step.predecessor_changed[at] != 0;
  } else {
    const std::int32_t d = step.distances[at];
    cell.infinity = d >= kInf32;
    if (!cell.infinity) cell.text = std::to_string(d);
    cell.changed = step.distance_changed[at] != 0;
  }
  return cell;
}

std::string handout_vertex_text(const Handout& h, std::int32_t vertex) {
  if (vertex < 0) return "NIL";
  return std::to_string(vertex + (h.one_based ? 1 : 0));
}

std::string handout_svg_name(std::size_t index) {
  std::string digits = std::to_string(index);
  if (digits.size() < 2) digits.insert(0, 2 - digits.size(), '0');
  return "step-" + digits + ".svg";
}

namespace {
void write_text_file(const std::string& path, const std::string& text) {
  AtomicFile file(path);
  file.write(text);
  file.commit();
}
}  // namespace

void write_handout(const Handout& handout, HandoutFormat format, const std::string& path, bool fragment) {
  switch (format) {
    case HandoutFormat::Tex:
      write_text_file(path, handout_latex(handout, fragment));
      return;
    case HandoutFormat::Pdf:
      write_text_file(path, handout_pdf(handout));
      return;
    case HandoutFormat::Svg:
      break;
  }
  const std::filesystem::path out(path);
  if (handout.steps.size() == 1 && out.extension() == ".svg") {
    write_text_file(path, handout_svg(handout, handout.steps.front()));
    return;
  }
  std::error_code ec;
  std::filesystem::create_directories(out, ec);
  if (ec || !std::filesystem::is_directory(out))
    throw Error("cannot make the folder " + user_value_in_message(path) + " for the SVG handout" +
                (ec ? ": " + ec.message() : std::string(": a file of that name exists")));
  for (std::size_t s = 0; s < handout.steps.size(); ++s)
    write_text_file((out / handout_svg_name(s)).string(), handout_svg(handout, handout.steps[s]));
}

}  // namespace apsp
