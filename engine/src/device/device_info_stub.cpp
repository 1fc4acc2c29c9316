// Device facts in builds without CUDA: no devices, and the reason why. Compiled instead of device_info.cu
// (engine/CMakeLists.txt), so callers need no #ifdef.
#include <apsp/device/device_info.h>

namespace apsp {

int cuda_device_count() { return 0; }
std::string cuda_unavailable_reason() { return "built without CUDA (configure with APSP_CUDA=ON)"; }
std::vector<DeviceInfo> cuda_devices(bool) { return {}; }
int cuda_runtime_version() { return 0; }

}  // namespace apsp
