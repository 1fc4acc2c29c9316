// CUPTI's range profiler (CUDA 13, cupti_range_profiler.h) behind counter_session.h: one user range per measured
// phase, replayed by us (user replay: the caller's prepare() brings the solver back to the same state before
// every pass) until CUPTI says every pass of the metric configuration was submitted; then the counter data is
// decoded and the metrics evaluated on the host (cupti_profiler_host.h).
//
// Order of calls (each checked; a failure names the call):
//   cuptiProfilerInitialize; the device's CUcontext (primary context, through the runtime's driver entry point
//   so that nothing links libcuda); cuptiProfilerDeviceSupported; cuptiDeviceGetChipName;
//   cuptiProfilerGetCounterAvailability; cuptiProfilerHostInitialize / ConfigAddMetrics / GetConfigImage(Size) /
//   GetNumOfPasses; cuptiRangeProfilerEnable; GetCounterDataSize.
//   Per range: CounterDataImageInitialize, SetConfig, then per pass Start / PushRange / work / PopRange / Stop,
//   DecodeData, GetCounterDataInfo, EvaluateToGpuValues (range 0).
//   At the end: cuptiRangeProfilerDisable, cuptiProfilerHostDeinitialize, cuptiProfilerDeInitialize.
#include <apsp/core/errors.h>
#include <cuda.h>
#include <cuda_runtime_api.h>
#include <cupti_profiler_host.h>
#include <cupti_profiler_target.h>
#include <cupti_range_profiler.h>
#include <cupti_result.h>
#include <cupti_target.h>

#include <cstdint>
#include <string>
#include <vector>

#include "report/counter_session.h"

namespace apsp::counters::detail {

namespace {

std::string result_text(CUptiResult r) {
  const char* text = nullptr;
  if (cuptiGetResultString(r, &text) == CUPTI_SUCCESS && text) return text;
  return "CUPTI error " + std::to_string(static_cast<int>(r));
}

/// Throws for a failed CUPTI call @p call: UnavailableError where the machine cannot give counters (permission,
/// a device or configuration CUPTI does not profile), Error otherwise.
void check(CUptiResult r, const char* call) {
  if (r == CUPTI_SUCCESS) return;
  const std::string what = std::string(call) + ": " + result_text(r);
  switch (r) {
    case CUPTI_ERROR_INSUFFICIENT_PRIVILEGES:
      throw UnavailableError("hardware counters unavailable: no permission to read GPU performance counters (" + what +
                             "); run as an administrator or load the driver with "
                             "NVreg_RestrictProfilingToAdminUsers=0");
    case CUPTI_ERROR_NOT_SUPPORTED:
    case CUPTI_ERROR_NOT_COMPATIBLE:
    case CUPTI_ERROR_VIRTUALIZED_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_CONFIDENTIAL_COMPUTING_NOT_SUPPORTED:
    case CUPTI_ERROR_CMP_DEVICE_NOT_SUPPORTED:
    case CUPTI_ERROR_MULTIPLE_SUBSCRIBERS_NOT_SUPPORTED:
      throw UnavailableError("hardware counters unavailable: " + what);
    default:
      throw Error("hardware counters: " + what);
  }
}

void check_cuda(cudaError_t e, const char* call) {
  if (e != cudaSuccess)
    throw Error(std::string("hardware counters: ") + call + ": " + cudaGetErrorName(e) + " (" + cudaGetErrorString(e) +
                ")");
}

/// The primary context of @p device, made current on this thread, without linking the driver library.
CUcontext primary_context(int device) {
  check_cuda(cudaSetDevice(device), "cudaSetDevice");
  check_cuda(cudaFree(nullptr), "cudaFree(nullptr) (creating the primary context)");
  using GetCurrent = CUresult (*)(CUcontext*);
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult status = cudaDriverEntryPointSymbolNotFound;
  check_cuda(cudaGetDriverEntryPointByVersion("cuCtxGetCurrent", &fn, 12000, cudaEnableDefault, &status),
             "cudaGetDriverEntryPointByVersion(cuCtxGetCurrent)");
  if (status != cudaDriverEntryPointSuccess || !fn) throw Error("hardware counters: the driver has no cuCtxGetCurrent");
  CUcontext context = nullptr;
  if (reinterpret_cast<GetCurrent>(fn)(&context) != CUDA_SUCCESS || !context)
    throw Error("hardware counters: cuCtxGetCurrent gave no context for device " + std::to_string(device));
  return context;
}

/// A CUPTI parameter struct: zeroed (every field unset is 0 / nullptr, as CUPTI asks) with its size filled in.
template <class Params>
Params params(std::size_t struct_size) {
  Params p{};
  p.structSize = struct_size;
  return p;
}

// Each parameter struct has its <type>_STRUCT_SIZE macro: name the type once.
#define APSP_CUPTI_PARAMS(type) params<type>(type##_STRUCT_SIZE)

std::vector<const char*> c_names(const std::vector<std::string>& names) {
  std::vector<const char*> out;
  for (const std::string& n : names) out.push_back(n.c_str());
  return out;
}

class CuptiSession final : public CounterSession {
 public:
  CuptiSession(int device, std::vector<std::string> metrics) : m_metrics(std::move(metrics)) {
    m_names = c_names(m_metrics);
    try {
      open(device);
    } catch (...) {
      close();  // the destructor does not run for a constructor that throws
      throw;
    }
  }

  ~CuptiSession() override { close(); }
  CuptiSession(const CuptiSession&) = delete;
  CuptiSession& operator=(const CuptiSession&) = delete;

  void open(int device) {
    auto init = APSP_CUPTI_PARAMS(CUpti_Profiler_Initialize_Params);
    check(cuptiProfilerInitialize(&init), "cuptiProfilerInitialize");
    m_profiler_initialized = true;
    m_context = primary_context(device);
    check_device_supported(device);
    const std::string chip = chip_name(device);
    const std::vector<std::uint8_t> availability = counter_availability();
    init_host(chip, availability);
    build_config_image();

    auto enable = APSP_CUPTI_PARAMS(CUpti_RangeProfiler_Enable_Params);
    enable.ctx = m_context;
    check(cuptiRangeProfilerEnable(&enable), "cuptiRangeProfilerEnable");
    m_profiler = enable.pRangeProfilerObject;

    auto size = APSP_CUPTI_PARAMS(CUpti_RangeProfiler_GetCounterDataSize_Params);
    size.pRangeProfilerObject = m_profiler;
    size.pMetricNames = m_names.data();
    size.numMetrics = m_names.size();
    size.maxNumOfRanges = 1;  // one range per measure()
    size.maxNumRangeTreeNodes = 1;
    check(cuptiRangeProfilerGetCounterDataSize(&size), "cuptiRangeProfilerGetCounterDataSize");
    m_counter_data.resize(size.counterDataSize);
  }

  /// Teardown never throws: a failure here cannot change the counters already read.
  void close() noexcept {
    if (m_profiler) {
      auto p = APSP_CUPTI_PARAMS(CUpti_RangeProfiler_Disable_Params);
      p.pRangeProfilerObject = m_profiler;
      cuptiRangeProfilerDisable(&p);
      m_profiler = nullptr;
    }
    if (m_host) {
      auto p = APSP_CUPTI_PARAMS(CUpti_Profiler_Host_Deinitialize_Params);
      p.pHostObject = m_host;
      cuptiProfilerHostDeinitialize(&p);
      m_host = nullptr;
    }
    if (m_profiler_initialized) {
      auto p = APSP_CUPTI_PARAMS(CUpti_Profiler_DeInitialize_Params);
      cuptiProfilerDeInitialize(&p);
      m_profiler_initialized = false;
    }
  }

  std::vector<double> measure(const std::string& name, const std::function<void()>& prepare,
                              const std::function<void()>& run) override {
    auto image = APSP_CUPTI_PARAMS(CUpti_RangeProfiler_CounterDataImage_Initialize_Params);
    image.pRangeProfilerObject = m_profiler;
    image.counterDataSize = m_counter_data.size();
    image.pCounterData = m_counter_data.data();
    check(cuptiRangeProfilerCounterDataImageInitialize(&image), "cuptiRangeProfilerCounterDataImageInitialize");

    auto config = APSP_CUPTI_PARAMS(CUpti_RangeProfiler_SetConfig_Params);
    config.pRangeProfilerObject = m_profiler;
    config.configSize = m_config_image.size();
    config.pConfig = m_config_image.data();
    config.counterDataImageSize = m_counter_data.size();
    config.pCounterDataImage = m_counter_data.data();
    config.range = CUPTI_UserRange;
    config.replayMode = CUPTI_UserReplay;
    config.maxRangesPerPass = 1;
    config.numNestingLevels = 1;
    config.minNestingLevel = 1;
    config.passIndex = 0;
    config.targetNestingLevel = 1;
    check(cuptiRangeProfilerSetConfig(&config), "cuptiRangeProfilerSetConfig");

    int passes = 0;
    bool all_submitted = false;
    while (!all_submitted) {
      if (passes > kMaxPasses)
        throw Error("hardware counters: " + name + " still not collected after " + std::to_string(kMaxPasses) +
                    " passes");
      prepare();
      auto start = APSP_CUPTI_PARAMS(CUpti_RangeProfiler_Start_Params);
      start.pRangeProfilerObject = m_profiler;
      check(cuptiRangeProfilerStart(&start), "cuptiRangeProfilerStart");
      auto push = APSP_CUPTI_PARAMS(CUpti_RangeProfiler_PushRange_Params);
      push.pRangeProfilerObject = m_profiler;
      push.pRangeName = name.c_str();
      check(cuptiRangeProfilerPushRange(&push), "cuptiRangeProfilerPushRange");
      run();
      auto pop = APSP_CUPTI_PARAMS(CUpti_RangeProfiler_PopRange_Params);
      pop.pRangeProfilerObject = m_profiler;
      check(cuptiRangeProfilerPopRange(&pop), "cuptiRangeProfilerPopRange");
      auto stop = APSP_CUPTI_PARAMS(CUpti_RangeProfiler_Stop_Params);
      stop.pRangeProfilerObject = m_profiler;
      check(cuptiRangeProfilerStop(&stop), "cuptiRangeProfilerStop");
      all_submitted = stop.isAllPassSubmitted != 0;
      ++passes;
    }
    m_passes = passes;

    auto decode = APSP_CUPTI_PARAMS(CUpti_RangeProfiler_DecodeData_Params);
    decode.pRangeProfilerObject = m_profiler;
    check(cuptiRangeProfilerDecodeData(&decode), "cuptiRangeProfilerDecodeData");
    if (decode.numOfRangeDropped != 0)
      throw Error("hardware counters: cuptiRangeProfilerDecodeData dropped " +
                  std::to_string(decode.numOfRangeDropped) + " range(s) of " + name);

    auto info = APSP_CUPTI_PARAMS(CUpti_RangeProfiler_GetCounterDataInfo_Params);
    info.pCounterDataImage = m_counter_data.data();
    info.counterDataImageSize = m_counter_data.size();
    check(cuptiRangeProfilerGetCounterDataInfo(&info), "cuptiRangeProfilerGetCounterDataInfo");
    std::vector<double> values(m_names.size(), 0.0);
    // A phase that launches nothing (a blocked phase with no blocks left, n <= B) leaves no range: zero counts.
    if (info.numTotalRanges == 0) return values;
    if (info.numTotalRanges != 1)
      throw Error("hardware counters: " + std::to_string(info.numTotalRanges) + " ranges decoded for " + name +
                  " (expected 1)");

    auto eval = APSP_CUPTI_PARAMS(CUpti_Profiler_Host_EvaluateToGpuValues_Params);
    eval.pHostObject = m_host;
    eval.pCounterDataImage = m_counter_data.data();
    eval.counterDataImageSize = m_counter_data.size();
    eval.rangeIndex = 0;
    eval.ppMetricNames = m_names.data();
    eval.numMetrics = m_names.size();
    eval.pMetricValues = values.data();
    check(cuptiProfilerHostEvaluateToGpuValues(&eval), "cuptiProfilerHostEvaluateToGpuValues");
    return values;
  }

  int passes() const override { return m_passes; }

 private:
  /// A metric set needs a handful of passes; far more means the loop would never end.
  static constexpr int kMaxPasses = 256;

  void check_device_supported(int device) {
    auto p = APSP_CUPTI_PARAMS(CUpti_Profiler_DeviceSupported_Params);
    p.cuDevice = static_cast<CUdevice>(device);
    p.api = CUPTI_PROFILER_RANGE_PROFILING;
    check(cuptiProfilerDeviceSupported(&p), "cuptiProfilerDeviceSupported");
    if (p.isSupported != CUPTI_PROFILER_CONFIGURATION_SUPPORTED) {
      std::string why = "device " + std::to_string(device) + " cannot be profiled";
      if (p.architecture != CUPTI_PROFILER_CONFIGURATION_SUPPORTED) why += " (architecture)";
      if (p.vGpu == CUPTI_PROFILER_CONFIGURATION_DISABLED) why += " (vGPU profiling disabled)";
      if (p.confidentialCompute != CUPTI_PROFILER_CONFIGURATION_SUPPORTED) why += " (confidential computing)";
      if (p.cmp != CUPTI_PROFILER_CONFIGURATION_SUPPORTED) why += " (CMP device)";
      if (p.wsl != CUPTI_PROFILER_CONFIGURATION_SUPPORTED) why += " (WSL)";
      throw UnavailableError("hardware counters unavailable: cuptiProfilerDeviceSupported: " + why);
    }
  }

  std::string chip_name(int device) {
    auto p = APSP_CUPTI_PARAMS(CUpti_Device_GetChipName_Params);
    p.deviceIndex = static_cast<std::size_t>(device);
    check(cuptiDeviceGetChipName(&p), "cuptiDeviceGetChipName");
    if (!p.pChipName) throw Error("hardware counters: cuptiDeviceGetChipName gave no name");
    return p.pChipName;
  }

  std::vector<std::uint8_t> counter_availability() {
    auto p = APSP_CUPTI_PARAMS(CUpti_Profiler_GetCounterAvailability_Params);
    p.ctx = m_context;
    check(cuptiProfilerGetCounterAvailability(&p), "cuptiProfilerGetCounterAvailability (size)");
    std::vector<std::uint8_t> image(p.counterAvailabilityImageSize);
    p.pCounterAvailabilityImage = image.data();
    check(cuptiProfilerGetCounterAvailability(&p), "cuptiProfilerGetCounterAvailability");
    return image;
  }

  void init_host(const std::string& chip, const std::vector<std::uint8_t>& availability) {
    auto p = APSP_CUPTI_PARAMS(CUpti_Profiler_Host_Initialize_Params);
    p.profilerType = CUPTI_PROFILER_TYPE_RANGE_PROFILER;
    p.pChipName = chip.c_str();
    p.pCounterAvailabilityImage = availability.data();
    check(cuptiProfilerHostInitialize(&p), "cuptiProfilerHostInitialize");
    m_host = p.pHostObject;
  }

  void build_config_image() {
    auto add = APSP_CUPTI_PARAMS(CUpti_Profiler_Host_ConfigAddMetrics_Params);
    add.pHostObject = m_host;
    add.ppMetricNames = m_names.data();
    add.numMetrics = m_names.size();
    check(cuptiProfilerHostConfigAddMetrics(&add), "cuptiProfilerHostConfigAddMetrics (a metric name this GPU lacks?)");

    auto size = APSP_CUPTI_PARAMS(CUpti_Profiler_Host_GetConfigImageSize_Params);
    size.pHostObject = m_host;
    check(cuptiProfilerHostGetConfigImageSize(&size), "cuptiProfilerHostGetConfigImageSize");
    m_config_image.resize(size.configImageSize);

    auto image = APSP_CUPTI_PARAMS(CUpti_Profiler_Host_GetConfigImage_Params);
    image.pHostObject = m_host;
    image.configImageSize = m_config_image.size();
    image.pConfigImage = m_config_image.data();
    check(cuptiProfilerHostGetConfigImage(&image), "cuptiProfilerHostGetConfigImage");

    auto passes = APSP_CUPTI_PARAMS(CUpti_Profiler_Host_GetNumOfPasses_Params);
    passes.configImageSize = m_config_image.size();
    passes.pConfigImage = m_config_image.data();
    check(cuptiProfilerHostGetNumOfPasses(&passes), "cuptiProfilerHostGetNumOfPasses");
    m_passes = static_cast<int>(passes.numOfPasses);
  }

  std::vector<std::string> m_metrics;
  std::vector<const char*> m_names;
  bool m_profiler_initialized = false;
  CUcontext m_context = nullptr;
  CUpti_Profiler_Host_Object* m_host = nullptr;
  CUpti_RangeProfiler_Object* m_profiler = nullptr;
  std::vector<std::uint8_t> m_config_image;
  std::vector<std::uint8_t> m_counter_data;
  int m_passes = 0;
};

}  // namespace

std::string counter_build_unavailable_reason() { return {}; }

std::unique_ptr<CounterSession> open_counter_session(int device, const std::vector<std::string>& metrics) {
  return std::make_unique<CuptiSession>(device, metrics);
}

}  // namespace apsp::counters::detail
