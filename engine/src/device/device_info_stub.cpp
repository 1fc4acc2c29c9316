// Device facts in builds without CUDA: no devices, and the reason why. Compiled instead of device_info.cu
// (engine/CMakeLists.txt), so callers need no #ifdef.
#include <apsp/core/errors.h>
#include <apsp/device/device_info.h>
#include <apsp/device/process_group.h>

namespace apsp {

int cuda_device_count() { return 0; }
std::string cuda_unavailable_reason() { return "built without CUDA (configure with APSP_CUDA=ON)"; }
std::vector<DeviceInfo> cuda_devices(bool) { return {}; }
int cuda_runtime_version() { return 0; }

std::vector<unsigned char> make_nccl_unique_id() {
  throw UnavailableError("one process per GPU: this build has no CUDA");
}
}  // namespace apsp
