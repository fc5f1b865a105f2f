// The arithmetic of one dev.prims.spi.FoldPlan on the device: the scaling factors, the split of an
// element into its fold integers and FoldPlan.combine, operation for operation (double precision,
// separately rounded, no fused multiply-add); FOLD_PLAN_PARAMS / FOLD_PLAN pass a plan to a kernel.
#pragma once
#include "../common.cuh"

#define MAX_FOLDS 4
#define FOLD_WIDTH 30
#define FOLD_MASK ((1LL << FOLD_WIDTH) - 1)

// The scaling factors of one plan; folds past `folds` are zero.
struct Folds {
  int folds;
  double down1[MAX_FOLDS], down2[MAX_FOLDS], up1[MAX_FOLDS], up2[MAX_FOLDS];

  __device__ __forceinline__ void split(double r, i64* k) const {
#pragma unroll
    for (int f = 0; f < MAX_FOLDS; ++f) {
      if (f < folds) {
        const i64 q = (i64)__dmul_rn(__dmul_rn(r, down1[f]), down2[f]);
        k[f] = q;
        r = __dsub_rn(r, __dmul_rn(__dmul_rn((double)q, up1[f]), up2[f]));
      } else {
        k[f] = 0;
      }
    }
  }

  // FoldPlan.combine: the sums carried into their canonical form (FoldPlan.normalize), then scaled
  // and added in order.
  __device__ __forceinline__ double combine(const i64* sums) const {
    i64 s[MAX_FOLDS];
#pragma unroll
    for (int f = 0; f < MAX_FOLDS; ++f) s[f] = sums[f];
#pragma unroll
    for (int f = MAX_FOLDS - 1; f > 0; --f) {
      if (f < folds) {
        s[f - 1] += s[f] >> FOLD_WIDTH;
        s[f] &= FOLD_MASK;
      }
    }
    double v = __dmul_rn(__dmul_rn((double)s[0], up1[0]), up2[0]);
#pragma unroll
    for (int f = 1; f < MAX_FOLDS; ++f) {
      if (f < folds) v = __dadd_rn(v, __dmul_rn(__dmul_rn((double)s[f], up1[f]), up2[f]));
    }
    return v;
  }
};

#define FOLD_PLAN_PARAMS                                                                              \
  int folds, double down1_0, double down1_1, double down1_2, double down1_3, double down2_0,         \
      double down2_1, double down2_2, double down2_3, double up1_0, double up1_1, double up1_2,      \
      double up1_3, double up2_0, double up2_1, double up2_2, double up2_3
#define FOLD_PLAN                                                                                     \
  Folds{folds,                                                                                        \
        {down1_0, down1_1, down1_2, down1_3},                                                         \
        {down2_0, down2_1, down2_2, down2_3},                                                         \
        {up1_0, up1_1, up1_2, up1_3},                                                                 \
        {up2_0, up2_1, up2_2, up2_3}}
