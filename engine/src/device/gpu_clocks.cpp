#include <apsp/device/device_info.h>
#include <apsp/device/gpu_clocks.h>
#include <dlfcn.h>

#include <algorithm>

namespace apsp {

namespace {

// The few NVML entry points used, declared as nvml.h declares them (the header is not needed to build).
using NvmlReturn = int;  // nvmlReturn_t; NVML_SUCCESS is 0
using NvmlDevice = void*;
constexpr int kNvmlClockSm = 1;   // NVML_CLOCK_SM
constexpr int kNvmlClockMem = 2;  // NVML_CLOCK_MEM

struct Nvml {
  NvmlReturn (*init)() = nullptr;
  NvmlReturn (*handle_by_bus_id)(const char*, NvmlDevice*) = nullptr;
  NvmlReturn (*clock_info)(NvmlDevice, int, unsigned*) = nullptr;
  NvmlReturn (*driver_version)(char*, unsigned) = nullptr;
  bool ready = false;
};

template <class F> void bind(void* library, const char* name, F& out) {
  out = reinterpret_cast<F>(::dlsym(library, name));
}

/// Opened and initialised once per process and kept: NVML is cheap to hold and its init is not.
const Nvml& nvml() {
  static const Nvml loaded = [] {
    Nvml n;
    void* library = ::dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!library) return n;
    bind(library, "nvmlInit_v2", n.init);
    bind(library, "nvmlDeviceGetHandleByPciBusId_v2", n.handle_by_bus_id);
    bind(library, "nvmlDeviceGetClockInfo", n.clock_info);
    bind(library, "nvmlSystemGetDriverVersion", n.driver_version);
    n.ready = n.init && n.handle_by_bus_id && n.clock_info && n.driver_version && n.init() == 0;
    return n;
  }();
  return loaded;
}

void widen(int& low, int& high, unsigned mhz) {
  const int value = static_cast<int>(mhz);
  low = low == 0 ? value : std::min(low, value);
  high = std::max(high, value);
}

}  // namespace

std::string nvml_driver_version() {
  const Nvml& n = nvml();
  char text[96] = {};
  if (!n.ready || n.driver_version(text, sizeof text) != 0) return "";
  return text;
}

GpuClockMonitor::GpuClockMonitor(int gpus) {
  if (gpus <= 0 || cuda_device_count() == 0 || !nvml().ready) return;
  for (const DeviceInfo& d : cuda_devices(false)) {
    if (static_cast<int>(m_devices.size()) >= gpus) break;
    Device device;
    device.index = d.index;
    device.range.device = d.index;
    // By PCI bus id: NVML's indices ignore CUDA_VISIBLE_DEVICES, CUDA's ordinals follow it.
    if (d.pci_bus_id.empty() || nvml().handle_by_bus_id(d.pci_bus_id.c_str(), &device.handle) != 0) continue;
    m_devices.push_back(device);
  }
}

void GpuClockMonitor::sample() {
  for (Device& d : m_devices) {
    unsigned sm = 0, mem = 0;
    if (nvml().clock_info(d.handle, kNvmlClockSm, &sm) == 0 && sm > 0) {
      widen(d.range.sm_min_mhz, d.range.sm_max_mhz, sm);
      d.seen = true;
    }
    if (nvml().clock_info(d.handle, kNvmlClockMem, &mem) == 0 && mem > 0) {
      widen(d.range.mem_min_mhz, d.range.mem_max_mhz, mem);
      d.seen = true;
    }
  }
}

std::vector<GpuClockRange> GpuClockMonitor::ranges() const {
  std::vector<GpuClockRange> out;
  for (const Device& d : m_devices)
    if (d.seen) out.push_back(d.range);
  return out;
}

}  // namespace apsp
