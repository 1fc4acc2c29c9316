#pragma once
/// @file device_info.h
/// @brief CUDA device facts for `apsp info --device`, the GUI device panel and peak figures in bench.
/// Host-only header: works (returning no devices) in builds without CUDA.
#include <cstdint>
#include <string>
#include <vector>

namespace apsp {

struct KernelOccupancy {
  std::string kernel;        ///< e.g. "cuda-tuned phase3 (B=64)"
  int threads_per_block = 0;
  int blocks_per_sm = 0;     ///< from cudaOccupancyMaxActiveBlocksPerMultiprocessor
  double occupancy = 0;      ///< active warps / max warps per SM
  int registers = 0;
  std::size_t shared_bytes = 0;
};

struct DeviceInfo {
  int index = 0;
  std::string name;
  int sm_count = 0;
  int sm_clock_khz = 0;
  int compute_major = 0;
  int compute_minor = 0;
  std::uint64_t memory_bytes = 0;
  std::uint64_t free_bytes = 0;
  int driver_version = 0;           ///< cudaDriverGetVersion (13000 for CUDA 13.0); 0 if unknown
  std::string pci_bus_id;           ///< "0000:1b:00.0": names the device to NVML (gpu_clocks.h)
  double peak_bandwidth_gbps = 0;   ///< 2 * memory clock * bus width / 8 from the device attributes
  double minplus_peak_i32 = 0;      ///< updates/s: SMs x 64 x SM clock (sm_90 VIADDMNMX rate)
  double minplus_peak_i16 = 0;      ///< twice the int32 figure (packed 16x2)
  std::vector<KernelOccupancy> occupancy;
};

/// @brief Number of CUDA devices; 0 when built without CUDA or none is present (never throws).
int cuda_device_count();
/// @brief Why no CUDA backend can run here, a whole sentence ("built without CUDA ...", "no CUDA-capable GPU
/// found", a driver too old: gpu_absence.h); empty if one can.
std::string cuda_unavailable_reason();
/// @brief cudaRuntimeGetVersion of the CUDA runtime this process loaded (13000 for 13.0); 0 without CUDA.
int cuda_runtime_version();
/// @brief Facts for every visible device (with kernel occupancy when @p with_occupancy).
std::vector<DeviceInfo> cuda_devices(bool with_occupancy = false);

namespace detail {
/// @brief Appends one row per compiled kernel for the current device. Defined next to the kernels (the solve
/// room, which this room may not include); cuda_devices(true) calls it, nothing else should.
void append_kernel_occupancy(std::vector<KernelOccupancy>& out);
}  // namespace detail

}  // namespace apsp
