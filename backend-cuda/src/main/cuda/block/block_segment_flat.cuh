// Segmented reduce over CSR offsets held in registers: one flat pass over tiles of SEG_FLAT_TILE
// elements whatever the segment lengths. seg_flat_bounds finds every tile's first and last segment
// (one warp per tile, all searches in parallel); each block then loads its tile straight into
// registers with 16-byte loads (SEG_FLAT_ITEMS consecutive elements per thread), marks in shared
// memory where each non-empty segment of the tile starts (one coalesced sweep over its offsets),
// reduces its runs in registers, and joins them across the block with one segmented scan that also
// carries the latest segment start. A segment is written by the thread that sees the next segment
// start; the tile's last segment and a segment begun before the tile go to the per-tile head and
// tail that seg_reduce_fixup (block_segment.cuh) joins across tiles. The running value is the
// element itself for a plain reduce, a (key, index) pair for arg-min / arg-max (segment_value.cuh).
#pragma once
#include "../common.cuh"
#include "segment_value.cuh"

// Consecutive elements per thread (a multiple of every type's 16-byte vector width). The Java policy
// CudaSegmentPolicy mirrors it.
#define SEG_FLAT_ITEMS 16
#define SEG_FLAT_TILE (BLOCK_SIZE * SEG_FLAT_ITEMS)

// The last segment s in [lo, hi] with offsets[s] <= pos, as seg_find, searched by the whole warp:
// 32 probes a step (offsets[lo] <= pos; lo, hi and pos the same in every lane).
template <typename Off>
__device__ __forceinline__ i64 seg_find_warp(const Off* offsets, i64 lo, i64 hi, i64 pos) {
  const int lane = threadIdx.x % WARP_SIZE;
  while (lo < hi) {
    const i64 span = hi - lo;
    const i64 probe = lo + (span * (lane + 1) + WARP_SIZE - 1) / WARP_SIZE;  // the last lane's is hi
    const int below = __popc(__ballot_sync(FULL_MASK, (i64)offsets[probe] <= pos));  // lanes at or below pos
    const i64 newLo = __shfl_sync(FULL_MASK, probe, below > 0 ? below - 1 : 0);
    const i64 newHi = __shfl_sync(FULL_MASK, probe, below < WARP_SIZE ? below : 0) - 1;
    if (below < WARP_SIZE) hi = newHi;
    if (below > 0) lo = newLo;
  }
  return lo;
}

// bounds[2g] and bounds[2g + 1]: the first and the last segment holding elements of tile g (one warp
// per tile).
template <typename Off>
__device__ void seg_flat_bounds(const Off* offsets, i64 segments, i64 n, i64* bounds) {
  const i64 g = ((i64)blockIdx.x * BLOCK_SIZE + threadIdx.x) / WARP_SIZE;
  const i64 t0 = g * SEG_FLAT_TILE;
  if (t0 >= n) return;  // the whole warp
  const i64 t1 = t0 + SEG_FLAT_TILE < n ? t0 + SEG_FLAT_TILE : n;
  const i64 first = seg_find_warp(offsets, 0, segments - 1, t0);
  const i64 last = seg_find_warp(offsets, first, segments - 1, t1 - 1);
  if (threadIdx.x % WARP_SIZE == 0) {
    bounds[2 * g] = first;
    bounds[2 * g + 1] = last;
  }
}

// This thread's elements [i0, i1) of values into x: 16-byte loads when it has a full, aligned run.
template <typename T>
__device__ __forceinline__ void seg_flat_load(const T* values, i64 i0, i64 i1, T (&x)[SEG_FLAT_ITEMS]) {
  typedef typename Vec<T>::type V;
  const int width = Vec<T>::width;
  const T* p = values + i0;
  if (i1 - i0 == SEG_FLAT_ITEMS && ((size_t)p & 15) == 0) {
    const V* v = reinterpret_cast<const V*>(p);
#pragma unroll
    for (int k = 0; k < SEG_FLAT_ITEMS / width; ++k) {
      const V loaded = __ldg(v + k);
#pragma unroll
      for (int j = 0; j < width; ++j) x[k * width + j] = vec_lane(loaded, j);
    }
  } else {
#pragma unroll
    for (int j = 0; j < SEG_FLAT_ITEMS; ++j) {
      if (i0 + j < i1) x[j] = p[j];
    }
  }
}

// Segmented scan of (flag, value) across the block, with the running maximum of last: gives each
// thread the exclusive value (from the latest earlier start, or from the tile's beginning) and the
// exclusive maximum of last (-1 for none).
template <typename Op, typename T>
__device__ __forceinline__ void seg_flat_block_scan(int flag, T value, int last, T& exValue, int& exLast) {
  __shared__ int warpFlag[WARPS_PER_BLOCK];
  __shared__ int warpLast[WARPS_PER_BLOCK];
  __shared__ T warpValue[WARPS_PER_BLOCK];
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / WARP_SIZE;
#pragma unroll
  for (int d = 1; d < WARP_SIZE; d <<= 1) {
    const int pf = __shfl_up_sync(FULL_MASK, flag, d);
    const T pv = seg_shfl_up(value, d);
    const int pl = __shfl_up_sync(FULL_MASK, last, d);
    if (lane >= d) {
      if (!flag) value = Op::apply(pv, value);
      flag |= pf;
      last = pl > last ? pl : last;
    }
  }
  if (lane == WARP_SIZE - 1) {
    warpFlag[warp] = flag;
    warpValue[warp] = value;
    warpLast[warp] = last;
  }
  __syncthreads();
  T wv = Op::template identity<T>();
  int wl = -1;
  for (int w = 0; w < warp; ++w) {
    if (warpFlag[w]) {
      wv = warpValue[w];
    } else {
      wv = Op::apply(wv, warpValue[w]);
    }
    wl = warpLast[w] > wl ? warpLast[w] : wl;
  }
  if (!flag) value = Op::apply(wv, value);
  last = wl > last ? wl : last;
  T pv = seg_shfl_up(value, 1);
  int pl = __shfl_up_sync(FULL_MASK, last, 1);
  if (lane == 0) {
    pv = wv;
    pl = wl;
  }
  exValue = pv;
  exLast = pl;
}

// Reduce, tile pass (tile g = this block, segments bounds[2g] .. bounds[2g + 1]): writes every
// segment that starts and ends in the tile; keeps per tile the head (elements of a segment begun in
// an earlier tile; headSeg, else -1) and the tail (from the tile's last start to its end when that
// segment goes on; tailSeg, else -1), as seg_reduce_fixup expects. A is the running value (seg_lift
// of an element); results go through out (seg_put).
template <typename T, typename Op, typename Off, typename Out, typename A>
__device__ void seg_flat_reduce(const T* values, const Off* offsets, const i64* bounds, i64 n, Out out, A* tileHead,
                                i64* headSeg, A* tileTail, i64* tailSeg) {
  __shared__ __align__(16) int startAt[SEG_FLAT_TILE];  // segment (from s0) starting at each element, or -1
  const i64 g = blockIdx.x;
  const i64 t0 = g * SEG_FLAT_TILE;
  const i64 t1 = t0 + SEG_FLAT_TILE < n ? t0 + SEG_FLAT_TILE : n;
  i64 i0 = t0 + (i64)threadIdx.x * SEG_FLAT_ITEMS;
  if (i0 > t1) i0 = t1;
  const i64 i1 = i0 + SEG_FLAT_ITEMS < t1 ? i0 + SEG_FLAT_ITEMS : t1;
  T x[SEG_FLAT_ITEMS];
  seg_flat_load(values, i0, i1, x);
  if (threadIdx.x == 0) {
    headSeg[g] = -1;
    tailSeg[g] = -1;
  }
  const i64 s0 = bounds[2 * g];
  const i64 s1 = bounds[2 * g + 1];
#pragma unroll
  for (int k = 0; k < SEG_FLAT_ITEMS; ++k) startAt[k * BLOCK_SIZE + threadIdx.x] = -1;
  __syncthreads();
  // the non-empty segments starting in the tile (s0 only where it starts at t0)
  for (i64 s = s0 + threadIdx.x; s <= s1; s += BLOCK_SIZE) {
    const i64 start = offsets[s];
    if (start >= t0 && (i64)offsets[s + 1] > start) startAt[start - t0] = (int)(s - s0);
  }
  __syncthreads();
  const int beforeTile = startAt[0] < 0;  // s0 began in an earlier tile
  int starts[SEG_FLAT_ITEMS];
  const int4* mine = reinterpret_cast<const int4*>(startAt + threadIdx.x * SEG_FLAT_ITEMS);
#pragma unroll
  for (int k = 0; k < SEG_FLAT_ITEMS / 4; ++k) {
    const int4 q = mine[k];
    starts[4 * k] = q.x;
    starts[4 * k + 1] = q.y;
    starts[4 * k + 2] = q.z;
    starts[4 * k + 3] = q.w;
  }
  // runs within the thread: head (before its first start), acc (from its last start, or all)
  const int count = (int)(i1 - i0);
  const A identity = Op::template identity<A>();
  A head = identity;
  A acc = identity;
  int flag = 0;
  int last = -1;
#pragma unroll
  for (int j = 0; j < SEG_FLAT_ITEMS; ++j) {
    if (j < count) {
      if (starts[j] >= 0) {
        if (flag) {
          seg_put(out, s0 + last, acc);
        } else {
          head = acc;
        }
        flag = 1;
        last = starts[j];
        acc = identity;
      }
      acc = Op::apply(acc, seg_lift(out, x[j], i0 + j));
    }
  }
  if (!flag) head = acc;
  A carry;
  int exLast;
  seg_flat_block_scan<Op>(flag, acc, last, carry, exLast);
  if (count == 0) return;
  if (flag) {
    // the segment before this thread's first start ends here
    const A v = Op::apply(carry, head);
    if (exLast >= 0) {
      seg_put(out, s0 + exLast, v);
    } else if (beforeTile) {
      tileHead[g] = v;
      headSeg[g] = s0;
    }
  }
  if (i1 == t1) {
    // the tile's last segment, s1: complete where it ends with the tile, else the tile's tail
    const int began = flag ? last : exLast;  // its start within the tile, -1 where before it
    const A v = flag ? acc : Op::apply(carry, acc);
    const int ends = (i64)offsets[s1 + 1] == t1;
    if (began < 0) {
      tileHead[g] = v;
      headSeg[g] = s1;
    } else if (ends) {
      seg_put(out, s1, v);
    } else {
      tileTail[g] = v;
      tailSeg[g] = s1;
    }
  }
}
