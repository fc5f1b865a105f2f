// Reproducible-mode entry points: the integer fold sums of dev.prims.spi.FoldPlan. Each element
// (or product) is split into up to four integers on fixed power-of-two grids, operation for
// operation as FoldPlan defines it (double precision, separately rounded, no fused multiply-add);
// integer sums do not depend on order, so every launch shape gives the same bits. The one-pass
// float sum (fold_onepass.cuh) accumulates the same exact total in another exact form.
#include "../common.cuh"
#include "../warp/warp_reduce.cuh"
#include "../block/block_reduce.cuh"
#include "../block/block_scan.cuh"
#include "../block/block_fold_total.cuh"
#include "../block/fold_plan.cuh"

__device__ __forceinline__ double widen_product(float a, float b) { return __dmul_rn((double)a, (double)b); }
__device__ __forceinline__ double widen_product(double a, double b) { return __dmul_rn(a, b); }

// Adds the block's fold sums to sums[0 .. MAX_FOLDS) (zero on entry).
__device__ __forceinline__ void add_block_folds(i64* acc, u64* sums) {
#pragma unroll
  for (int f = 0; f < MAX_FOLDS; ++f) {
    const i64 total = block_reduce<OpSum>(acc[f]);
    if (threadIdx.x == 0 && total != 0) atomicAdd(sums + f, (u64)total);
    __syncthreads();
  }
}

template <typename T>
__device__ void fold_sum(const T* input, i64 n, const Folds& plan, u64* sums) {
  i64 acc[MAX_FOLDS] = {0, 0, 0, 0};
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  for (i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += stride) {
    i64 k[MAX_FOLDS];
    plan.split((double)input[i], k);
#pragma unroll
    for (int f = 0; f < MAX_FOLDS; ++f) acc[f] += k[f];
  }
  add_block_folds(acc, sums);
}

template <typename T>
__device__ void fold_dot(const T* a, const T* b, i64 n, const Folds& plan, u64* sums) {
  i64 acc[MAX_FOLDS] = {0, 0, 0, 0};
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  for (i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += stride) {
    i64 k[MAX_FOLDS];
    plan.split(widen_product(a[i], b[i]), k);
#pragma unroll
    for (int f = 0; f < MAX_FOLDS; ++f) acc[f] += k[f];
  }
  add_block_folds(acc, sums);
}

// Scan, pass 1: block b writes the fold sums of [b * per_block, (b + 1) * per_block) to
// totals[b * MAX_FOLDS + f].
template <typename T>
__device__ void fold_scan_totals(const T* input, i64 n, i64 per_block, const Folds& plan, i64* totals) {
  const i64 begin = (i64)blockIdx.x * per_block;
  const i64 end = begin + per_block < n ? begin + per_block : n;
  i64 acc[MAX_FOLDS] = {0, 0, 0, 0};
  for (i64 i = begin + threadIdx.x; i < end; i += BLOCK_SIZE) {
    i64 k[MAX_FOLDS];
    plan.split((double)input[i], k);
#pragma unroll
    for (int f = 0; f < MAX_FOLDS; ++f) acc[f] += k[f];
  }
#pragma unroll
  for (int f = 0; f < MAX_FOLDS; ++f) {
    const i64 total = block_reduce<OpSum>(acc[f]);
    if (threadIdx.x == 0) totals[blockIdx.x * MAX_FOLDS + f] = total;
    __syncthreads();
  }
}

// Scan, pass 2 (one thread): the block totals become exclusive prefixes, in place.
__device__ void fold_spine(i64* totals, i64 count) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  i64 running[MAX_FOLDS] = {0, 0, 0, 0};
  for (i64 b = 0; b < count; ++b) {
#pragma unroll
    for (int f = 0; f < MAX_FOLDS; ++f) {
      const i64 t = totals[b * MAX_FOLDS + f];
      totals[b * MAX_FOLDS + f] = running[f];
      running[f] += t;
    }
  }
}

// Scan, pass 3: block b walks its range a BLOCK_SIZE tile at a time from its exclusive prefix and
// writes FoldPlan.combine of each element's running fold sums, rounded to T.
template <typename T>
__device__ void fold_scan_apply(const T* input, T* output, i64 n, i64 per_block, const Folds& plan, const i64* prefixes,
                                int exclusive) {
  const i64 begin = (i64)blockIdx.x * per_block;
  const i64 end = begin + per_block < n ? begin + per_block : n;
  i64 carry[MAX_FOLDS];
#pragma unroll
  for (int f = 0; f < MAX_FOLDS; ++f) carry[f] = prefixes[blockIdx.x * MAX_FOLDS + f];
  for (i64 base = begin; base < end; base += BLOCK_SIZE) {
    const i64 i = base + threadIdx.x;
    i64 k[MAX_FOLDS] = {0, 0, 0, 0};
    if (i < end) plan.split((double)input[i], k);
    i64 sums[MAX_FOLDS];
#pragma unroll
    for (int f = 0; f < MAX_FOLDS; ++f) {
      i64 total;
      const i64 before = block_exclusive_scan<OpSum>(k[f], total);
      sums[f] = carry[f] + before + (exclusive ? 0 : k[f]);
      carry[f] += total;
    }
    if (i < end) output[i] = (T)plan.combine(sums);
  }
}

#define PRIMS_FOLD_ENTRIES(C, TID)                                                                    \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) fold_sum_##TID(                            \
      const C* input, i64 n, FOLD_PLAN_PARAMS, u64* sums) {                                           \
    fold_sum<C>(input, n, FOLD_PLAN, sums);                                                           \
  }                                                                                                   \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) fold_dot_##TID(                            \
      const C* a, const C* b, i64 n, FOLD_PLAN_PARAMS, u64* sums) {                                   \
    fold_dot<C>(a, b, n, FOLD_PLAN, sums);                                                            \
  }                                                                                                   \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) fold_scan_totals_##TID(                    \
      const C* input, i64 n, i64 per_block, FOLD_PLAN_PARAMS, i64* totals) {                          \
    fold_scan_totals<C>(input, n, per_block, FOLD_PLAN, totals);                                      \
  }                                                                                                   \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) fold_scan_apply_##TID(                     \
      const C* input, C* output, i64 n, i64 per_block, FOLD_PLAN_PARAMS, const i64* prefixes,         \
      int exclusive) {                                                                                \
    fold_scan_apply<C>(input, output, n, per_block, FOLD_PLAN, prefixes, exclusive);                  \
  }

PRIMS_FOLD_ENTRIES(float, float)
PRIMS_FOLD_ENTRIES(double, double)

extern "C" __global__ void fold_scan_spine(i64* totals, i64 count) { fold_spine(totals, count); }

// One-pass reproducible float sum: warp w folds [w * per_warp, (w + 1) * per_warp) at the top grid
// of its first non-zero tile (warp_fold_float.cuh); the last block to finish merges the warps'
// results into result (mapped host memory, see merge_warp_folds) and resets the counter. Warps
// listed in invalid[] are folded again by fold_fixed_sum_float.
extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) fold_onepass_sum_float(
    const float* input, i64 n, i64 per_warp, i128* totals, int* tops, int* max_tops, int* flags, int* invalid,
    unsigned* counter, int* result) {
  const int warp = threadIdx.x / WARP_SIZE;
  const i64 w = (i64)blockIdx.x * WARPS_PER_BLOCK + warp;
  const i64 begin = w * per_warp;
  const i64 end = begin + per_warp < n ? begin + per_warp : n;
  const WarpFold f = warp_fold_float(input, begin, end, INT_MIN);
  if (threadIdx.x % WARP_SIZE == 0) {
    store_i128(totals + w, f.total);
    tops[w] = f.top;
    max_tops[w] = f.max_top;
    flags[w] = f.non_finite;
  }
  __threadfence();
  __syncthreads();
  __shared__ bool is_last;
  if (threadIdx.x == 0) is_last = atomicAdd(counter, 1u) == gridDim.x - 1;
  __syncthreads();
  if (!is_last) return;
  merge_warp_folds(gridDim.x * WARPS_PER_BLOCK, totals, tops, max_tops, flags, invalid, result);
  if (threadIdx.x == 0) *counter = 0;
}

// Folds again, at the global top grid, the ranges of the count warps listed in list[]; out[k] is
// the total of list[k]'s range.
extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) fold_fixed_sum_float(
    const float* input, i64 n, i64 per_warp, int top, const int* list, int count, i128* out) {
  const int k = blockIdx.x * WARPS_PER_BLOCK + threadIdx.x / WARP_SIZE;
  if (k >= count) return;
  const i64 begin = (i64)list[k] * per_warp;
  const i64 end = begin + per_warp < n ? begin + per_warp : n;
  const WarpFold f = warp_fold_float(input, begin, end, top);
  if (threadIdx.x % WARP_SIZE == 0) store_i128(out + k, f.total);
}

// total += out[0] + ... + out[count - 1] (one block).
extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) fold_add_totals(const i128* out, int count, i128* total) {
  i128 sum = 0;
  for (int i = threadIdx.x; i < count; i += BLOCK_SIZE) sum += load_i128(out + i);
  sum = block_sum_i128(sum);
  if (threadIdx.x == 0) store_i128(total, load_i128(total) + sum);
}
