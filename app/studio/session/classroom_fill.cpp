#include "session/classroom_fill.h"

#include <apsp/teach/pseudocode.h>

namespace apsp::studio {

void fill_classroom(ClassroomState& out, const Inspection& in) {
  if (in.i >= 0) out.selected = CellRef{in.i, in.j};
  out.relaxation.reset();
  out.source_ik = CellRef{};
  out.source_kj = CellRef{};
  if (in.relaxation) {
    const teach::Explanation& e = *in.relaxation;
    Relaxation r;
    r.round = e.round;
    r.phase = e.phase;
    r.k = e.k;
    r.cell = CellRef{e.i, e.j};
    r.updated_by_step = e.updated_by_step;
    r.d_ij_before = e.d_ij_before;
    r.d_ik = e.d_ik;
    r.d_kj = e.d_kj;
    r.d_ij = e.d_ij;
    r.line = std::string(teach::pseudocode(in.blocked)[static_cast<std::size_t>(e.line)]);
    out.relaxation = r;
    out.source_ik = CellRef{e.i, e.k};
    out.source_kj = CellRef{e.k, e.j};
  }
  out.current_path = in.current_path.vertices;
  out.current_path_length = in.current_path.length;
  out.final_path = in.final_path.vertices;
  out.final_path_length = in.final_path.length;
  out.negative_cycle = in.negative_cycle;
}

}  // namespace apsp::studio
