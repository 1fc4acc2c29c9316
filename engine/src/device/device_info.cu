// Device facts for `apsp info --device`, the GUI's device panel and the peak figures of `apsp bench`.
// Never throws: a machine without a usable GPU just has no devices.
#include <apsp/device/check.cuh>
#include <apsp/device/device_info.h>
#include <apsp/device/gpu_absence.h>

#include <cuda_runtime.h>

#include <string>

namespace apsp {

namespace {
int query_device_count(cudaError_t* error) {
  int count = 0;
  const cudaError_t status = cudaGetDeviceCount(&count);
  if (error) *error = status;
  if (status != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return count;
}

int attribute(cudaDeviceAttr attr, int device) {
  int v = 0;
  if (cudaDeviceGetAttribute(&v, attr, device) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return v;
}
}  // namespace

int cuda_device_count() { return query_device_count(nullptr); }

std::string cuda_unavailable_reason() {
  cudaError_t status = cudaSuccess;
  const int count = query_device_count(&status);
  if (count > 0) return "";
  DeviceQuery query = DeviceQuery::failed;
  if (status == cudaSuccess || status == cudaErrorNoDevice) query = DeviceQuery::no_device;
  if (status == cudaErrorInsufficientDriver) query = DeviceQuery::driver_too_old;
  return gpu_absence_reason(query, cuda::cuda_error_text(status), nvidia_driver_installed());
}

int cuda_runtime_version() {
  int version = 0;
  if (cudaRuntimeGetVersion(&version) != cudaSuccess) {
    (void)cudaGetLastError();
    return 0;
  }
  return version;
}

std::vector<DeviceInfo> cuda_devices(bool with_occupancy) {
  std::vector<DeviceInfo> out;
  const int count = cuda_device_count();
  int previous = 0;
  if (count > 0 && cudaGetDevice(&previous) != cudaSuccess) {
    (void)cudaGetLastError();
    previous = 0;
  }
  for (int d = 0; d < count; ++d) {
    DeviceInfo info;
    info.index = d;
    cudaDeviceProp prop{};
    if (cudaGetDeviceProperties(&prop, d) != cudaSuccess) {
      (void)cudaGetLastError();
      continue;
    }
    info.name = prop.name;
    info.sm_count = prop.multiProcessorCount;
    info.compute_major = prop.major;
    info.compute_minor = prop.minor;
    info.memory_bytes = prop.totalGlobalMem;
    info.sm_clock_khz = attribute(cudaDevAttrClockRate, d);
    if (cudaDriverGetVersion(&info.driver_version) != cudaSuccess) {
      (void)cudaGetLastError();
      info.driver_version = 0;
    }
    char bus_id[32] = {};
    if (cudaDeviceGetPCIBusId(bus_id, sizeof bus_id, d) == cudaSuccess)
      info.pci_bus_id = bus_id;
    else
      (void)cudaGetLastError();
    const double mem_clock_khz = attribute(cudaDevAttrMemoryClockRate, d);
    const double bus_bits = attribute(cudaDevAttrGlobalMemoryBusWidth, d);
    // Double data rate: two transfers per memory clock.
    info.peak_bandwidth_gbps = 2.0 * mem_clock_khz * 1e3 * (bus_bits / 8.0) / 1e9;
    // One VIADDMNMX per lane per clock on 64 lanes of each SM (sm_90); the packed int16 form does two.
    info.minplus_peak_i32 = static_cast<double>(info.sm_count) * 64.0 * info.sm_clock_khz * 1e3;
    info.minplus_peak_i16 = 2.0 * info.minplus_peak_i32;
    if (cudaSetDevice(d) == cudaSuccess) {
      std::size_t free_bytes = 0, total_bytes = 0;
      if (cudaMemGetInfo(&free_bytes, &total_bytes) == cudaSuccess) info.free_bytes = free_bytes;
      if (with_occupancy) detail::append_kernel_occupancy(info.occupancy);
    }
    (void)cudaGetLastError();
    out.push_back(std::move(info));
  }
  if (count > 0) (void)cudaSetDevice(previous);
  return out;
}

}  // namespace apsp
