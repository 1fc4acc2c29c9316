#pragma once
// A Floyd–Warshall solve in the studio: the solver, stepped through the classroom's TimeTravel (so steps can be
// taken back), its views, the GPU queue kept about a frame deep, and measure mode.
#include <apsp/graph/graph.h>
#include <apsp/solve/solve_progress.h>
#include <apsp/solve/solver.h>

#include <memory>

#include "session/active_run.h"
#include "session/classroom_worker.h"
#include "session/publish_pacing.h"

namespace apsp::studio {

class DenseRun final : public ActiveRun {
 public:
  /// @param solver already reset to @p graph's matrix for @p config (effective block, gpus)
  DenseRun(RunContext& ctx, ClassroomWorker& classroom, std::shared_ptr<const Graph> graph, SolverConfig config,
           std::unique_ptr<Solver> solver);

  const SolverConfig& config() const override { return m_config; }
  std::string describe() const override;
  std::uint64_t result_bytes() const override;
  void installed() override;

  void step(Granularity g, int count) override;
  void run_to_end() override;
  MeasureRecord measure(const MeasureOptions& options) override;
  void reset() override;
  void back(teach::TravelUnit unit, int count) override;
  void seek(std::size_t index) override;
  void travel_with(const std::function<void(Solver&, teach::TimeTravel&)>& body, bool mark_last_step) override;
  void found_negative_cycle(NegativeCycleFinding cycle) override;
  void update_inspection(Inspection& inspection) override;

  void save_distances(const std::string& path) override;
  std::shared_ptr<const ViewFrame> view() override;
  void view_updates_changed(bool on) override;
  void fill(SessionSnapshot& s) const override;

 private:
  /// @brief One step through time travel, the state before it kept when a view may follow (@p will_publish).
  void step_once(Granularity g, bool will_publish);
  /// @brief Between the steps of a long job: a snapshot (with a view when one is due) at most every interval.
  void publish_if_due(PublishPacer& pacer);
  bool view_due(pacing::Clock::time_point last_publish, double interval_share) const;
  /// @brief Keeps at most about one frame of GPU work queued ahead (CUDA steps only enqueue).
  void throttle();
  /// The input as a host matrix: only for what reads it there (the lesson's range, at classroom sizes).
  DistanceMatrix initial_matrix() const;

  RunContext& m_ctx;
  ClassroomWorker& m_classroom;
  std::shared_ptr<const Graph> m_graph;
  SolverConfig m_config;
  std::unique_ptr<Solver> m_solver;
  int m_cuda_device = -1;     // the device the view is drawn from; -1 for CPU solvers
  bool m_gpu_solver = false;  // steps return once issued: the run throttles and polls CUDA events
  // Rounds whose last phase completed on every GPU, from the profile (events polled, never waited on).
  SolveProgress m_progress;
  double m_queue_budget_ms;  // GPU work throttle() keeps queued ahead
};

/// @brief "cpu-blocked, block 32, i32[, 2 GPUs][, 4 CPU threads]".
std::string describe_config(const SolverConfig& c);

}  // namespace apsp::studio
