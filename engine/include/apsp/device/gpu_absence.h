#pragma once
/// @file gpu_absence.h
/// @brief The one sentence for "no CUDA backend can run here", told apart by cause: no GPU (most machines: no
/// NVIDIA driver at all, or a driver without a device) or a driver that is there but cannot serve this build
/// (too old for its CUDA runtime, or failing). Host-only, in every build.
#include <string>
#include <string_view>

namespace apsp {

/// @brief What a machine without a NVIDIA GPU is told: the same words in the CLI, the studio and the backends.
inline constexpr std::string_view kNoGpuFound = "no CUDA-capable GPU found";

/// @brief The CUDA runtime's answer to "how many devices?", reduced to what the message depends on.
enum class DeviceQuery {
  found,            ///< at least one device
  no_device,        ///< none (cudaErrorNoDevice, or a count of 0)
  driver_too_old,   ///< cudaErrorInsufficientDriver: also what the runtime says where no driver is installed
  failed,           ///< any other error
};

/// @brief Where to look for an installed NVIDIA driver; tests point it at made-up places.
struct DriverProbe {
  std::string library = "libcuda.so.1";                  ///< the driver's user-space library (dlopen)
  std::string kernel_version = "/proc/driver/nvidia/version";  ///< present while the kernel module is loaded
};

/// @brief Whether a NVIDIA driver is installed: its library loads or its kernel module reports a version.
bool nvidia_driver_installed(const DriverProbe& probe = {});

/// @brief Why no CUDA backend can run: kNoGpuFound unless a driver is installed and the runtime failed for
/// another reason than "no device" (then the runtime's error, @p runtime_error, says what to fix); empty when
/// @p query is DeviceQuery::found.
std::string gpu_absence_reason(DeviceQuery query, std::string_view runtime_error, bool driver_installed);

}  // namespace apsp
