// Block-wide exclusive scan of one value per thread: warp scans, then a scan of the warp totals.
#pragma once
#include "../common.cuh"
#include "../warp/warp_scan.cuh"

// Returns the combination of the values of all lower threads (identity for thread 0) and sets
// block_total to the combination of every thread's value. Every thread must call it; it ends with
// __syncthreads(), so it may be called again at once.
template <typename Op, typename T>
__device__ __forceinline__ T block_exclusive_scan(T value, T& block_total) {
  __shared__ T warp_prefix[WARPS_PER_BLOCK + 1];
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / WARP_SIZE;
  T inclusive = warp_inclusive_scan<Op>(value, lane);
  T exclusive = __shfl_up_sync(FULL_MASK, inclusive, 1);
  if (lane == 0) exclusive = Op::template identity<T>();
  if (lane == WARP_SIZE - 1) warp_prefix[warp] = inclusive;
  __syncthreads();
  if (warp == 0) {
    T total = lane < WARPS_PER_BLOCK ? warp_prefix[lane] : Op::template identity<T>();
    T scanned = warp_inclusive_scan<Op>(total, lane);
    T before = __shfl_up_sync(FULL_MASK, scanned, 1);
    if (lane < WARPS_PER_BLOCK) warp_prefix[lane] = lane == 0 ? Op::template identity<T>() : before;
    if (lane == WARPS_PER_BLOCK - 1) warp_prefix[WARPS_PER_BLOCK] = scanned;
  }
  __syncthreads();
  T result = warp == 0 ? exclusive : Op::apply(warp_prefix[warp], exclusive);
  block_total = warp_prefix[WARPS_PER_BLOCK];
  __syncthreads();
  return result;
}
