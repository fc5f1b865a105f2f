// Warp-wide reduction with __shfl_xor_sync: every lane ends with the warp's total.
#pragma once
#include "../common.cuh"

template <typename Op, typename T>
__device__ __forceinline__ T warp_reduce(T value) {
#pragma unroll
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) {
    value = Op::apply(value, __shfl_xor_sync(FULL_MASK, value, offset));
  }
  return value;
}
