#pragma once
/// @file solver.h
/// @brief The Solver interface: reset, step by k / phase / round / to the end, read back, view tiles.
///
/// The base class owns the cursor, the range policy (range_policy.h), negative-cycle reporting and the
/// profile log; a variant implements the protected primitives (load, run_phase, read_raw, ...). So every
/// variant steps, reports errors and fills profile columns the same way.
#include <apsp/core/distance_matrix.h>
#include <apsp/core/predecessor_matrix.h>
#include <apsp/core/view_geometry.h>
#include <apsp/graph/graph.h>
#include <apsp/profile/profile.h>
#include <apsp/solve/range_policy.h>

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace apsp {

class DeviceTileMinima;
struct ProcessGroup;

/// @brief How far one step() goes.
enum class Granularity { KStep, Phase, Round, ToEnd };

/// @brief Where the solver stands: the next work is phase @p phase of round @p round at k offset @p k
/// (0..block-1) inside that phase. finished: every round is done.
///
/// Blocked variants walk Pivot -> PivotRowCol -> Independent in each round; non-blocked variants have one
/// Full phase per round (a round is `block` consecutive k). Invariant: the matrix is always a state that a
/// prefix of the algorithm produces; after round r it equals Floyd–Warshall restricted to intermediates
/// < (r+1)*block. A k-step runs one k of the current phase over that phase's blocks.
struct Cursor {
  int round = 0;
  Phase phase = Phase::Pivot;
  int k = 0;
  bool finished = false;

  bool operator==(const Cursor&) const = default;
};

/// @brief How cuda-blocked runs phase 2: one CTA per (block, row-or-column) pair, or one CTA per block index
/// updating both the pivot row block and the pivot column block (the pivot block loaded once for both).
enum class Phase2Mode { Split, OneCta };

/// @brief Options shared by every backend; a backend ignores what does not apply to it.
struct SolverOptions {
  int block = 64;            ///< pivot block size B (any 1..n for CPU; listed sizes for CUDA)
  DType dtype = DType::I32;
  int threads = 0;           ///< CPU threads; 0 = all cores
  /// Keep the predecessor matrix Π (CPU variants track it at every update, so read_predecessors() works at any
  /// cursor and path(i, j) once finished); the other variants derive Π from their distances without it.
  bool track_paths = false;
  int gpus = 1;              ///< multi-GPU variants
  /// Set: this process is one rank of a multi-process solve (cuda-tuned only): it holds band rank of world on
  /// its GPU local_rank, and the ranks broadcast over NCCL (apsp/device/process_group.h).
  std::shared_ptr<const ProcessGroup> process_group{};
  // --- The optimization ladder ---
  int cells_per_thread = 4;  ///< cuda-pseudo-blocked: P x P cells per thread, P in kCellsPerThreadChoices
  Phase2Mode phase2 = Phase2Mode::Split;  ///< phase 2 of cuda-blocked, cuda-staged and cuda-blocked-vec
  /// Polled from the calling thread by the one wait inside a step that no round bounds, the recovery of a
  /// negative cycle's vertices (apsp/solve/negative_cycle.h, about every few million cells): returning true
  /// gives it up, and the NegativeCycleError carries no vertices (InterruptedError instead when a stop signal
  /// is pending); an exception it throws ends the step with it. As SparseSolverOptions::should_stop.
  std::function<bool()> should_stop{};  // {}: positional braces that stop before it stay warning-free
};

/// @brief The P values cuda-pseudo-blocked compiles (P x P cells per thread).
inline constexpr int kCellsPerThreadChoices[] = {2, 4, 8};

/// @brief What one step did.
struct StepResult {
  Cursor before;
  Cursor after;
  int rounds_completed = 0;  ///< rounds finished by this step
};

class Solver {
 public:
  explicit Solver(const SolverOptions& options);
  virtual ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  /// @brief Variant name as in the registry ("cpu-blocked", "cuda-tuned", ...).
  virtual std::string_view name() const = 0;
  /// @brief True for three-phase variants, false for one Full phase per round.
  virtual bool blocked() const = 0;
  const SolverOptions& options() const { return m_options; }

  /// @brief Copies @p initial (any padding/dtype; converted to the solver's block and dtype), rewinds the
  /// cursor, clears the profile. Throws OutOfMemoryError before allocating, RangeError for int16 overflow.
  void reset(const DistanceMatrix& initial);

  /// @brief Where and how long the last reset took to make the initial matrix and move it to the backend.
  struct LoadTimes {
    bool built_on_device = false;  ///< the matrix was built where it is used, from the edges (no host matrix)
    double build_ms = 0;           ///< host: the n x n matrix from the edges; device: the fill and scatter kernels
    double upload_ms = 0;          ///< host: the matrix copied into the backend; device: the edge list's copy
    std::uint64_t upload_bytes = 0;
  };
  /// @brief reset() from @p graph's edges (to_distance_matrix's matrix, same checks and errors). A backend that
  /// builds on the device (builds_on_device()) gets only the edges, and no n x n host matrix exists, unless the
  /// base keeps the input (a negative weight: to name a negative cycle; a derived Π up to
  /// limits::kMaxPredecessorVertices: its edge weights). Others get the host-built matrix through load().
  void reset(const Graph& graph);
  const LoadTimes& load_times() const { return m_load_times; }

  /// @brief Puts the solver back at the start of round @p round with the matrix @p state (raw values, as
  /// read_state() gave them for that round start), for stepping back in time (teach/time_travel.h).
  /// Keeps what reset() derived from the input (range policy, the copy for naming a negative cycle), reloads
  /// the backend through load() (which reinitialises every per-run buffer and flag), and drops the profile's
  /// compute samples of rounds >= @p round. Only round starts: a variant may carry state inside a round
  /// (cuda-tuned's phase-2 panels feed its phase 3), never across one. round == rounds() means finished.
  /// Throws UsageError before reset(), for a round outside 0..rounds(), a matrix of another n, or with
  /// track_paths (a tracked Π cannot be recovered from distances; replay from reset() instead).
  void restore(const DistanceMatrix& state, int round);
  /// @brief Raw copy of the current matrix (not normalized: values >= unreachable_from stay as stored), in the
  /// solver's block and dtype; what restore() takes back exactly.
  void read_state(DistanceMatrix& out);

  /// @brief Advances by @p g. Throws NegativeCycleError (with one cycle, or none when options().should_stop
  /// stopped its recovery) once a diagonal goes negative (checked after each round), RangeError when a final distance leaves the dtype's range.
  StepResult step(Granularity g);

  Cursor cursor() const { return m_cursor; }
  bool finished() const { return m_cursor.finished; }
  bool loaded() const { return m_n > 0 || m_loaded; }
  /// @brief Logical n of the loaded matrix and the number of rounds, ceil(n / block).
  int n() const { return m_n; }
  int rounds() const;

  /// @brief Copies the current distances into @p out (reallocated to n, the solver's block and dtype);
  /// unreachable values are normalized to INF.
  void read(DistanceMatrix& out);
  /// @brief Rows [@p row_begin, @p row_begin + @p rows) of the current distances as int32 (unreachable normalized
  /// to INF) into @p out, rows x n contiguous: for streaming a result out without an n x n host copy. A rank of a
  /// multi-process solve holds only its own rows (storage()); others throw UsageError.
  void read_rows(int row_begin, int rows, std::int32_t* out);
  /// @brief Once finished: throws RangeError when a distance left the dtype's range, the check read() makes,
  /// for callers that show results without reading them all (the studio's heatmap). Copies the matrix back
  /// (GPU variants: waits for their work) only when range_policy().may_leave_range; a no-op before the end.
  void check_final_range();
  /// @brief One distance, widened to int32 (kInf32 when unreachable).
  std::int32_t value_at(int i, int j);

  /// @brief Tile minimum per texel of @p geometry (rows*cols values, unreachable = kInf32), from storage()
  /// by the reductions of tile_minima.h: GPU variants reduce on the device (each GPU its own rows) and copy only
  /// the tiles.
  void view_tiles(const ViewGeometry& geometry, std::int32_t* tiles);

  const RangePolicy& range_policy() const { return m_policy; }

  /// @brief One band of matrix rows as a variant stores it. Host-only description: the pointer is a device
  /// pointer when @p device >= 0.
  struct StorageBand {
    int device = -1;              ///< CUDA device ordinal; -1: host memory
    const void* data = nullptr;   ///< element (row_begin, 0)
    std::size_t pitch_bytes = 0;  ///< bytes between rows
    int row_begin = 0;            ///< first matrix row of the band
    int rows = 0;                 ///< real rows (< n) the band holds, from row_begin
    void* stream = nullptr;       ///< cudaStream_t to enqueue reads of a device band on
    /// Device: the raw tile minima of Storage::live_view for the texel rows that meet this band's real rows
    /// ((y - first such row) * cols + x), which the variant's kernels keep current (track_view()); valid for
    /// reads enqueued after storage_for_reads_async(). Null: none, reduce the matrix.
    const std::int32_t* live_tiles = nullptr;
  };
  /// @brief Where the matrix lives: one band (a CPU variant's host matrix, a one-GPU device matrix) or one
  /// band per GPU, in row order. What tile_minima.h reduces tiles from (the variants do no view work themselves).
  struct Storage {
    int n = 0;  ///< logical size
    DType dtype = DType::I32;
    std::vector<StorageBand> bands;  ///< empty: no matrix allocated yet
    ViewGeometry live_view;          ///< the geometry of the bands' live_tiles (rows == 0: none)
    bool on_device() const { return !bands.empty() && bands.front().device >= 0; }
    /// @brief Whether every band with rows carries live tiles for exactly @p g.
    bool live_for(const ViewGeometry& g) const {
      if (live_view.rows == 0 || live_view.n != g.n || live_view.rows != g.rows || live_view.cols != g.cols) return false;
      for (const StorageBand& b : bands)
        if (b.rows > 0 && !b.live_tiles) return false;
      return true;
    }
  };
  /// @brief The storage as it is; orders nothing (to pick a device, not to read).
  virtual Storage storage() const = 0;
  /// @brief storage(), with each device band's stream ordered after everything the solver queued on that band,
  /// and the solver's later work on the band ordered after what the caller enqueues on that stream before the
  /// next step: enqueue the reads right after this call, on the bands' streams. Host storage: storage().
  virtual Storage storage_for_reads_async() { return storage(); }

  /// @brief Asks the variant to keep the raw tile minima of @p geometry current while its kernels write cells
  /// (null: stop), so that views read rows x cols values instead of the matrix (Storage::live_view). True when
  /// it does: cuda-tuned, one or many GPUs, for texels of 2^a x 2^b cells (a >= 2 rows, at least 4 words wide)
  /// with n divisible by rows and cols, and no negative weight; other variants and geometries (and inputs with a
  /// negative weight, whose floored cells a running minimum cannot follow) return false, and views reduce the
  /// matrix. Costs the kernels a little while on (their epilogues fold what they wrote), nothing when off.
  virtual bool track_view(const ViewGeometry* geometry) {
    (void)geometry;
    return false;
  }

  /// @brief Samples recorded since reset(). GPU variants add samples when their CUDA events complete:
  /// collect_timings(false) pulls in those that are ready without stalling; (true) waits for all.
  const ProfileLog& profile() const { return m_profile; }
  virtual void collect_timings(bool wait) { (void)wait; }
  /// @brief Waits until every enqueued step has finished (no-op for CPU variants).
  virtual void synchronize() {}

  /// @brief Vertices of a shortest path i -> j (i first, j last) once finished with track_paths, read from Π;
  /// nullopt when unreachable. Throws UsageError when the variant or options do not track paths.
  virtual std::optional<std::vector<std::int32_t>> path(int i, int j);

  /// @brief True when the variant keeps its own Π, updated at every strict improvement by CLRS's rule
  /// (π_ij = π_kj when d_ij > d_ik + d_kj): the CPU variants with track_paths (cpu-blocked also takes an
  /// equally short path of fewer edges, see cpu_solver_base.h). False: read_predecessors() derives Π from the
  /// distances (derive_predecessors.h).
  virtual bool tracks_predecessors() const { return false; }
  /// @brief Π of the current state into @p out (reallocated to n).
  ///
  /// Tracked: at every cursor, π_ij is NIL exactly where d_ij is unreachable (and on the diagonal), else the
  /// vertex before j on the walk whose length d_ij is. A non-blocked variant (cpu-naive) holds Floyd–Warshall's
  /// state after each k, so every path read from Π (teach/predecessors.h) weighs d_ij at every cursor. A blocked
  /// variant does so at each round's start and the end; inside a round a cell may already hold a walk through a
  /// vertex whose own cell the round has not reached yet, so a path read back then may stop at a NIL, loop or
  /// weigh less than d_ij (no Π could describe those distances).
  /// Derived: at a round's start or once finished; mid-round it throws UsageError (one line).
  /// Throws UsageError before reset(), above limits::kMaxPredecessorVertices, and after a negative cycle.
  void read_predecessors(PredecessorMatrix& out);

 protected:
  /// @brief Loads @p padded (already padded to options().block, dtype options().dtype) to the backend.
  virtual void load(const DistanceMatrix& padded) = 0;
  /// @brief True when the variant implements load_edges(): it builds its matrix from the edges where it keeps it.
  virtual bool builds_on_device() const { return false; }
  /// @brief Builds the initial matrix of @p graph (checked: endpoints, weights fit the dtype) in the backend's own
  /// storage, as load(to_distance_matrix(graph, block, dtype)) would leave it, and fills @p times (its build and
  /// upload parts). Called by reset(const Graph&) only when builds_on_device().
  virtual void load_edges(const Graph& graph, LoadTimes& times) {
    (void)graph;
    (void)times;
  }
  /// @brief Runs k offsets [k_begin, k_end) of @p phase of @p round (may only enqueue on GPUs).
  virtual void run_phase(int round, Phase phase, int k_begin, int k_end) = 0;
  /// @brief Whether any diagonal entry is negative. wait = false may answer from an earlier round's check
  /// (GPUs read an asynchronously copied flag); wait = true answers for the work issued so far.
  virtual bool negative_diagonal(bool wait) = 0;
  /// @brief Raw copy into @p out, which the base allocated with the solver's n, block and dtype.
  virtual void read_raw(DistanceMatrix& out) = 0;
  virtual std::int32_t raw_value_at(int i, int j) = 0;
  /// @brief Raw rows (the solver's dtype, n values each) into @p dst, @p pitch_bytes apart. The default reads the
  /// whole matrix through read_raw() and copies the rows out; variants that can copy rows alone override it.
  virtual void read_raw_rows(int row_begin, int rows, void* dst, std::size_t pitch_bytes);

  /// @brief Copies the tracked Π into @p out (already sized n); called only when tracks_predecessors().
  virtual void read_tracked_predecessors(PredecessorMatrix& out) { (void)out; }

  /// @brief Host bytes the variant allocates in load() for an n x n matrix (CPU variants: their working copy
  /// and Π), so reset() can refuse before allocating anything.
  virtual std::uint64_t host_bytes_for(int n) const { (void)n; return 0; }

  /// @brief Adds a sample to the profile (GPU variants call it from collect_timings).
  void record(const PhaseSample& sample) { m_profile.add(sample); }

 private:
  void advance_cursor_after_phase();
  void after_round_completed();
  [[noreturn]] void raise_negative_cycle();

  SolverOptions m_options;
  Cursor m_cursor;
  int m_n = 0;
  bool m_loaded = false;
  RangePolicy m_policy;
  ProfileLog m_profile;
  LoadTimes m_load_times;
  /// The input, kept when some weight is negative (to recover a negative cycle's vertices) and, up to
  /// limits::kMaxPredecessorVertices, when Π is derived (its edge weights).
  DistanceMatrix m_initial;
  bool m_negative_cycle = false;  ///< the solve stopped at a negative cycle: no Π
  std::unique_ptr<DeviceTileMinima> m_device_tiles;  ///< tile_minima.h's buffers for view_tiles() of device storage
};

/// @brief Runs @p solver to the end: reset, then step(ToEnd).
void solve_all(Solver& solver, const DistanceMatrix& initial);

}  // namespace apsp
