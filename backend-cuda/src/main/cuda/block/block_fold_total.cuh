// Block-wide helpers of the one-pass reproducible float sum: sums of 128-bit totals and the merge
// of the warps' results by the last block (fold.cu's fold_onepass_sum_float).
#pragma once
#include <climits>
#include "../common.cuh"
#include "../warp/warp_fold_float.cuh"

__device__ __forceinline__ i128 load_i128(const i128* p) {
  const longlong2 v = __ldcg(reinterpret_cast<const longlong2*>(p));
  return ((i128)v.y << 64) | (i128)(u64)v.x;
}

__device__ __forceinline__ void store_i128(i128* p, i128 v) {
  *reinterpret_cast<longlong2*>(p) = make_longlong2((i64)(u64)v, (i64)(v >> 64));
}

// The block's sum of v, in every thread.
__device__ __forceinline__ i128 block_sum_i128(i128 v) {
  __shared__ longlong2 warp_totals[WARPS_PER_BLOCK];
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / WARP_SIZE;
  v = warp_sum_i128(v);
  if (lane == 0) warp_totals[warp] = make_longlong2((i64)(u64)v, (i64)(v >> 64));
  __syncthreads();
  i128 total = 0;
#pragma unroll
  for (int w = 0; w < WARPS_PER_BLOCK; ++w) total += ((i128)warp_totals[w].y << 64) | (i128)(u64)warp_totals[w].x;
  __syncthreads();
  return total;
}

// The block's maximum of v, in every thread.
__device__ __forceinline__ int block_max_int(int v) {
  __shared__ int warp_max[WARPS_PER_BLOCK];
#pragma unroll
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) v = max(v, __shfl_xor_sync(FULL_MASK, v, offset));
  if (threadIdx.x % WARP_SIZE == 0) warp_max[threadIdx.x / WARP_SIZE] = v;
  __syncthreads();
  int m = INT_MIN;
#pragma unroll
  for (int w = 0; w < WARPS_PER_BLOCK; ++w) m = max(m, warp_max[w]);
  __syncthreads();
  return m;
}

// Merges the warps' results (run by one whole block): the global top grid is the highest max_top;
// warps folded at it add their totals; warps folded at a lower top are listed in invalid[] to be
// folded again. result: int top, int non_finite, int invalid count, int unused, i128 total.
__device__ __forceinline__ void merge_warp_folds(int warps, const i128* totals, const int* tops, const int* max_tops,
                                                 const int* flags, int* invalid, int* result) {
  __shared__ int invalid_count;
  int top = INT_MIN;
  int bad = 0;
  for (int i = threadIdx.x; i < warps; i += BLOCK_SIZE) {
    top = max(top, __ldcg(max_tops + i));
    bad |= __ldcg(flags + i);
  }
  top = block_max_int(top);
  bad = block_max_int(bad);
  if (threadIdx.x == 0) invalid_count = 0;
  __syncthreads();
  i128 sum = 0;
  if (!bad && top != INT_MIN) {
    for (int i = threadIdx.x; i < warps; i += BLOCK_SIZE) {
      const int t = __ldcg(tops + i);
      if (t == top) {
        sum += load_i128(totals + i);
      } else if (t != INT_MIN) {
        invalid[atomicAdd(&invalid_count, 1)] = i;
      }
    }
  }
  sum = block_sum_i128(sum);
  if (threadIdx.x == 0) {
    result[0] = top;
    result[1] = bad;
    result[2] = invalid_count;
    result[3] = 0;
    store_i128(reinterpret_cast<i128*>(result + 4), sum);
  }
}
