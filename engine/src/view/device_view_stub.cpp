// DeviceViewEncoder in builds without CUDA: nothing can run, and the constructor says so.
// Compiled instead of src/view/cuda/device_view.cu (engine/CMakeLists.txt), so callers need no #ifdef.
#include <apsp/core/errors.h>
#include <apsp/view/device_view.h>

namespace apsp {

struct DeviceViewEncoder::Impl {};

bool DeviceViewEncoder::compiled() { return false; }

DeviceViewEncoder::DeviceViewEncoder(int) { throw UnavailableError("device heatmap: built without CUDA"); }
DeviceViewEncoder::~DeviceViewEncoder() = default;
DeviceViewEncoder::DeviceViewEncoder(DeviceViewEncoder&&) noexcept = default;
DeviceViewEncoder& DeviceViewEncoder::operator=(DeviceViewEncoder&&) noexcept = default;

void DeviceViewEncoder::reduce_async(Solver&, const ViewGeometry&, std::optional<ValueRange>) {}
void DeviceViewEncoder::capture_previous_async(Solver&, const ViewGeometry&) {}
void DeviceViewEncoder::set_live_minima(bool) {}
bool DeviceViewEncoder::ready() const { return false; }
void DeviceViewEncoder::wait_ready() const {}
ValueRange DeviceViewEncoder::range() const { return {}; }
const ViewGeometry& DeviceViewEncoder::geometry() const {
  static const ViewGeometry none;
  return none;
}
void DeviceViewEncoder::encode_async(unsigned long long, bool, void*) {}
std::optional<std::pair<std::size_t, DeviceViewTimes>> DeviceViewEncoder::poll_encoded() { return std::nullopt; }
void DeviceViewEncoder::request_texel_async(std::size_t, void*) {}
std::optional<std::pair<std::size_t, std::int32_t>> DeviceViewEncoder::texel() { return std::nullopt; }

}  // namespace apsp
