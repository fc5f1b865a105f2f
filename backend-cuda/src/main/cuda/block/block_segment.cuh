// Segmented reduce and scan over CSR offsets, one flat pass over tiles of SEG_TILE elements whatever
// the segment lengths: each thread takes SEG_ITEMS consecutive elements (staged through shared
// memory, so the loads are coalesced), finds its segment by binary search between the tile's first
// and last segment, and walks the offsets as it goes; a segmented scan across the block (flag: a
// segment starts in the thread) carries partial segments from thread to thread. Segments that
// cross tiles are joined by seg_reduce_fixup (reduce) or by the carries of seg_scan_spine (scan).
// Twin of the OpenCL segment.cl; Off is the offsets' element type (int or i64).
#pragma once
#include "../common.cuh"
#include "segment_value.cuh"

// Consecutive elements per thread: odd, so the blocked reads of the shared tile have no bank
// conflicts. The Java policy CudaSegmentPolicy mirrors it.
#define SEG_ITEMS 11
#define SEG_TILE (BLOCK_SIZE * SEG_ITEMS)

// The last segment s in [lo, hi] with offsets[s] <= pos (the non-empty segment holding pos).
template <typename Off>
__device__ __forceinline__ i64 seg_find(const Off* offsets, i64 lo, i64 hi, i64 pos) {
  while (lo < hi) {
    const i64 mid = lo + (hi - lo + 1) / 2;
    if ((i64)offsets[mid] <= pos) {
      lo = mid;
    } else {
      hi = mid - 1;
    }
  }
  return lo;
}

// Inclusive segmented scan of (flag, value) across the block: warp shuffles, then the warps'
// totals combined in order. Returns the exclusive (flag, value) of this thread as well.
template <typename Op, typename T>
__device__ __forceinline__ void seg_block_scan(int& flag, T& value, int& exFlag, T& exValue) {
  __shared__ int warpFlag[WARPS_PER_BLOCK];
  __shared__ T warpValue[WARPS_PER_BLOCK];
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / WARP_SIZE;
#pragma unroll
  for (int d = 1; d < WARP_SIZE; d <<= 1) {
    const int pf = __shfl_up_sync(FULL_MASK, flag, d);
    const T pv = __shfl_up_sync(FULL_MASK, value, d);
    if (lane >= d) {
      if (!flag) value = Op::apply(pv, value);
      flag |= pf;
    }
  }
  if (lane == WARP_SIZE - 1) {
    warpFlag[warp] = flag;
    warpValue[warp] = value;
  }
  __syncthreads();
  int wf = 0;
  T wv = Op::template identity<T>();
  for (int w = 0; w < warp; ++w) {
    if (warpFlag[w]) {
      wf = 1;
      wv = warpValue[w];
    } else {
      wv = Op::apply(wv, warpValue[w]);
    }
  }
  if (!flag) value = Op::apply(wv, value);
  flag |= wf;
  int pf = __shfl_up_sync(FULL_MASK, flag, 1);
  T pv = __shfl_up_sync(FULL_MASK, value, 1);
  if (lane == 0) {
    pf = wf;
    pv = wv;
  }
  exFlag = pf;
  exValue = pv;
  __syncthreads();
}

// One tile of the values in shared memory, and where this thread's elements and segment are.
template <typename T, typename Off>
struct SegTile {
  i64 t0, t1, i0, i1, seg;
  const T* items;  // this thread's elements: items[0 .. i1 - i0)
  int flag, exFlag;  // load_scan's results
  T agg, head, exValue;

  __device__ __forceinline__ void load(const T* values, const Off* offsets, i64 segments, i64 n, T* shared) {
    __shared__ i64 bounds[2];
    t0 = (i64)blockIdx.x * SEG_TILE;
    t1 = t0 + SEG_TILE < n ? t0 + SEG_TILE : n;
    for (int k = 0; k < SEG_ITEMS; ++k) {
      const i64 i = t0 + (i64)k * BLOCK_SIZE + threadIdx.x;
      if (i < t1) shared[k * BLOCK_SIZE + threadIdx.x] = values[i];
    }
    if (threadIdx.x == 0) {
      const i64 first = seg_find(offsets, 0, segments - 1, t0);
      bounds[0] = first;
      bounds[1] = seg_find(offsets, first, segments - 1, t1 - 1);
    }
    __syncthreads();
    i0 = t0 + (i64)threadIdx.x * SEG_ITEMS;
    if (i0 > t1) i0 = t1;
    i1 = i0 + SEG_ITEMS < t1 ? i0 + SEG_ITEMS : t1;
    seg = i0 < t1 ? seg_find(offsets, bounds[0], bounds[1], i0) : bounds[1];
    items = shared + threadIdx.x * SEG_ITEMS;
  }

  // Whether a segment starts in this thread's elements; agg gets their combination from the last
  // start (all of them when none does), head the combination before the first start.
  template <typename Op>
  __device__ __forceinline__ int summary(const Off* offsets, T& agg, T& head) const {
    T acc = Op::template identity<T>();
    int flag = i0 < i1 && (i64)offsets[seg] == i0;
    int inHead = !flag;
    i64 cur = seg;
    i64 next = i0 < i1 ? (i64)offsets[cur + 1] : i1;
    for (i64 i = i0; i < i1; ++i) {
      if (i == next) {
        if (inHead) {
          head = acc;
          inHead = 0;
        }
        flag = 1;
        acc = Op::template identity<T>();
        do {
          ++cur;
          next = (i64)offsets[cur + 1];
        } while (next <= i);
      }
      acc = Op::apply(acc, items[i - i0]);
    }
    if (inHead) head = acc;
    agg = acc;
    return flag;
  }

  // load, summary, then seg_block_scan of the threads' (flag, agg) across the block: flag and agg
  // end as the inclusive pair, exFlag and exValue as the exclusive one, head as summary's (set it
  // first where no start in the thread's elements must leave it unchanged).
  template <typename Op>
  __device__ __forceinline__ void load_scan(const T* values, const Off* offsets, i64 segments, i64 n, T* shared) {
    load(values, offsets, segments, n, shared);
    flag = summary<Op>(offsets, agg, head);
    seg_block_scan<Op>(flag, agg, exFlag, exValue);
  }
};

// Reduce, tile pass: writes every segment that starts and ends in the tile; for the others keeps
// per tile the head (elements of a segment begun in an earlier tile; headSeg, else -1) and the tail
// (from the last start to the tile's end when that segment goes on; tailSeg, else -1).
template <typename T, typename Op, typename Off>
__device__ void seg_reduce_tiles(const T* values, const Off* offsets, i64 segments, i64 n, T* out, T* tileHead,
                                 i64* headSeg, T* tileTail, i64* tailSeg) {
  __shared__ T shared[SEG_TILE];
  SegTile<T, Off> s;
  s.head = Op::template identity<T>();
  s.template load_scan<Op>(values, offsets, segments, n, shared);
  const T head = s.head;
  const T carry = s.exValue;
  const i64 g = blockIdx.x;
  if (threadIdx.x == 0) {
    headSeg[g] = -1;
    tailSeg[g] = -1;
  }
  __syncthreads();
  if (s.i0 >= s.i1) return;
  const i64 segStart = offsets[s.seg];
  const i64 segEnd = offsets[s.seg + 1];
  if (segStart < s.i0 && segEnd <= s.i1) {
    const T v = Op::apply(carry, head);
    if (segStart >= s.t0) {
      out[s.seg] = v;
    } else {
      tileHead[g] = v;
      headSeg[g] = s.seg;
    }
  }
  i64 cur = s.seg;
  T acc = Op::template identity<T>();
  int started = segStart == s.i0;
  i64 next = segEnd;
  for (i64 i = s.i0; i < s.i1; ++i) {
    if (i == next) {
      if (started) out[cur] = acc;
      started = 1;
      acc = Op::template identity<T>();
      do {
        ++cur;
        next = (i64)offsets[cur + 1];
      } while (next <= i);
    }
    acc = Op::apply(acc, s.items[i - s.i0]);
  }
  if (started && next == s.i1) out[cur] = acc;
  if (s.i1 == s.t1 && next > s.t1) {
    if (started) {
      tileTail[g] = acc;
      tailSeg[g] = cur;
    } else if ((i64)offsets[cur] >= s.t0) {
      tileTail[g] = Op::apply(carry, acc);
      tailSeg[g] = cur;
    } else {
      tileHead[g] = Op::apply(carry, acc);
      headSeg[g] = cur;
    }
  }
}

// Reduce, fix-up: each tile where a segment starts and goes on joins it with the next tiles' heads.
// T is the running value (segment_value.cuh), stored through out.
template <typename T, typename Op, typename Out>
__device__ void seg_reduce_fixup(Out out, const T* tileHead, const i64* headSeg, const T* tileTail, const i64* tailSeg,
                                 i64 tiles) {
  const i64 g = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (g >= tiles || tailSeg[g] < 0) return;
  const i64 seg = tailSeg[g];
  T acc = tileTail[g];
  for (i64 h = g + 1; h < tiles && headSeg[h] == seg; ++h) acc = Op::apply(acc, tileHead[h]);
  seg_put(out, seg, acc);
}

// Reduce: the identity for every empty segment (T the running value, stored through out).
template <typename T, typename Op, typename Off, typename Out>
__device__ void seg_reduce_empty(const Off* offsets, i64 segments, Out out) {
  const i64 s = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (s < segments && offsets[s] == offsets[s + 1]) seg_put(out, s, Op::template identity<T>());
}

// Scan, first pass: per tile, whether a segment starts in it and its value from the last start.
template <typename T, typename Op, typename Off>
__device__ void seg_scan_totals(const T* values, const Off* offsets, i64 segments, i64 n, int* tileFlag, T* tileAgg) {
  __shared__ T shared[SEG_TILE];
  SegTile<T, Off> s;
  s.template load_scan<Op>(values, offsets, segments, n, shared);
  if (threadIdx.x == BLOCK_SIZE - 1) {
    tileFlag[blockIdx.x] = s.flag;
    tileAgg[blockIdx.x] = s.agg;
  }
}

// Scan, spine (one block): carry[g] is what flows into tile g from earlier tiles, the exclusive
// segmented scan of (tileFlag, tileAgg).
template <typename T, typename Op>
__device__ void seg_scan_spine(const int* tileFlag, const T* tileAgg, i64 tiles, T* carry) {
  __shared__ int totalFlag;
  __shared__ T totalValue;
  T running = Op::template identity<T>();
  for (i64 base = 0; base < tiles; base += BLOCK_SIZE) {
    const i64 g = base + threadIdx.x;
    int flag = g < tiles ? tileFlag[g] : 0;
    T value = g < tiles ? tileAgg[g] : Op::template identity<T>();
    int exFlag;
    T exValue;
    seg_block_scan<Op>(flag, value, exFlag, exValue);
    if (g < tiles) carry[g] = exFlag ? exValue : Op::apply(running, exValue);
    if (threadIdx.x == BLOCK_SIZE - 1) {
      totalFlag = flag;
      totalValue = value;
    }
    __syncthreads();
    running = totalFlag ? totalValue : Op::apply(running, totalValue);
    __syncthreads();
  }
}

// Scan, second pass: each thread scans its elements from its carry, restarting at each start, into
// the shared tile, which the block then stores coalesced.
template <typename T, typename Op, typename Off>
__device__ void seg_scan_tiles(const T* values, const Off* offsets, i64 segments, i64 n, const T* tileCarry, T* out,
                               int exclusive) {
  __shared__ T shared[SEG_TILE];
  SegTile<T, Off> s;
  s.template load_scan<Op>(values, offsets, segments, n, shared);
  T acc = s.exFlag ? s.exValue : Op::apply(tileCarry[blockIdx.x], s.exValue);
  if (s.i0 < s.i1) {
    i64 cur = s.seg;
    i64 next = (i64)offsets[cur + 1];
    if ((i64)offsets[cur] == s.i0) acc = Op::template identity<T>();
    T* mine = shared + threadIdx.x * SEG_ITEMS;
    for (i64 i = s.i0; i < s.i1; ++i) {
      if (i == next) {
        acc = Op::template identity<T>();
        do {
          ++cur;
          next = (i64)offsets[cur + 1];
        } while (next <= i);
      }
      const T x = mine[i - s.i0];
      if (exclusive) {
        mine[i - s.i0] = acc;
        acc = Op::apply(acc, x);
      } else {
        acc = Op::apply(acc, x);
        mine[i - s.i0] = acc;
      }
    }
  }
  __syncthreads();
  for (int k = 0; k < SEG_ITEMS; ++k) {
    const i64 i = s.t0 + (i64)k * BLOCK_SIZE + threadIdx.x;
    if (i < s.t1) out[i] = shared[k * BLOCK_SIZE + threadIdx.x];
  }
}
