// Segmented reduce with one block per segment, for segments of about a thousand elements and more
// (AbstractSegmenter.blockPerSegment): each block streams its segment with 16-byte loads (the
// elements before the first aligned vector and after the last one singly) and reduces it across
// the block. A segment longer than SEG_BLOCK_MAX is left to the chunk blocks, which come first in
// the grid: chunk c covers elements [c * SEG_BLOCK_MAX, (c + 1) * SEG_BLOCK_MAX) and reduces the
// parts of the long segments in it (at most two: the one holding its first element and the one
// holding its last) into per-chunk heads and tails. Every chunk a long segment touches gives one
// part; the chunk block that gives the last of them (counted in arrivals, at the segment's first
// chunk) joins the segment's tail with the heads of the chunks after it, in the same launch.
#pragma once
#include "../common.cuh"
#include "../warp/warp_reduce.cuh"
#include "block_segment_flat.cuh"

// Longest segment one block reduces, and the chunk length. CudaSegmentPolicy mirrors it.
#ifndef SEG_BLOCK_MAX
#define SEG_BLOCK_MAX 65536
#endif

// SEG_BLOCK_FIND_GUESS (on) has the chunk blocks probe the 32 segments around the one an even
// layout would give before searching (one round trip instead of about four for even layouts; on an
// H100, 2026-11-26, 1-2 % faster with segments of 4096 and with mixed lengths). The experiment
// SEG_BLOCK_CHUNKS_LAST (off) puts the chunk blocks after the segment blocks in the grid. Both may be
// set with nvcc -D (tools/cuda-experiments/build-arg-segment-variants.sh).
#ifndef SEG_BLOCK_CHUNKS_LAST
#define SEG_BLOCK_CHUNKS_LAST 0
#endif
#ifndef SEG_BLOCK_FIND_GUESS
#define SEG_BLOCK_FIND_GUESS 1
#endif

#if SEG_BLOCK_FIND_GUESS
// seg_find_warp(offsets, lo, hi, pos), first probing the 32 segments from guess - 15 (clamped to
// [lo, hi]); the answer is the same.
template <typename Off>
__device__ __forceinline__ i64 seg_find_warp_guess(const Off* offsets, i64 lo, i64 hi, i64 pos, i64 guess) {
  const int lane = threadIdx.x % WARP_SIZE;
  i64 probe = guess - (WARP_SIZE / 2 - 1) + lane;
  probe = probe < lo ? lo : (probe > hi ? hi : probe);
  const int below = __popc(__ballot_sync(FULL_MASK, (i64)offsets[probe] <= pos));
  const i64 first = __shfl_sync(FULL_MASK, probe, 0);
  const i64 last = __shfl_sync(FULL_MASK, probe, WARP_SIZE - 1);
  if (below > 0 && below < WARP_SIZE) return __shfl_sync(FULL_MASK, probe, below - 1);
  if (below == 0) return seg_find_warp(offsets, lo, first - 1 < lo ? lo : first - 1, pos);
  return seg_find_warp(offsets, last, hi, pos);
}
#endif

// The combination of values[i0, i1) across the block; thread 0 gets it.
template <typename Op, typename T>
__device__ __forceinline__ T seg_block_range(const T* values, i64 i0, i64 i1) {
  typedef typename Vec<T>::type V;
  const int width = Vec<T>::width;
  __shared__ T warp_total[WARPS_PER_BLOCK];
  T acc = Op::template identity<T>();
  const int misaligned = (int)(((size_t)(values + i0) & 15) / sizeof(T));
  i64 a = i0 + (misaligned ? width - misaligned : 0);
  if (a > i1) a = i1;
  const i64 vectors = (i1 - a) / width;
  const i64 b = a + vectors * width;
  if (i0 + threadIdx.x < a) acc = values[i0 + threadIdx.x];
  if (b + threadIdx.x < i1) acc = Op::apply(acc, values[b + threadIdx.x]);
  sweep_vectors<T>(reinterpret_cast<const V*>(values + a), threadIdx.x, vectors, BLOCK_SIZE,
                   [&](int, T x) { acc = Op::apply(acc, x); });
  acc = warp_reduce<Op>(acc);
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / WARP_SIZE;
  if (lane == 0) warp_total[warp] = acc;
  __syncthreads();
  if (warp == 0) {
    acc = lane < WARPS_PER_BLOCK ? warp_total[lane] : Op::template identity<T>();
    acc = warp_reduce<Op>(acc);
  }
  __syncthreads();  // warp_total is free for the block's next range
  return acc;
}

// Joins long segment s, whose tail is chunk c's, with the heads of the chunks it goes on into,
// across the block, and writes it. Every thread of the block calls it.
template <typename T, typename Op, typename Off>
__device__ __forceinline__ void seg_block_join(const Off* offsets, T* out, const T* tileHead, const T* tileTail, i64 c,
                                               i64 s) {
  const i64 lastChunk = ((i64)offsets[s + 1] - 1) / SEG_BLOCK_MAX;
  T acc = Op::template identity<T>();
  for (i64 h = c + 1 + threadIdx.x; h <= lastChunk; h += BLOCK_SIZE) acc = Op::apply(acc, load_coherent(tileHead + h));
  __shared__ T warp_total[WARPS_PER_BLOCK];
  acc = warp_reduce<Op>(acc);
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / WARP_SIZE;
  if (lane == 0) warp_total[warp] = acc;
  __syncthreads();
  if (threadIdx.x == 0) {
    acc = load_coherent(tileTail + c);
    for (int w = 0; w < WARPS_PER_BLOCK; ++w) acc = Op::apply(acc, warp_total[w]);
    out[s] = acc;
  }
  __syncthreads();  // warp_total is free for the block's next join
}

// The grid: `chunks` chunk blocks, then one block per segment. Each block reduces at most two
// ranges (one loop, so the range reduction is compiled once). arrivals: one counter per chunk,
// zero on entry and left zero.
template <typename T, typename Op, typename Off>
__device__ void seg_block_reduce(const T* values, const Off* offsets, i64 segments, i64 n, i64 chunks, T* out,
                                 T* tileHead, T* tileTail, unsigned* arrivals) {
  __shared__ bool joins;
  __shared__ i64 bounds[2];
#if SEG_BLOCK_CHUNKS_LAST
  const i64 b = (i64)blockIdx.x >= segments ? (i64)blockIdx.x - segments : (i64)blockIdx.x + chunks;
#else
  const i64 b = blockIdx.x;
#endif
  // range r: [lo_r, hi_r) of segment seg_r, written to out (where_r 0), the chunk's head (1) or tail (2)
  i64 lo0 = 0, hi0 = 0, seg0 = 0, lo1 = 0, hi1 = 0, seg1 = 0;
  int where0 = 0, where1 = 0;
  int ranges = 0;
  if (b >= chunks) {
    const i64 s = b - chunks;
    lo0 = offsets[s];
    hi0 = offsets[s + 1];
    seg0 = s;
    ranges = hi0 - lo0 <= SEG_BLOCK_MAX;
  } else {
    const i64 c0 = b * SEG_BLOCK_MAX;
    const i64 c1 = c0 + SEG_BLOCK_MAX < n ? c0 + SEG_BLOCK_MAX : n;
    if (threadIdx.x < WARP_SIZE) {
#if SEG_BLOCK_FIND_GUESS
      const i64 first = seg_find_warp_guess(offsets, 0, segments - 1, c0, (i64)((double)c0 / n * segments));
      const i64 last = seg_find_warp_guess(offsets, first, segments - 1, c1 - 1, (i64)((double)(c1 - 1) / n * segments));
#else
      const i64 first = seg_find_warp(offsets, 0, segments - 1, c0);
      const i64 last = seg_find_warp(offsets, first, segments - 1, c1 - 1);
#endif
      if (threadIdx.x == 0) {
        bounds[0] = first;
        bounds[1] = last;
      }
    }
    __syncthreads();
    const i64 first = bounds[0];
    const i64 last = bounds[1];
    const i64 start = offsets[first];
    const i64 end = offsets[first + 1];
    if (end - start > SEG_BLOCK_MAX) {
      // a long segment holds the chunk's first element: its head, or its tail where it starts here
      lo0 = c0;
      hi0 = end < c1 ? end : c1;
      seg0 = first;
      where0 = start < c0 ? 1 : 2;
      ranges = 1;
    }
    if (last != first && (i64)offsets[last + 1] - (i64)offsets[last] > SEG_BLOCK_MAX) {
      // a long segment starts in the chunk after its first element and goes on past it
      lo1 = offsets[last];
      hi1 = c1;
      seg1 = last;
      where1 = 2;
      if (ranges == 0) {
        lo0 = lo1;
        hi0 = hi1;
        seg0 = seg1;
        where0 = where1;
      }
      ranges++;
    }
  }
#pragma unroll 1
  for (int r = 0; r < ranges; ++r) {
    const i64 s = r == 0 ? seg0 : seg1;
    const int where = r == 0 ? where0 : where1;
    const T v = seg_block_range<Op>(values, r == 0 ? lo0 : lo1, r == 0 ? hi0 : hi1);
    if (where == 0) {
      if (threadIdx.x == 0) out[s] = v;
      continue;
    }
    // a part of long segment s (where is the same in every thread): the last part to arrive joins
    const i64 firstChunk = (i64)offsets[s] / SEG_BLOCK_MAX;
    if (threadIdx.x == 0) {
      if (where == 1) {
        tileHead[b] = v;
      } else {
        tileTail[b] = v;
      }
      __threadfence();
      const i64 parts = ((i64)offsets[s + 1] - 1) / SEG_BLOCK_MAX - firstChunk + 1;
      joins = atomicAdd(arrivals + firstChunk, 1u) == (unsigned)(parts - 1);
      if (joins) {
        arrivals[firstChunk] = 0;
        __threadfence();
      }
    }
    __syncthreads();
    if (joins) seg_block_join<T, Op>(offsets, out, tileHead, tileTail, firstChunk, s);
    __syncthreads();  // joins is free for the next range
  }
}
