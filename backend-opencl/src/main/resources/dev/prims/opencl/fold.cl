// Reproducible mode: the per-element fold recipe of dev.prims.spi.FoldPlan, operation for
// operation in double (FP_CONTRACT OFF in common.cl, so nothing is fused). Built with OP_SUM,
// USE_FP64 and FOLDS (3 for float, 4 for double); T is the input type. plan holds the scaling
// factors down1[FOLDS], down2[FOLDS], up1[FOLDS], up2[FOLDS] in that order.

#define DOWN1(f) plan[(f)]
#define DOWN2(f) plan[FOLDS + (f)]
#define UP1(f) plan[2 * FOLDS + (f)]
#define UP2(f) plan[3 * FOLDS + (f)]

inline void fold_accumulate(double r, long* sums, __global const double* plan) {
  for (int f = 0; f < FOLDS; f++) {
    long k = (long)((r * DOWN1(f)) * DOWN2(f));
    sums[f] += k;
    double back = ((double)k * UP1(f)) * UP2(f);
    r = r - back;
  }
}

/* Sums of the exact 64-bit fold integers of `values` across one work-group, per fold. */
inline void fold_group_total(long* sums, __local long* scratch, __global long* partials) {
  uint tid = get_local_id(0);
  for (int f = 0; f < FOLDS; f++) {
    scratch[tid] = sums[f];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint s = BLOCK_SIZE / 2; s > 0; s >>= 1) {
      if (tid < s) scratch[tid] += scratch[tid + s];
      barrier(CLK_LOCAL_MEM_FENCE);
    }
    if (tid == 0) partials[(ulong)get_group_id(0) * FOLDS + f] = scratch[0];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

/* The body of fold_sum and fold_dot: each work-item folds value (an expression of i) over its
   grid-stride share of [0, n), then partials[group * FOLDS + f] gets the work-group's fold f. */
#define FOLD_GRID_STRIDE(value)                                 \
  __local long scratch[BLOCK_SIZE];                             \
  long sums[FOLDS];                                             \
  for (int f = 0; f < FOLDS; f++) sums[f] = 0;                  \
  ulong threads = get_global_size(0);                           \
  for (ulong i = get_global_id(0); i < n; i += threads) {       \
    fold_accumulate(value, sums, plan);                         \
  }                                                             \
  fold_group_total(sums, scratch, partials);

/* partials[group * FOLDS + f]: fold f's sum over the group's grid-stride share of input. */
__kernel REQUIRE_BLOCK void fold_sum(__global const T* input, ulong n,
                                     __global const double* plan, __global long* partials
                                     OP_PARAM) {
  FOLD_GRID_STRIDE((double)input[i])
}

/* As fold_sum over the products (double)a[i] * (double)b[i]. */
__kernel REQUIRE_BLOCK void fold_dot(__global const T* a, __global const T* b, ulong n,
                                     __global const double* plan, __global long* partials
                                     OP_PARAM) {
  FOLD_GRID_STRIDE((double)a[i] * (double)b[i])
}

/*
 * fold0..fold3[i]: the folds' integers of input[i] (the host then scans each fold exactly); the
 * buffers of folds past FOLDS are not touched.
 */
__kernel REQUIRE_BLOCK void fold_elements(__global const T* input, ulong n,
                                          __global const double* plan, __global long* fold0,
                                          __global long* fold1, __global long* fold2,
                                          __global long* fold3 OP_PARAM) {
  ulong i = get_global_id(0);
  if (i < n) {
    long sums[FOLDS];
    for (int f = 0; f < FOLDS; f++) sums[f] = 0;
    fold_accumulate((double)input[i], sums, plan);
    fold0[i] = sums[0];
    fold1[i] = sums[1];
#if FOLDS > 2
    fold2[i] = sums[2];
#endif
#if FOLDS > 3
    fold3[i] = sums[3];
#endif
  }
}

#define FOLD_WIDTH 30
#define FOLD_MASK ((1L << FOLD_WIDTH) - 1)

/*
 * output[i] = FoldPlan.combine of the scanned fold sums at i, rounded to T: the sums carried into
 * their canonical form (FoldPlan.normalize, from the last fold up), then scaled and added in order.
 */
__kernel REQUIRE_BLOCK void fold_combine(__global const long* scan0, __global const long* scan1,
                                         __global const long* scan2, __global const long* scan3,
                                         ulong n, __global const double* plan, __global T* output
                                         OP_PARAM) {
  ulong i = get_global_id(0);
  if (i < n) {
    long s[4];
    s[0] = scan0[i];
    s[1] = scan1[i];
    s[2] = FOLDS > 2 ? scan2[i] : 0;
    s[3] = FOLDS > 3 ? scan3[i] : 0;
    for (int f = FOLDS - 1; f > 0; f--) {
      s[f - 1] += s[f] >> FOLD_WIDTH;
      s[f] &= FOLD_MASK;
    }
    double v = ((double)s[0] * UP1(0)) * UP2(0);
    for (int f = 1; f < FOLDS; f++) {
      double term = ((double)s[f] * UP1(f)) * UP2(f);
      v = v + term;
    }
    output[i] = (T)v;
  }
}
