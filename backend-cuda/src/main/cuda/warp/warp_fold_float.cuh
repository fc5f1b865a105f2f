// One-pass reproducible float sum, warp level: a warp folds its range tile by tile into the exact
// total T = sum of trunc(x / 2^low) (FoldPlan's total, low = top - 60), where top is the top grid
// of the warp's first non-zero tile. Each element costs a widening, three double additions and two
// double accumulations: x (with no bits below 2^low) splits exactly into a multiple of 2^(low + 42)
// and a remainder, and both parts are summed exactly in doubles for one tile, then moved into a
// 128-bit integer. Tiles whose own top grid is higher make the warp's total invalid (the caller
// folds that range again at the global top); max_top records the highest top grid seen.
#pragma once
#include <climits>
#include "../common.cuh"

// Floats per lane per tile (four 16-byte loads) and per warp tile.
#define FOLD_ITEMS 16
#define FOLD_TILE (WARP_SIZE * FOLD_ITEMS)
#define FOLD_SPLIT 42

typedef __int128 i128;

// 2^e as a double, for normal exponents.
__device__ __forceinline__ double pow2(int e) { return __longlong_as_double((i64)(e + 1023) << 52); }

// FoldPlan.topGridFor of a float's magnitude, from its absolute bits (non-zero, finite).
__device__ __forceinline__ int fold_top_grid(unsigned abs_bits) {
  const int biased = (int)(abs_bits >> 23);
  const int exponent = biased > 0 ? biased - 127 : (31 - __clz((int)abs_bits)) - 149;
  const int q = exponent >= 0 ? exponent / 30 : -((-exponent + 29) / 30);
  return 30 * q;
}

// The constants of folding at one top grid.
struct FloatFoldGrid {
  int low;          // exponent of the total's unit: top - 60
  unsigned limit;   // absolute bits below which a float has bits under 2^low
  double round_at;  // 1.5 * 2^(low + FOLD_SPLIT + 52): x + round_at - round_at rounds x to 2^(low + 42)
  double hi_scale;  // 2^-(low + FOLD_SPLIT)
  double lo_scale;  // 2^-low

  __device__ __forceinline__ static FloatFoldGrid at(int top) {
    FloatFoldGrid g;
    g.low = top - 60;
    const int t = g.low + 23;
    g.limit = t >= -126 ? (unsigned)(t + 127) << 23 : (t >= -149 ? 1u << (t + 149) : 0u);
    g.round_at = __dmul_rn(1.5, pow2(g.low + FOLD_SPLIT + 52));
    g.hi_scale = pow2(-(g.low + FOLD_SPLIT));
    g.lo_scale = pow2(-g.low);
    return g;
  }

  // Adds trunc(x / 2^low) * 2^low to hi + lo exactly (hi: multiples of 2^(low + 42), lo: the rest).
  __device__ __forceinline__ void add(float x, double& hi, double& lo) const {
    unsigned bits = __float_as_uint(x);
    const unsigned abs_bits = bits & 0x7fffffffu;
    if (abs_bits < limit) {
      // bits under 2^low: truncate toward zero by clearing them
      const int biased = max((int)(abs_bits >> 23), 1);
      const int cut = low - (biased - 150);
      if (cut > 0) {
        const unsigned kept = cut >= 24 ? 0u : abs_bits & ~((1u << cut) - 1u);
        x = __uint_as_float((bits & 0x80000000u) | kept);
      }
    }
    const double d = (double)x;
    const double h = __dsub_rn(__dadd_rn(d, round_at), round_at);
    hi = __dadd_rn(hi, h);
    lo = __dadd_rn(lo, __dsub_rn(d, h));
  }

  // Moves a tile's exact double sums into the 128-bit total (units of 2^low).
  __device__ __forceinline__ void flush(double hi, double lo, i128& total) const {
    const i64 h = __double2ll_rz(__dmul_rn(hi, hi_scale));
    const i64 l = __double2ll_rz(__dmul_rn(lo, lo_scale));
    total += ((i128)h << FOLD_SPLIT) + (i128)l;
  }
};

// What a warp's range folded to.
struct WarpFold {
  int top;        // top grid the total is at (INT_MIN: every value was zero)
  int max_top;    // highest top grid of any tile (INT_MIN: none)
  int non_finite; // a NaN or an infinity was seen
  i128 total;     // this lane's share of the total
};

__device__ __forceinline__ i128 warp_sum_i128(i128 v) {
#pragma unroll
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) {
    const u64 lo = __shfl_xor_sync(FULL_MASK, (u64)v, offset);
    const i64 hi = __shfl_xor_sync(FULL_MASK, (i64)(v >> 64), offset);
    v += ((i128)hi << 64) | (i128)lo;
  }
  return v;
}

// Folds input[begin, end) (begin a multiple of FOLD_TILE, input 16-byte aligned) at fixed_top, or
// at the first non-zero tile's top grid when fixed_top is INT_MIN. Every lane of the warp calls it;
// every lane returns the warp's total.
__device__ __forceinline__ WarpFold warp_fold_float(const float* input, i64 begin, i64 end, int fixed_top) {
  const int lane = threadIdx.x % WARP_SIZE;
  WarpFold w{fixed_top, INT_MIN, 0, 0};
  FloatFoldGrid grid;
  if (fixed_top != INT_MIN) grid = FloatFoldGrid::at(fixed_top);
  for (i64 base = begin; base < end; base += FOLD_TILE) {
    float v[FOLD_ITEMS];
    if (base + FOLD_TILE <= end) {
      const float4* p = reinterpret_cast<const float4*>(input + base);
#pragma unroll
      for (int k = 0; k < FOLD_ITEMS / 4; ++k) {
        const float4 q = __ldcs(p + k * WARP_SIZE + lane);
        v[4 * k] = q.x;
        v[4 * k + 1] = q.y;
        v[4 * k + 2] = q.z;
        v[4 * k + 3] = q.w;
      }
    } else {
#pragma unroll
      for (int k = 0; k < FOLD_ITEMS; ++k) {
        const i64 i = base + k * WARP_SIZE + lane;
        v[k] = i < end ? input[i] : 0.0f;
      }
    }
    unsigned m = 0;
#pragma unroll
    for (int k = 0; k < FOLD_ITEMS; ++k) m = max(m, __float_as_uint(v[k]) & 0x7fffffffu);
#pragma unroll
    for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) m = max(m, __shfl_xor_sync(FULL_MASK, m, offset));
    if (m >= 0x7f800000u) {
      w.non_finite = 1;
      continue;
    }
    if (m == 0) continue;
    const int top = fold_top_grid(m);
    w.max_top = max(w.max_top, top);
    if (w.top == INT_MIN) {
      w.top = top;
      grid = FloatFoldGrid::at(top);
    }
    double hi = 0.0, lo = 0.0;
#pragma unroll
    for (int k = 0; k < FOLD_ITEMS; ++k) grid.add(v[k], hi, lo);
    grid.flush(hi, lo, w.total);
  }
  w.total = warp_sum_i128(w.total);
  return w;
}
