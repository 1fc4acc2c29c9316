#pragma once
// Restores the caller's current CUDA device when a scope ends (work over several GPUs switches it).
#include <cuda_runtime.h>

namespace apsp::cuda {

class CurrentDeviceGuard {
 public:
  CurrentDeviceGuard() { (void)cudaGetDevice(&m_device); }
  ~CurrentDeviceGuard() { (void)cudaSetDevice(m_device); }
  CurrentDeviceGuard(const CurrentDeviceGuard&) = delete;
  CurrentDeviceGuard& operator=(const CurrentDeviceGuard&) = delete;

 private:
  int m_device = 0;
};

}  // namespace apsp::cuda
