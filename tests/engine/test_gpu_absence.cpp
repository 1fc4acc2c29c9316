// The one sentence for "no CUDA backend here": no GPU is "no CUDA-capable GPU found" whatever the runtime said
// when no driver is installed; a driver that is there but too old (or failing) is named, with the runtime's
// error. The driver probe is pointed at made-up places.
#include <apsp/device/gpu_absence.h>

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

namespace apsp {
namespace {

const std::string kInsufficient =
    "cudaErrorInsufficientDriver (CUDA driver version is insufficient for CUDA runtime version)";

TEST(GpuAbsence, NoDriverIsNoGpuWhateverTheRuntimeSaid) {
  // Without libcuda the runtime answers "insufficient driver": not a driver problem for the user.
  EXPECT_EQ(gpu_absence_reason(DeviceQuery::driver_too_old, kInsufficient, false), "no CUDA-capable GPU found");
  EXPECT_EQ(gpu_absence_reason(DeviceQuery::no_device, "cudaErrorNoDevice (no CUDA-capable device is detected)", false),
            "no CUDA-capable GPU found");
  EXPECT_EQ(gpu_absence_reason(DeviceQuery::failed, "cudaErrorUnknown (unknown error)", false),
            "no CUDA-capable GPU found");
}

TEST(GpuAbsence, ADriverWithoutADeviceIsNoGpu) {
  EXPECT_EQ(gpu_absence_reason(DeviceQuery::no_device, "cudaErrorNoDevice (no CUDA-capable device is detected)", true),
            "no CUDA-capable GPU found");
}

TEST(GpuAbsence, ADriverTooOldIsNamedWithTheRuntimeError) {
  const std::string why = gpu_absence_reason(DeviceQuery::driver_too_old, kInsufficient, true);
  EXPECT_EQ(why, "the NVIDIA driver is too old for this build's CUDA runtime (update the driver): " + kInsufficient);
  EXPECT_EQ(why.find("no CUDA-capable GPU found"), std::string::npos) << why;
}

TEST(GpuAbsence, AFailingDriverSaysHow) {
  EXPECT_EQ(gpu_absence_reason(DeviceQuery::failed, "cudaErrorSystemNotReady (system not yet initialized)", true),
            "no usable CUDA GPU: cudaErrorSystemNotReady (system not yet initialized)");
}

TEST(GpuAbsence, AFoundDeviceHasNoReason) {
  EXPECT_EQ(gpu_absence_reason(DeviceQuery::found, "", true), "");
  EXPECT_EQ(gpu_absence_reason(DeviceQuery::found, "", false), "");
}

TEST(GpuAbsence, TheDriverProbeLooksAtTheLibraryAndTheKernelModule) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("apsp-gpu-absence-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string version = (dir / "version").string();
  const std::string no_library = "libapsp-no-such-driver.so.1";
  EXPECT_FALSE(nvidia_driver_installed({no_library, (dir / "missing").string()}));
  EXPECT_FALSE(nvidia_driver_installed({"", ""}));
  std::ofstream(version) << "NVRM version: NVIDIA UNIX x86_64 Kernel Module  580.00\n";
  EXPECT_TRUE(nvidia_driver_installed({no_library, version}));
  // A library that loads counts as a driver (any will do for the probe: the C library's maths part).
  EXPECT_TRUE(nvidia_driver_installed({"libm.so.6", (dir / "missing").string()}));
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace apsp
