#pragma once
// The round driver of a band, shared by the one-GPU solver (one band of every row) and the multi-GPU solver
// (one band per GPU): where each piece of a phase runs, what it waits for, and its profile sample. Phase 2
// is the solvers' own (one GPU: one launch for both panels; several: the owner's row panel, its broadcast,
// then every band's column panel), built from the same pieces.
//
// Look-ahead (round_model::lookahead_enabled()): phases 1 and 2 run on the band's high-priority aux stream;
// in phase 3 the tile row and tile column holding the next pivot block run first on aux (after this round's
// phase 2 there and after the previous phase-3 rest on main, which wrote them), the rest on main. So the next
// round's phases 1 and 2 overlap the bulk of this phase 3. Panels are double-buffered by round parity, so
// phase 2 of round r + 1 never overwrites what phase 3 of round r reads.
#include <apsp/profile/profile.h>

#include "solve/cuda/band_streams.cuh"
#include "solve/cuda/event_ring.cuh"
#include "solve/cuda/kernels.cuh"
#include "solve/cuda/live_view_tiles.cuh"

namespace apsp::cuda {

/// @brief Enqueues @p enqueue(stream) on the band's aux stream after main's latest work, timed as @p sample.
template <class Enqueue>
void run_on_aux_async(BandStreams& streams, EventRing& ring, const PhaseSample& sample, Enqueue&& enqueue) {
  streams.aux_after_main();
  cudaStream_t s = streams.aux();
  const int start = ring.record(s);
  enqueue(s);
  PhaseSample on_aux = sample;
  on_aux.track = Track::Aux;
  ring.add(on_aux, start, ring.record(s));
  streams.aux_written();
}

/// @brief Enqueues @p enqueue(stream) on the band's main stream after everything on aux, timed as @p sample.
template <class Enqueue>
void run_on_main_async(BandStreams& streams, EventRing& ring, const PhaseSample& sample, Enqueue&& enqueue) {
  streams.main_after_aux();
  cudaStream_t s = streams.main();
  const int start = ring.record(s);
  enqueue(s);
  ring.add(sample, start, ring.record(s));
  streams.main_written();
}

/// @brief The next pivot's phase-3 strips in band coordinates: tile row (-1: the next pivot rows lie in
/// another band) and tile column.
struct NextPivotTiles {
  int tile_row = -1;
  int tile_col = 0;
};

/// @brief Phase 3 of cuda-tuned on a band of @p row_tiles x @p col_tiles tiles after this round's phase 2
/// (aux): with @p next, the next pivot's strips first on aux and the rest on main (timed as @p sample, main
/// only); without, every tile on main. With @p live on, every tile is folded into those live view minima.
template <class T>
void run_tuned_independent_async(BandStreams& streams, EventRing& ring, MatrixView<T> band, int block,
                                 const TunedPanels& panels, int row_tiles, int col_tiles, const NextPivotTiles* next,
                                 const PhaseSample& sample, const LiveTexels& live) {
  streams.main_after_aux();  // phase 2 of this round (and, through it, the row panel's arrival)
  TileRange rest{0, row_tiles, 0, col_tiles};
  if (next) {
    streams.aux_after_main();
    streams.aux_after_rest();
    const int tr = next->tile_row, tc = next->tile_col;
    if (tr >= 0)
      tuned_independent_tiles_async<T>(band, block, TileRange{tr, tr + 1, 0, col_tiles}, panels, live,
                                       streams.aux());
    tuned_independent_tiles_async<T>(band, block, TileRange{0, row_tiles, tc, tc + 1, tr, -1}, panels, live,
                                     streams.aux());
    streams.aux_written();
    rest.skip_row = tr;
    rest.skip_col = tc;
  }
  cudaStream_t s = streams.main();
  const int start = ring.record(s);
  tuned_independent_tiles_async<T>(band, block, rest, panels, live, s);
  ring.add(sample, start, ring.record(s));
  if (next) {
    streams.rest_done_on_main();
  } else {
    streams.main_written();
  }
}

}  // namespace apsp::cuda
