// Block-wide merges for one-pass moments (see dev.prims.spi.MomentsState): Chan's formula over
// (count, mean, m2) triples, and 128-bit sums of the exact integer words.
#pragma once
#include "../common.cuh"

// (count, mean, m2) of a part; count 0 is the empty part.
struct MomentsTriple {
  i64 count;
  double mean;
  double m2;
};

// Both parts together, by Chan, Golub and LeVeque's formula (rounded steps, never fused).
__device__ __forceinline__ MomentsTriple chan_merge(MomentsTriple a, MomentsTriple b) {
  if (b.count == 0) return a;
  if (a.count == 0) return b;
  const i64 n = a.count + b.count;
  const double delta = __dsub_rn(b.mean, a.mean);
  const double fb = __ddiv_rn((double)b.count, (double)n);
  MomentsTriple r;
  r.count = n;
  r.mean = __dadd_rn(a.mean, __dmul_rn(delta, fb));
  r.m2 = __dadd_rn(__dadd_rn(a.m2, b.m2), __dmul_rn(__dmul_rn(__dmul_rn(delta, delta), (double)a.count), fb));
  return r;
}

// Thread 0 ends with the block's merge, through shared memory (lower threads' parts first).
__device__ __forceinline__ MomentsTriple block_chan_merge(MomentsTriple t) {
  __shared__ i64 counts[BLOCK_SIZE];
  __shared__ double means[BLOCK_SIZE];
  __shared__ double m2s[BLOCK_SIZE];
  const unsigned tid = threadIdx.x;
  counts[tid] = t.count;
  means[tid] = t.mean;
  m2s[tid] = t.m2;
  __syncthreads();
  for (unsigned s = BLOCK_SIZE / 2; s > 0; s >>= 1) {
    if (tid < s) {
      MomentsTriple a = {counts[tid], means[tid], m2s[tid]};
      MomentsTriple b = {counts[tid + s], means[tid + s], m2s[tid + s]};
      a = chan_merge(a, b);
      counts[tid] = a.count;
      means[tid] = a.mean;
      m2s[tid] = a.m2;
    }
    __syncthreads();
  }
  MomentsTriple r = {counts[0], means[0], m2s[0]};
  return r;
}

// A signed 128-bit sum as (low, high) words.
struct Sum128 {
  u64 lo;
  i64 hi;
};

__device__ __forceinline__ Sum128 add128(Sum128 a, Sum128 b) {
  Sum128 r;
  r.lo = a.lo + b.lo;
  r.hi = a.hi + b.hi + (r.lo < a.lo ? 1 : 0);
  return r;
}

__device__ __forceinline__ Sum128 widen128(i64 v) {
  Sum128 r = {(u64)v, v < 0 ? -1LL : 0LL};
  return r;
}
