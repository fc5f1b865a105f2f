// How the segmented reduce's kernels (block_segment.cuh, block_segment_flat.cuh) handle a segment's
// running value, so that one kernel serves every result kind: seg_lift turns element x at index i
// into the running value, seg_shfl_up moves it between lanes, seg_put stores segment s's result
// through out. For a plain reduce out is the result array and the value is the element itself;
// block_segment_arg.cuh overloads them for arg-min / arg-max's (key, index) pairs.
#pragma once
#include "../common.cuh"

template <typename T>
__device__ __forceinline__ T seg_lift(T*, T x, i64) {
  return x;
}

template <typename T>
__device__ __forceinline__ T seg_shfl_up(T v, int d) {
  return __shfl_up_sync(FULL_MASK, v, d);
}

template <typename T>
__device__ __forceinline__ void seg_put(T* out, i64 s, T v) {
  out[s] = v;
}
