// Warp-wide inclusive scan with __shfl_up_sync (Kogge-Stone over the 32 lanes).
#pragma once
#include "../common.cuh"

template <typename Op, typename T>
__device__ __forceinline__ T warp_inclusive_scan(T value, int lane) {
#pragma unroll
  for (int offset = 1; offset < WARP_SIZE; offset <<= 1) {
    T before = __shfl_up_sync(FULL_MASK, value, offset);
    if (lane >= offset) value = Op::apply(before, value);
  }
  return value;
}
