// Predict mode's marks on the heatmap, drawn over the cells (and their numbers) with Dear ImGui's draw list, never
// into the heatmap's texture: --heatmap-png and the shader's overlays stay exactly what they were before the step.
// Each mark has its own shape (diamond, check, ring, cross) in a light colour on a dark halo, so it reads on
// every colormap and without colour vision.
#include <algorithm>
#include <cmath>

#include "session/quiz_job.h"
#include "ui/predict_panel.h"

namespace apsp::studio {
namespace {

constexpr ImU32 kHalo = IM_COL32(0, 0, 0, 235);

ImU32 mark_colour(QuizMarkKind kind) {
  switch (kind) {
    case QuizMarkKind::Picked:
      return IM_COL32(120, 230, 255, 255);  // light cyan
    case QuizMarkKind::Hit:
      return IM_COL32(90, 235, 110, 255);  // green
    case QuizMarkKind::Missed:
      return IM_COL32(255, 205, 40, 255);  // amber
    case QuizMarkKind::Extra:
      return IM_COL32(255, 80, 150, 255);  // pink
  }
  return IM_COL32_WHITE;
}

void stroke(ImDrawList* draw, const ImVec2* points, int count, ImU32 colour, float thickness, float halo) {
  draw->AddPolyline(points, count, kHalo, 0, thickness + 2 * halo);
  draw->AddPolyline(points, count, colour, 0, thickness);
}

void dashed_rect(ImDrawList* draw, ImVec2 a, ImVec2 b, float dash, float thickness) {
  auto dashed_line = [&](ImVec2 p, ImVec2 q) {
    const float length = std::hypot(q.x - p.x, q.y - p.y);
    if (length <= 0) return;
    const ImVec2 d((q.x - p.x) / length, (q.y - p.y) / length);
    for (float t = 0; t < length; t += 2 * dash) {
      const float e = std::min(t + dash, length);
      const ImVec2 s(p.x + d.x * t, p.y + d.y * t), f(p.x + d.x * e, p.y + d.y * e);
      draw->AddLine(s, f, kHalo, thickness + 2);
      draw->AddLine(s, f, IM_COL32_WHITE, thickness);
    }
  };
  dashed_line(a, ImVec2(b.x, a.y));
  dashed_line(ImVec2(b.x, a.y), b);
  dashed_line(b, ImVec2(a.x, b.y));
  dashed_line(ImVec2(a.x, b.y), a);
}

}  // namespace

void draw_quiz_mark(ImDrawList* draw, QuizMarkKind kind, ImVec2 c, float size) {
  const float h = size * 0.5f;
  const float t = std::max(2.0f, size * 0.13f);
  const float halo = std::max(1.0f, t * 0.45f);
  const ImU32 colour = mark_colour(kind);
  switch (kind) {
    case QuizMarkKind::Picked: {
      // A diamond: the shader's "improved" mark is a triangle in the top-left corner.
      const ImVec2 p[4] = {ImVec2(c.x, c.y - h), ImVec2(c.x + h, c.y), ImVec2(c.x, c.y + h), ImVec2(c.x - h, c.y)};
      draw->AddQuadFilled(p[0], p[1], p[2], p[3], colour);
      draw->AddQuad(p[0], p[1], p[2], p[3], kHalo, halo * 1.5f);
      break;
    }
    case QuizMarkKind::Hit: {
      const ImVec2 p[3] = {ImVec2(c.x - h * 0.8f, c.y + h * 0.05f), ImVec2(c.x - h * 0.2f, c.y + h * 0.65f),
                           ImVec2(c.x + h * 0.85f, c.y - h * 0.7f)};
      stroke(draw, p, 3, colour, t, halo);
      break;
    }
    case QuizMarkKind::Missed:
      draw->AddCircle(c, h * 0.9f, kHalo, 0, t + 2 * halo);
      draw->AddCircle(c, h * 0.9f, colour, 0, t);
      break;
    case QuizMarkKind::Extra: {
      const float e = h * 0.75f;
      const ImVec2 a[2] = {ImVec2(c.x - e, c.y - e), ImVec2(c.x + e, c.y + e)};
      const ImVec2 b[2] = {ImVec2(c.x + e, c.y - e), ImVec2(c.x - e, c.y + e)};
      stroke(draw, a, 2, colour, t, halo);
      stroke(draw, b, 2, colour, t, halo);
      break;
    }
  }
}

void draw_quiz_marks(const AppState& state, ImVec2 canvas_min, ImVec2 canvas) {
  const SessionSnapshot& s = state.session;
  if (!state.predict.on || !s.view || s.view->geometry.tiled() || s.sparse) return;
  const teach::QuizQuestion* open = open_question(state.predict, s.cursor);
  const teach::QuizOutcome* shown = shown_outcome(s.quiz.get(), state.predict, s.cursor);
  const teach::QuizQuestion* asked = open ? open : shown ? &shown->question : nullptr;
  if (!asked) return;
  const HeatmapNavigation& v = state.edits.view;
  const ImVec2 fb_scale = ImGui::GetIO().DisplayFramebufferScale;
  const float cell_w = 1.0f / (v.texels_per_px * fb_scale.x);  // UI units per cell
  const float cell_h = 1.0f / (v.texels_per_px * fb_scale.y);
  auto corner = [&](int i, int j) {
    return ImVec2(canvas_min.x + (static_cast<float>(j) - v.origin_x) * cell_w,
                  canvas_min.y + (static_cast<float>(i) - v.origin_y) * cell_h);
  };
  const float side = std::min(cell_w, cell_h);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  draw->PushClipRect(canvas_min, ImVec2(canvas_min.x + canvas.x, canvas_min.y + canvas.y), true);
  // While the question is open, the block it asks about, dashed white (the overlays show the step just done; once
  // revealed, they show what this step wrote).
  const teach::QuizArea area = teach::area_of(*asked, s.n, std::max(1, s.config.block));
  const bool whole = area.row_begin == 0 && area.col_begin == 0 && area.row_end >= s.n && area.col_end >= s.n;
  if (open && !whole)
    dashed_rect(draw, corner(area.row_begin, area.col_begin), corner(area.row_end, area.col_end),
                std::max(4.0f, side * 0.12f), std::max(2.0f, side * 0.05f));
  // Diamonds, checks and crosses sit in the cell's top-right corner, clear of its number and of the shader's
  // "improved" triangle (top-left); a ring goes round the cell.
  const float corner_mark = side * 0.42f;
  auto at_corner = [&](const teach::QuizCell& c) {
    const ImVec2 p = corner(c.first, c.second + 1);
    return ImVec2(p.x - corner_mark * 0.5f - side * 0.04f, p.y + corner_mark * 0.5f + side * 0.04f);
  };
  auto at_centre = [&](const teach::QuizCell& c) {
    const ImVec2 p = corner(c.first, c.second);
    return ImVec2(p.x + cell_w * 0.5f, p.y + cell_h * 0.5f);
  };
  if (open) {
    for (const teach::QuizCell& c : state.predict.answer.cells)
      draw_quiz_mark(draw, QuizMarkKind::Picked, at_corner(c), corner_mark);
  } else if (shown->question.ask == teach::QuizAsk::Improves) {
    for (const teach::QuizCell& c : shown->mark.missed) draw_quiz_mark(draw, QuizMarkKind::Missed, at_centre(c), side * 0.96f);
    for (const teach::QuizCell& c : shown->mark.hit) draw_quiz_mark(draw, QuizMarkKind::Hit, at_corner(c), corner_mark);
    for (const teach::QuizCell& c : shown->mark.extra) draw_quiz_mark(draw, QuizMarkKind::Extra, at_corner(c), corner_mark);
  } else {
    const teach::QuizCell cell{shown->question.i, shown->question.j};
    draw_quiz_mark(draw, shown->mark.right ? QuizMarkKind::Hit : QuizMarkKind::Extra, at_corner(cell), corner_mark);
  }
  draw->PopClipRect();
}

}  // namespace apsp::studio
