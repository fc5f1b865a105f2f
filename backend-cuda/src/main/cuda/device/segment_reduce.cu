// Segmented reduce entry points (block_segment.cuh), the runs of keys behind reduce-by-key and
// scan-by-key, and the fold digits of reproducible segmented sums and scans: every element's fold
// integers (seg_fold_digits), summed per segment or scanned exactly as longs by the segmented
// kernels, then FoldPlan.combine of each result (seg_fold_combine). Twin of the OpenCL segment.cl.
#include "../common.cuh"
#include "../block/block_segment.cuh"
#include "../block/fold_plan.cuh"

#define PRIMS_SEG_REDUCE_ENTRIES(C, TID, OID, OP, OFF, OFFID)                                         \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_reduce_tiles_##TID##_##OID##_##OFFID(  \
      const C* values, const OFF* offsets, i64 segments, i64 n, C* out, C* tileHead, i64* headSeg,    \
      C* tileTail, i64* tailSeg) {                                                                    \
    seg_reduce_tiles<C, OP, OFF>(values, offsets, segments, n, out, tileHead, headSeg, tileTail,      \
                                 tailSeg);                                                            \
  }                                                                                                   \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_reduce_empty_##TID##_##OID##_##OFFID(  \
      const OFF* offsets, i64 segments, C* out) {                                                     \
    seg_reduce_empty<C, OP, OFF>(offsets, segments, out);                                             \
  }

#define PRIMS_SEG_FIXUP_ENTRY(C, TID, OID, OP)                                                        \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_reduce_fixup_##TID##_##OID(            \
      C* out, const C* tileHead, const i64* headSeg, const C* tileTail, const i64* tailSeg,           \
      i64 tiles) {                                                                                    \
    seg_reduce_fixup<C, OP>(out, tileHead, headSeg, tileTail, tailSeg, tiles);                        \
  }

#define PRIMS_SEG_REDUCE_INT_OFFSETS(C, TID, OID, OP) PRIMS_SEG_REDUCE_ENTRIES(C, TID, OID, OP, int, int)
#define PRIMS_SEG_REDUCE_LONG_OFFSETS(C, TID, OID, OP) PRIMS_SEG_REDUCE_ENTRIES(C, TID, OID, OP, i64, long)

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SEG_REDUCE_INT_OFFSETS)
PRIMS_FOR_EACH_TYPE_OP(PRIMS_SEG_REDUCE_LONG_OFFSETS)
PRIMS_FOR_EACH_TYPE_OP(PRIMS_SEG_FIXUP_ENTRY)

// Runs of keys: flags[i] is 1 where a run starts.
template <typename K>
__device__ void seg_run_flags(const K* keys, i64 n, int* flags) {
  const i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (i < n) flags[i] = i == 0 || keys[i] != keys[i - 1];
}

// Runs of keys: each start's key and position at its rank (the exclusive sum of the flags); the
// last element also writes n after the last start and the run count.
template <typename K, typename Off>
__device__ void seg_run_scatter(const K* keys, const int* flags, const int* ranks, i64 n, K* uniqueKeys, Off* offsets,
                                i64* runs) {
  const i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (i >= n) return;
  if (flags[i]) {
    uniqueKeys[ranks[i]] = keys[i];
    offsets[ranks[i]] = (Off)i;
  }
  if (i == n - 1) {
    const i64 count = (i64)ranks[i] + flags[i];
    offsets[count] = (Off)n;
    runs[0] = count;
  }
}

#define PRIMS_SEG_RUN_ENTRIES(K, KID, OFF, OFFID)                                                     \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_run_scatter_##KID##_##OFFID(           \
      const K* keys, const int* flags, const int* ranks, i64 n, K* uniqueKeys, OFF* offsets,          \
      i64* runs) {                                                                                    \
    seg_run_scatter<K, OFF>(keys, flags, ranks, n, uniqueKeys, offsets, runs);                        \
  }

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_run_flags_int(const int* keys, i64 n, int* flags) {
  seg_run_flags<int>(keys, n, flags);
}
extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_run_flags_long(const i64* keys, i64 n, int* flags) {
  seg_run_flags<i64>(keys, n, flags);
}
PRIMS_SEG_RUN_ENTRIES(int, int, int, int)
PRIMS_SEG_RUN_ENTRIES(int, int, i64, long)
PRIMS_SEG_RUN_ENTRIES(i64, long, int, int)
PRIMS_SEG_RUN_ENTRIES(i64, long, i64, long)

// fold0..fold3[i]: the fold integers of values[i] (folds past the plan's are not written).
template <typename T>
__device__ void seg_fold_digits(const T* values, i64 n, const Folds& plan, i64* fold0, i64* fold1, i64* fold2,
                                i64* fold3) {
  const i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (i >= n) return;
  i64 k[MAX_FOLDS];
  plan.split((double)values[i], k);
  fold0[i] = k[0];
  fold1[i] = k[1];
  if (plan.folds > 2) fold2[i] = k[2];
  if (plan.folds > 3) fold3[i] = k[3];
}

// out[i] = FoldPlan.combine of the fold sums sum0..sum3[i], rounded to T.
template <typename T>
__device__ void seg_fold_combine(const i64* sum0, const i64* sum1, const i64* sum2, const i64* sum3, i64 count,
                                 const Folds& plan, T* out) {
  const i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (i >= count) return;
  const i64 sums[MAX_FOLDS] = {sum0[i], sum1[i], plan.folds > 2 ? sum2[i] : 0, plan.folds > 3 ? sum3[i] : 0};
  out[i] = (T)plan.combine(sums);
}

#define PRIMS_SEG_FOLD_ENTRIES(C, TID)                                                                \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_fold_digits_##TID(                     \
      const C* values, i64 n, FOLD_PLAN_PARAMS, i64* fold0, i64* fold1, i64* fold2, i64* fold3) {     \
    seg_fold_digits<C>(values, n, FOLD_PLAN, fold0, fold1, fold2, fold3);                             \
  }                                                                                                   \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_fold_combine_##TID(                    \
      const i64* sum0, const i64* sum1, const i64* sum2, const i64* sum3, i64 count,                  \
      FOLD_PLAN_PARAMS, C* out) {                                                                     \
    seg_fold_combine<C>(sum0, sum1, sum2, sum3, count, FOLD_PLAN, out);                               \
  }

PRIMS_SEG_FOLD_ENTRIES(float, float)
PRIMS_SEG_FOLD_ENTRIES(double, double)
