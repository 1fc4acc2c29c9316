#include <apsp/core/errors.h>
#include <apsp/graph/generators.h>
#include <imgui.h>

// imgui_stdlib.h needs imgui.h first (IMGUI_API); a separate block keeps include sorting from swapping them.
#include <imgui_stdlib.h>

#include "ui/panels.h"
#include "ui/widgets.h"

namespace apsp::studio {
namespace {

std::string build_spec(const GeneratorModel& model, const std::map<std::string, std::string>& values) {
  std::string spec = model.name + ":";
  bool first = true;
  for (const GeneratorParam& p : model.params) {
    auto it = values.find(p.key);
    std::string v = it != values.end() ? it->second : p.default_value;
    if (v.empty()) continue;
    spec += (first ? "" : ",") + p.key + "=" + v;
    first = false;
  }
  if (first) spec.pop_back();
  return spec;
}

}  // namespace

void draw_graph_panel(const AppState& state, GraphPanelState& gp, CommandQueue& commands) {
  if (!ImGui::CollapsingHeader("Graph", ImGuiTreeNodeFlags_DefaultOpen)) return;
  ImGui::PushID("graph");
  const auto& models = generator_models();
  if (!models.empty()) {
    if (gp.model_index < 0 || gp.model_index >= static_cast<int>(models.size())) gp.model_index = 0;
    const GeneratorModel& current = models[static_cast<std::size_t>(gp.model_index)];
    ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 5);
    if (ImGui::BeginCombo("model", current.name.c_str())) {
      for (std::size_t i = 0; i < models.size(); ++i) {
        bool selected = static_cast<int>(i) == gp.model_index;
        if (ImGui::Selectable(models[i].name.c_str(), selected)) gp.model_index = static_cast<int>(i);
        item_tooltip(models[i].help);
      }
      ImGui::EndCombo();
    }
    help_marker(current.help.c_str());
    auto& values = gp.params[current.name];
    for (const GeneratorParam& p : current.params) {
      auto [it, inserted] = values.try_emplace(p.key, p.default_value);
      ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 5);
      ImGui::InputText(p.key.c_str(), &it->second);
      item_tooltip(p.help + " (default " + p.default_value + ")");
    }
    std::string spec = build_spec(current, values);
    ImGui::TextDisabled("%s", spec.c_str());
    if (ImGui::Button("Generate")) commands.push(CmdLoadGraph{GraphSource{GraphSource::Kind::Generator, spec}});
  }
  ImGui::Separator();
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 5);
  bool enter = ImGui::InputTextWithHint("##open", "path (.bin .gr .mtx .txt)", &gp.open_path,
                                        ImGuiInputTextFlags_EnterReturnsTrue);
  ImGui::SameLine();
  if ((ImGui::Button("Open") || enter) && !gp.open_path.empty()) {
    commands.push(CmdLoadGraph{GraphSource{GraphSource::Kind::File, gp.open_path}});
  }
  ImGui::TextDisabled("or drop a graph file on the window");
  ImGui::SetNextItemWidth(-ImGui::GetFontSize() * 5);
  ImGui::InputText("##save", &gp.save_path);
  ImGui::SameLine();
  ImGui::BeginDisabled(!state.session.has_graph || gp.save_path.empty());
  if (ImGui::Button("Save")) commands.push(CmdSaveGraph{gp.save_path});
  ImGui::EndDisabled();

  if (state.session.has_graph) {
    const GraphSummary& g = state.session.graph;
    if (ImGui::BeginTable("graph_info", 2, ImGuiTableFlags_SizingFixedFit)) {
      const auto row = key_value_row;
      row("source", g.source.text);
      row("vertices n", format_thousands(g.n));
      row("edges m", format_thousands(g.m));
      row("weights", g.m > 0 ? std::to_string(g.weight_min) + " .. " + std::to_string(g.weight_max) : "none");
      row("matrix", format_bytes(g.matrix_bytes));
      ImGui::EndTable();
    }
  } else {
    ImGui::TextDisabled("no graph loaded");
  }
  ImGui::PopID();
}

void show_loaded_graph(GraphPanelState& gp, const GraphSource& source) {
  if (source.kind == GraphSource::Kind::File) {
    gp.open_path = source.text;
    return;
  }
  try {
    GeneratorSpec spec = GeneratorSpec::parse(source.text);
    const auto& models = generator_models();
    for (std::size_t i = 0; i < models.size(); ++i) {
      if (models[i].name != spec.model) continue;
      gp.model_index = static_cast<int>(i);
      auto& values = gp.params[spec.model];
      for (const GeneratorParam& p : models[i].params) {
        auto it = spec.params.find(p.key);
        values[p.key] = it != spec.params.end() ? it->second : p.default_value;
      }
    }
  } catch (const std::exception&) {
    // Not a parseable spec: leave the panel as the user left it.
  }
}

}  // namespace apsp::studio
