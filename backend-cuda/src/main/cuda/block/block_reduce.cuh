// Block-wide reduction: warp shuffles, then one warp over the per-warp totals.
#pragma once
#include "../common.cuh"
#include "../warp/warp_reduce.cuh"

// Returns the block's total in thread 0 (other threads hold partial values). Every thread of the
// block must call it; callers that use it twice separate the calls with __syncthreads().
template <typename Op, typename T>
__device__ __forceinline__ T block_reduce(T value) {
  __shared__ T warp_totals[WARPS_PER_BLOCK];
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / WARP_SIZE;
  value = warp_reduce<Op>(value);
  if (lane == 0) warp_totals[warp] = value;
  __syncthreads();
  if (warp == 0) {
    value = lane < WARPS_PER_BLOCK ? warp_totals[lane] : Op::template identity<T>();
    value = warp_reduce<Op>(value);
  }
  return value;
}
