#include "ui/sweep_panel.h"

#include <apsp/bench/ladder.h>
#include <apsp/bench/sweep_text.h>
#include <apsp/core/errors.h>
#include <apsp/core/format.h>
#include <apsp/core/option_limits.h>
#include <apsp/solve/measure.h>
#include <imgui.h>
// imgui_stdlib.h needs imgui.h first (IMGUI_API); a separate block keeps include sorting from swapping them.
#include <chart/chart_draw.h>
#include <chart/sweep_charts.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cstdio>
#include <numeric>
#include <tuple>

#include "ui/widgets.h"

namespace apsp::studio {

namespace {

std::string join_ints(const std::vector<int>& v) {
  std::string s;
  for (int x : v) {
    if (!s.empty()) s += ',';
    s += std::to_string(x);
  }
  return s;
}

/// A min time as the sweep spec takes it ("0.5").
std::string seconds_text(double seconds) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", seconds);
  return buf;
}

std::string progress_text(const SweepJobSnapshot& job) {
  const bench::SweepProgress& p = job.progress;
  char buf[256];
  std::snprintf(buf, sizeof buf, "%d / %d configurations, elapsed %s, ETA %s: %s", p.configs_done, p.configs_total,
                format_duration_ms(1e3 * p.elapsed_s).c_str(),
                p.eta_s >= 0 ? format_duration_ms(1e3 * p.eta_s).c_str() : "?", bench::describe(p.current).c_str());
  return buf;
}

/// The result "Apply best" uses: the best of the loaded graph's n, else of the largest n measured (mark_best's
/// rule); of results tied for best, the one with the lowest median, the button saying it is a tie.
const bench::SweepResult* best_for(const std::vector<bench::SweepResult>& results, int graph_n) {
  // The loaded graph's n first, then the larger n, then the lower median.
  const auto rank = [graph_n](const bench::SweepResult& r) {
    return std::make_tuple(r.config.n == graph_n, r.config.n, -r.time.median_ms);
  };
  const bench::SweepResult* pick = nullptr;
  for (const bench::SweepResult& r : results)
    if (r.best && (!pick || rank(r) > rank(*pick))) pick = &r;
  return pick;
}

/// The other results tied with @p best, for the "Apply best" tooltip.
std::string tied_with(const std::vector<bench::SweepResult>& results, const bench::SweepResult& best) {
  std::string names;
  for (const bench::SweepResult& r : results)
    if (&r != &best && r.tied && r.config.n == best.config.n) names += "\n  " + bench::describe(r.config);
  return names;
}

enum Column {
  kBest,
  kBackend,
  kBlock,
  kGpus,
  kDtype,
  kThreads,
  kN,
  kMin,
  kMedian,
  kMax,
  kSpread,
  kUpdates,
  kPeak,
  kGbps3,
  kPhase3,
  kColumns
};

/// The phase the table shows: phase 3 of a blocked variant, else the full pass (naive, sparse).
const bench::PhaseFigures* main_phase(const bench::SweepResult& r) {
  const bench::PhaseFigures* full = nullptr;
  for (const bench::PhaseFigures& p : r.phases) {
    if (p.phase == Phase::Independent) return &p;
    if (p.phase == Phase::Full) full = &p;
  }
  return full;
}

/// "10.2 ms, 11.0 ms, 12.1 ms": every timed run, in the order they ran.
std::string runs_text(const std::vector<double>& runs_ms) {
  std::string s;
  for (double ms : runs_ms) {
    if (!s.empty()) s += ", ";
    s += format_duration_ms(ms);
  }
  return s;
}

double sort_key(const bench::SweepResult& r, int column) {
  switch (column) {
    case kBest:
      return r.best ? (r.tied ? 1 : 0) : 2;
    case kBlock:
      return r.config.block;
    case kGpus:
      return r.config.gpus;
    case kDtype:
      return r.config.dtype == DType::I16 ? 1 : 0;
    case kThreads:
      return r.config.threads;
    case kN:
      return r.config.n;
    case kMin:
      return r.time.min_ms;
    case kMedian:
      return r.time.median_ms;
    case kMax:
      return r.time.max_ms;
    case kSpread:
      return r.time.spread_pct;
    case kUpdates:
      return r.config.sparse() ? r.edges_per_s : r.updates_per_s;
    case kPeak:
      return r.peak_pct;
    case kGbps3:
      return r.gb_per_s(Phase::Independent) > 0 ? r.gb_per_s(Phase::Independent) : r.gb_per_s(Phase::Full);
    case kPhase3:
      return main_phase(r) ? main_phase(r)->ms : 0;
    default:
      return 0;
  }
}

}  // namespace

void SweepPanel::show_spec(const bench::SweepSpec& spec) {
  m_backends.clear();
  for (const std::string& b : spec.backends) {
    if (!m_backends.empty()) m_backends += ',';
    m_backends += b;
  }
  m_blocks = join_ints(spec.blocks);
  m_gpus = join_ints(spec.gpus);
  m_dtypes.clear();
  for (DType d : spec.dtypes) {
    if (!m_dtypes.empty()) m_dtypes += ',';
    m_dtypes += to_string(d);
  }
  m_sizes = join_ints(spec.sizes);
  m_threads = join_ints(spec.threads);
  m_min_time_s = spec.min_time_s;
  m_repeat = spec.repeat;
  m_warmup = spec.warmup;
  m_open = true;
}

void SweepPanel::draw_launcher(const SweepJobSnapshot& job) {
  if (!ImGui::CollapsingHeader("Sweep")) return;
  if (job.running)
    ImGui::ProgressBar(static_cast<float>(job.progress.fraction()), ImVec2(-1, 0), "sweeping");
  else if (job.report)
    ImGui::TextDisabled("%zu results%s", job.results.size(), job.report->cancelled ? " (cancelled)" : "");
  if (ImGui::Button("Open the Sweep window")) m_open = true;
}

void SweepPanel::draw_window(const AppState& state, const SweepJobSnapshot& job, CommandQueue& commands) {
  if (!m_open) return;
  const float s = state.ui_scale;
  ImGui::SetNextWindowSize(ImVec2(900 * s, 640 * s), ImGuiCond_FirstUseEver);
  if (!ImGui::Begin("Sweep", &m_open)) {
    ImGui::End();
    return;
  }
  // The lists, as apsp bench takes them.
  const float field = 260 * s;
  auto list_field = [&](const char* label, std::string* value, const char* hint) {
    ImGui::SetNextItemWidth(field);
    ImGui::InputText(label, value);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", hint);
  };
  ImGui::BeginDisabled(job.running);
  list_field("backends", &m_backends, "comma-separated; NAME:B pins a block size");
  ImGui::SameLine();
  list_field("block sizes", &m_blocks, "combinations a backend does not offer are skipped");
  list_field("GPU counts", &m_gpus, "above 1 only for multi-GPU backends");
  ImGui::SameLine();
  list_field("dtypes", &m_dtypes, "i32, i16");
  list_field("n", &m_sizes, "one generated graph per n (er:p=0.05,seed=1,w=1:100)");
  ImGui::SameLine();
  list_field("threads", &m_threads,
             "CPU thread counts; 0: one per core. A configuration per value for CPU backends; GPU backends run once, "
             "with the first");
  ImGui::SetNextItemWidth(90 * s);
  ImGui::InputInt("repeats", &m_repeat);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90 * s);
  ImGui::InputInt("warm-up", &m_warmup);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(90 * s);
  ImGui::InputDouble("min time s", &m_min_time_s, 0, 0, "%g");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "After the repeats, more timed runs until they add up to this many seconds (at most %d runs); "
        "0: the repeats only",
        kMinTimeMaxRuns);
  m_repeat = std::clamp(m_repeat, 1, 1000);
  m_warmup = std::clamp(m_warmup, 0, 1000);
  m_min_time_s = std::clamp(m_min_time_s, 0.0, limits::kMaxMinTimeS);
  if (ImGui::Button("Ladder preset")) apply_ladder_preset(state.session.has_graph ? state.session.graph.n : 2048);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The optimization ladder: cuda-simple ... cuda-tuned in order at B = 64 on one graph of the "
                      "loaded graph's n; its charts get a bar per step, each step can be replayed");
  ImGui::SameLine();
  if (ImGui::Button("Start sweep")) {
    try {
      const std::string text = "backend=" + m_backends + ";block=" + m_blocks + ";gpus=" + m_gpus +
                               ";dtype=" + m_dtypes + ";n=" + m_sizes + ";threads=" + m_threads +
                               ";repeat=" + std::to_string(m_repeat) + ";warmup=" + std::to_string(m_warmup) +
                               ";min_time=" + seconds_text(m_min_time_s);
      commands.push(CmdStartSweep{bench::parse_sweep_spec(text)});
      m_spec_error.clear();
    } catch (const std::exception& e) {
      m_spec_error = e.what();
    }
  }
  ImGui::EndDisabled();
  if (job.running) {
    ImGui::SameLine();
    if (ImGui::Button("Cancel")) commands.push(CmdCancelSweep{});
  }
  const bench::SweepResult* best = best_for(job.results, state.session.has_graph ? state.session.graph.n : 0);
  if (!job.running && best) {
    ImGui::SameLine();
    const std::string label =
        "Apply best (" + std::string(best->tied ? "tied; lowest median: " : "") + bench::describe(best->config) + ")";
    if (ImGui::Button(label.c_str()))
      commands.push(CmdConfigureSolver{SolverConfig{best->config.backend, best->config.block, best->config.dtype,
                                                    best->config.gpus, best->config.threads}});
    if (ImGui::IsItemHovered()) {
      const std::string tie = best->tied
                                  ? "\nA tie: its min..max interval overlaps that of" + tied_with(job.results, *best) +
                                        "\nso the runs cannot tell them apart; more repeats or a min time may"
                                  : std::string();
      ImGui::SetTooltip(
          "The best configuration of the loaded graph's n (else of the largest n): configures the "
          "solver%s",
          tie.c_str());
    }
  }
  if (!m_spec_error.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", m_spec_error.c_str());
  if (!job.error.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", job.error.c_str());
  if (job.running) {
    ImGui::ProgressBar(static_cast<float>(job.progress.fraction()), ImVec2(-1, 0));
    ImGui::TextUnformatted(progress_text(job).c_str());
  } else if (job.report) {
    ImGui::Text("%zu measured, %zu skipped%s", job.report->results.size(), job.report->skipped.size(),
                job.report->cancelled ? ", cancelled" : "");
  }
  if (ImGui::BeginTabBar("sweep tabs")) {
    if (ImGui::BeginTabItem("Results")) {
      draw_best(job);
      draw_table(job, commands);
      ImGui::EndTabItem();
    }
    if (ImGui::BeginTabItem("Charts")) {
      draw_ladder_replay(state, job, commands);
      draw_charts(job, commands);
      ImGui::EndTabItem();
    }
    if (job.report && !job.report->skipped.empty() && ImGui::BeginTabItem("Skipped")) {
      for (const bench::SkippedConfig& k : job.report->skipped)
        ImGui::BulletText("%s: %s", bench::describe(k.config).c_str(), k.reason.c_str());
      ImGui::EndTabItem();
    }
    ImGui::EndTabBar();
  }
  ImGui::End();
}

void SweepPanel::draw_table(const SweepJobSnapshot& job, CommandQueue& commands) {
  if (job.report) {
    ImGui::SetNextItemWidth(220 * ImGui::GetFontSize() / 13.0f);
    ImGui::InputText("##results csv", &m_results_csv);
    ImGui::SameLine();
    if (ImGui::Button("Save results CSV")) commands.push(CmdExportSweep{m_results_csv, "", "", -1});
  }
  const ImGuiTableFlags flags = ImGuiTableFlags_Sortable | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersInnerV |
                                ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_Resizable;
  if (!ImGui::BeginTable("sweep results", kColumns, flags)) return;
  ImGui::TableSetupScrollFreeze(0, 1);
  const char* names[kColumns] = {"best",   "backend", "B",      "GPUs",   "dtype",   "threads", "n",        "min",
                                 "median", "max",     "spread", "rate",   "% peak",  "GB/s p3", "p3 median"};
  for (int c = 0; c < kColumns; ++c)
    ImGui::TableSetupColumn(names[c], c == kMedian ? ImGuiTableColumnFlags_DefaultSort : ImGuiTableColumnFlags_None);
  ImGui::TableHeadersRow();
  std::vector<std::size_t> order(job.results.size());
  std::iota(order.begin(), order.end(), 0);
  if (const ImGuiTableSortSpecs* specs = ImGui::TableGetSortSpecs(); specs && specs->SpecsCount > 0) {
    const ImGuiTableColumnSortSpecs& spec = specs->Specs[0];
    const bool ascending = spec.SortDirection != ImGuiSortDirection_Descending;
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
      const bench::SweepResult &x = job.results[a], &y = job.results[b];
      if (spec.ColumnIndex == kBackend)
        return ascending ? x.config.backend < y.config.backend : x.config.backend > y.config.backend;
      const double kx = sort_key(x, spec.ColumnIndex), ky = sort_key(y, spec.ColumnIndex);
      return ascending ? kx < ky : kx > ky;
    });
  }
  for (std::size_t i : order) {
    const bench::SweepResult& r = job.results[i];
    ImGui::TableNextRow();
    auto cell = [&](int c, const std::string& text) {
      ImGui::TableSetColumnIndex(c);
      ImGui::TextUnformatted(text.c_str());
    };
    cell(kBest, r.best ? (r.tied ? "tied" : "*") : "");
    cell(kBackend, r.config.backend);
    cell(kBlock, std::to_string(r.config.block));
    cell(kGpus, std::to_string(r.config.gpus));
    cell(kDtype, std::string(to_string(r.config.dtype)));
    cell(kThreads, r.config.threads > 0 ? std::to_string(r.config.threads) : std::string("auto"));
    cell(kN, std::to_string(r.config.n));
    cell(kMin, format_duration_ms(r.time.min_ms));
    cell(kMedian, format_duration_ms(r.time.median_ms));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("every timed run: %s", runs_text(r.time.samples_ms).c_str());
    cell(kMax, format_duration_ms(r.time.max_ms));
    char spread[32];
    std::snprintf(spread, sizeof spread, "%.1f %%%s", r.time.spread_pct, r.time.noisy() ? " noisy" : "");
    ImGui::TableSetColumnIndex(kSpread);
    if (r.time.noisy())
      ImGui::TextColored(ImVec4(1, 0.7f, 0.3f, 1), "%s", spread);
    else
      ImGui::TextUnformatted(spread);
    if (r.time.noisy() && ImGui::IsItemHovered())
      ImGui::SetTooltip("max - min is above %.0f %% of the median: this figure is noise-dominated",
                        apsp::kNoisySpreadPct);
    // A sparse solver does no min-plus updates: its rate is edges relaxed per second (and sources per second).
    if (r.config.sparse()) {
      cell(kUpdates, format_si(r.edges_per_s) + " edges/s");
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("%s sources/s; edges relaxed: the out-edges of every vertex each source reaches",
                          format_si(r.sources_per_s).c_str());
    } else {
      cell(kUpdates, format_si(r.updates_per_s) + " upd/s");
    }
    char peak[16] = "-";
    if (r.peak_pct >= 0) std::snprintf(peak, sizeof peak, "%.1f", r.peak_pct);
    cell(kPeak, peak);
    char gbps[16];
    std::snprintf(gbps, sizeof gbps, "%.1f", sort_key(r, kGbps3));
    cell(kGbps3, gbps);
    // Phase 3's (or the full pass's) event time: the median over the timed runs, as the GB/s and the charts.
    if (const bench::PhaseFigures* p = main_phase(r)) {
      cell(kPhase3, format_duration_ms(p->ms));
      if (ImGui::IsItemHovered()) {
        const TimeSpread spread = spread_of(p->samples_ms.empty() ? std::vector<double>{p->ms} : p->samples_ms);
        ImGui::SetTooltip("%s: median %s (min %s, max %s) of the timed runs: %s",
                          std::string(to_string(p->phase)).c_str(), format_duration_ms(p->ms).c_str(),
                          format_duration_ms(spread.min_ms).c_str(), format_duration_ms(spread.max_ms).c_str(),
                          runs_text(p->samples_ms).c_str());
      }
    } else {
      cell(kPhase3, "-");
    }
  }
  ImGui::EndTable();
}

void SweepPanel::draw_best(const SweepJobSnapshot& job) {
  if (job.running || job.results.empty()) return;
  for (const std::string& line : bench::best_lines(job.results)) ImGui::BulletText("best %s", line.c_str());
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "* best: its min..max interval is clear of every other's; tied: the intervals overlap the "
        "lowest median's, so the runs cannot tell them apart");
}

void SweepPanel::draw_charts(const SweepJobSnapshot& job, CommandQueue& commands) {
  if (!job.report) {
    ImGui::TextDisabled("The charts appear when the sweep has ended.");
    return;
  }
  const std::vector<chart::Chart> charts = chart::sweep_charts(*job.report);
  if (charts.empty()) {
    ImGui::TextDisabled("No chart applies: each needs two or more block sizes, sizes n or GPU counts.");
    return;
  }
  m_chart = std::clamp(m_chart, 0, static_cast<int>(charts.size()) - 1);
  ImGui::SetNextItemWidth(-1);
  if (ImGui::BeginCombo("##chart", charts[static_cast<std::size_t>(m_chart)].title.c_str())) {
    for (int i = 0; i < static_cast<int>(charts.size()); ++i)
      if (ImGui::Selectable(charts[static_cast<std::size_t>(i)].title.c_str(), i == m_chart)) m_chart = i;
    ImGui::EndCombo();
  }
  // Exports: the shown chart as PNG and its data as CSV, or all charts in one PNG.
  const float field = 220 * ImGui::GetFontSize() / 13.0f;
  ImGui::SetNextItemWidth(field);
  ImGui::InputText("##chart png", &m_chart_png);
  ImGui::SameLine();
  if (ImGui::Button("Save PNG")) commands.push(CmdExportSweep{"", m_chart_png, "", m_chart});
  ImGui::SameLine();
  if (ImGui::Button("Save all charts")) commands.push(CmdExportSweep{"", m_chart_png, "", -1});
  ImGui::SameLine();
  ImGui::SetNextItemWidth(field);
  ImGui::InputText("##chart csv", &m_chart_csv);
  ImGui::SameLine();
  if (ImGui::Button("Save data CSV")) commands.push(CmdExportSweep{"", "", m_chart_csv, m_chart});
  const ImVec2 min = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const ImVec2 size(std::max(avail.x, 200.0f), std::max(avail.y, 150.0f));
  const chart::Chart& shown = charts[static_cast<std::size_t>(m_chart)];
  const ImVec2 max(min.x + size.x, min.y + size.y);
  chart::draw_chart(ImGui::GetWindowDrawList(), shown, min, max);
  ImGui::Dummy(size);
  if (ImGui::IsItemHovered()) {  // every series' value at the category under the mouse
    const int i = chart::category_at(shown, chart::layout_chart(shown, min, max), ImGui::GetIO().MousePos);
    if (i >= 0) ImGui::SetTooltip("%s", chart::hover_text(shown, i).c_str());
  }
}

void SweepPanel::apply_ladder_preset(int n) {
  show_spec(bench::ladder_spec({}, std::max(n, 1), 64, DType::I32));
  m_chart = 0;
}

void SweepPanel::draw_ladder_replay(const AppState& state, const SweepJobSnapshot& job, CommandQueue& commands) {
  if (!job.report || !bench::is_ladder_report(*job.report)) return;
  ImGui::TextUnformatted("Replay a step on the heatmap:");
  for (const bench::SweepResult& r : job.report->results) {
    ImGui::SameLine();
    ImGui::PushID(r.config.backend.c_str());
    if (ImGui::SmallButton(r.config.backend.c_str()))
      commands.push(CmdConfigureSolver{SolverConfig{r.config.backend, r.config.block, r.config.dtype, r.config.gpus}});
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("Re-open the %s graph with %s (B = %d, %s) in the stepping view",
                        state.session.has_graph ? "current" : "next", r.config.backend.c_str(), r.config.block,
                        std::string(to_string(r.config.dtype)).c_str());
    ImGui::PopID();
  }
}

}  // namespace apsp::studio
