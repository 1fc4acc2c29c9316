// Telling "no GPU" from "a driver that cannot serve this build". The CUDA runtime answers
// cudaErrorInsufficientDriver both where the driver is older than the runtime and where there is no driver at
// all (it cannot load libcuda): only the second is the common case of a laptop or CI machine without a GPU, and
// naming a driver there misleads.
#include <apsp/device/gpu_absence.h>

#include <dlfcn.h>

#include <filesystem>

namespace apsp {

bool nvidia_driver_installed(const DriverProbe& probe) {
  std::error_code ec;
  if (!probe.kernel_version.empty() && std::filesystem::exists(probe.kernel_version, ec)) return true;
  if (probe.library.empty()) return false;
  void* handle = dlopen(probe.library.c_str(), RTLD_LAZY | RTLD_LOCAL);
  if (!handle) return false;
  dlclose(handle);
  return true;
}

std::string gpu_absence_reason(DeviceQuery query, std::string_view runtime_error, bool driver_installed) {
  switch (query) {
    case DeviceQuery::found:
      return "";
    case DeviceQuery::no_device:
      break;
    case DeviceQuery::driver_too_old:
      if (driver_installed)
        return "the NVIDIA driver is too old for this build's CUDA runtime (update the driver): " +
               std::string(runtime_error);
      break;
    case DeviceQuery::failed:
      if (driver_installed) return "no usable CUDA GPU: " + std::string(runtime_error);
      break;
  }
  return std::string(kNoGpuFound);
}

}  // namespace apsp
