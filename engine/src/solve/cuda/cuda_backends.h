#pragma once
// Registration of the CUDA variants with the solver registry (called once by registry.cpp at start-up).

namespace apsp::detail {

/// @brief Registers the CUDA variants of solve/cuda_variant_table.h (the ladder, in order); without a usable device they are listed as
/// unavailable with the reason from cuda_unavailable_reason().
void register_cuda_backends();

}  // namespace apsp::detail
