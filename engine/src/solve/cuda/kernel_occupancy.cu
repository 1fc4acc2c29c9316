// The kernels' occupancy rows of `apsp info --device` (device_info.h asks for them): the kernels live here.
#include <apsp/device/device_info.h>

#include "solve/cuda/kernels.cuh"
#include "solve/cuda/ladder_kernels.cuh"

namespace apsp::detail {

void append_kernel_occupancy(std::vector<KernelOccupancy>& out) {
  cuda::append_common_occupancy(out);
  cuda::append_blocked_occupancy(out);
  cuda::append_tuned_occupancy(out);
  cuda::append_simple_occupancy(out);
  cuda::append_pseudo_blocked_occupancy(out);
  cuda::append_staged_occupancy(out);
  cuda::append_blocked_vec_occupancy(out);
  cuda::append_rowcol_one_cta_occupancy(out);
}

}  // namespace apsp::detail
