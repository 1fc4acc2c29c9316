// DeviceViewEncoder and DeviceTileMinima in builds without CUDA: nothing can run, and the constructor says so.
// Compiled instead of src/view/cuda/device_view.cu and tile_minima.cu (engine/CMakeLists.txt), so callers need
// no #ifdef.
#include <apsp/core/errors.h>
#include <apsp/view/device_view.h>
#include <apsp/view/tile_minima.h>

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

// No storage is ever on a device without CUDA: nothing calls these.
struct DeviceTileMinima::Impl {};
DeviceTileMinima::DeviceTileMinima() = default;
DeviceTileMinima::~DeviceTileMinima() = default;
void DeviceTileMinima::to_host_async(const Solver::Storage&, const ViewGeometry&, std::int32_t*) {
  throw UnavailableError("device view tiles: built without CUDA");
}
void DeviceTileMinima::finish_to_host(const ViewGeometry&, std::int32_t*) {}
void DeviceTileMinima::gather_async(const Solver::Storage&, const ViewGeometry&, int, std::int32_t*, void*, void*) {
  throw UnavailableError("device view tiles: built without CUDA");
}

}  // namespace apsp
