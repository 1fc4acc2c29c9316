#pragma once
/// @file gpu_clocks.h
/// @brief The GPUs' SM and memory clocks while a run goes, read through NVML (libnvidia-ml.so.1, opened with
/// dlopen, so no build links it and a machine without the driver simply records none), and the driver's
/// version as NVML names it. A boost clock that dropped (heat, power cap) explains a slow run that the code
/// does not.
#include <string>
#include <vector>

namespace apsp {

/// @brief Clocks seen on one GPU over the samples taken; 0 where NVML gave none.
struct GpuClockRange {
  int device = 0;  ///< CUDA ordinal
  int sm_min_mhz = 0;
  int sm_max_mhz = 0;
  int mem_min_mhz = 0;
  int mem_max_mhz = 0;
};

/// @brief The NVIDIA driver's version ("580.65.06"); "" without NVML.
std::string nvml_driver_version();

/// @brief Samples the clocks of the first @p gpus CUDA devices at the moments a caller chooses (the engine
/// runs no thread of its own): right after each run, while the GPU still holds that run's clocks (an idle one
/// drops to a few hundred MHz). Without NVML or devices, sample() does nothing and ranges() is empty.
class GpuClockMonitor {
 public:
  explicit GpuClockMonitor(int gpus);
  void sample();
  /// @brief One range per device that gave a reading, in CUDA order.
  std::vector<GpuClockRange> ranges() const;

 private:
  struct Device {
    int index = 0;
    void* handle = nullptr;  ///< nvmlDevice_t
    GpuClockRange range;
    bool seen = false;
  };
  std::vector<Device> m_devices;
};

}  // namespace apsp
