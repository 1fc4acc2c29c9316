#pragma once
// The streams of one GPU's band of a CUDA solver and the one vocabulary that orders them (the one-GPU solver
// is one band without a comm stream). Every ordering is an event recorded on one stream and waited on by
// another, never a host wait; the dirty flags skip orderings that would add nothing.
//
//   main  phase 3 (the rest of it under look-ahead), k-steps, copies, readers' work (view tiles)
//   aux   high priority: phases 1 and 2 and, under look-ahead, the next pivot's phase-3 strips
//   comm  high priority, multi-GPU only: broadcasts, so that one is not queued behind a phase-3 grid
#include <apsp/device/stream.cuh>

namespace apsp::cuda {

class BandStreams {
 public:
  BandStreams() = default;
  /// @brief Streams and events on the current device; the comm stream and its events only @p with_comm.
  static BandStreams create(bool with_comm);

  cudaStream_t main() const { return m_main.get(); }
  cudaStream_t aux() const { return m_aux.get(); }
  cudaStream_t comm() const { return m_comm.get(); }

  /// @brief Work was enqueued on main (aux) that the other streams have not been ordered after.
  void main_written() { m_main_dirty = true; }
  void aux_written() { m_aux_dirty = true; }
  void comm_written() { m_comm_dirty = true; }
  /// @brief Forgets every pending ordering (after a full synchronization, before a new matrix).
  void clear();

  /// @brief aux after main's latest work (when main did something aux has not seen).
  void aux_after_main();
  /// @brief main after everything issued on aux so far.
  void main_after_aux();
  /// @brief main after everything issued on comm so far.
  void main_after_comm();
  /// @brief aux after everything issued on comm so far (a broadcast has arrived, or finished reading).
  void aux_after_comm();
  /// @brief comm after everything issued on aux so far (ready to send, or to overwrite the receive buffer).
  void comm_after_aux();
  /// @brief comm after everything issued on main so far.
  void comm_after_main();
  /// @brief main after everything issued on this GPU: what reads and k-steps need.
  void join_to_main() {
    main_after_aux();
    main_after_comm();
  }

  /// @brief Look-ahead: marks the end of main's part of a phase 3 (the rest, without the next pivot's strips).
  void rest_done_on_main();
  /// @brief Look-ahead: aux after main's last phase-3 rest, which wrote the strips aux is about to update.
  void aux_after_rest();

  /// @brief Waits for every stream (throws on a CUDA error).
  void synchronize();
  /// @brief Waits for every stream, ignoring errors (destructors: kernels must not outlive their buffers).
  void drain() noexcept;

 private:
  Stream m_main, m_aux, m_comm;
  Event m_main_mark;  ///< main -> aux / comm ordering point
  Event m_aux_mark;   ///< aux -> main ordering point
  Event m_send_mark;  ///< aux -> comm ordering point
  Event m_comm_mark;  ///< comm -> aux / main ordering point
  Event m_rest_done;  ///< look-ahead: main's part of the last phase 3 is done
  bool m_main_dirty = false;  ///< main has work aux has not been ordered after
  bool m_aux_dirty = false;   ///< aux has work main has not been ordered after
  bool m_comm_dirty = false;  ///< comm has work main has not been ordered after
  bool m_rest_pending = false;
};

}  // namespace apsp::cuda
