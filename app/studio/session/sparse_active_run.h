#pragma once
// A sparse solver in the studio: the SparseRun's rows stepped with the teaching stepper (a round finishes the
// current source, a k-step or a phase settles one vertex) or filled by the real solver ("run to end"). It has
// no time travel and no measure mode: both say why.
#include <apsp/graph/graph.h>

#include <memory>

#include "session/active_run.h"
#include "session/classroom_worker.h"
#include "session/publish_pacing.h"
#include "session/sparse_run.h"

namespace apsp::studio {

class SparseActiveRun final : public ActiveRun {
 public:
  SparseActiveRun(RunContext& ctx, ClassroomWorker& classroom, std::shared_ptr<const Graph> graph,
                  std::unique_ptr<SparseRun> run, SolverConfig config);

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

  void save_distances(const std::string& path) override;
  std::shared_ptr<const ViewFrame> view() override;
  void fill(SessionSnapshot& s) const override;

 private:
  /// @brief Between steps or batches: a snapshot with the rows so far, at most every interval, unless view
  /// updates are off (the rows are then shown when the job ends).
  void publish_if_due(PublishPacer& pacer);

  RunContext& m_ctx;
  ClassroomWorker& m_classroom;
  std::shared_ptr<const Graph> m_graph;
  std::unique_ptr<SparseRun> m_run;
  SolverConfig m_config;
  bool m_gpu_solver = false;  // the stats' device line names the GPU
};

}  // namespace apsp::studio
