// Segmented arg-min / arg-max over CSR offsets (OFF: int or i64): segment s's first extreme element
// to out_values[s] and its index in the whole input to out_index[s]; an empty segment gets the
// operator's identity and index -1. Segments shorter than about a thousand elements on average take
// the flat pass of the segmented reduce (block_segment_flat.cuh, its empty-segment and fix-up kernels
// from block_segment.cuh) with a (key, index) pair as the running value: each block reads a tile
// coalesced whatever the segment lengths. Longer ones take seg_arg_blocks (one block per segment of
// more than SEG_ARG_THREAD_MAX elements, a grid-stride loop over the segments) beside
// seg_arg_threads (one thread per shorter segment); each of the two skips the other's segments.
// Twin of the segmented kernels of backend-opencl's argreduce.cl.
#pragma once
#include "../common.cuh"
#include "block_arg_reduce.cuh"
#include "block_segment.cuh"
#include "block_segment_flat.cuh"

#define SEG_ARG_THREAD_MAX 256

template <typename T, bool MIN>
__device__ __forceinline__ void seg_arg_write(const T* values, i64 at, i64 s, T* out_values,
                                              i64* out_index) {
  out_index[s] = at == ARG_NONE ? -1 : at;
  out_values[s] = at == ARG_NONE ? (MIN ? OpMin::identity<T>() : OpMax::identity<T>()) : values[at];
}

// The running value of the flat pass: the winning key and its index (ARG_NONE for none yet).
template <typename K>
struct ArgPair {
  K key;
  i64 index;
};

// The combination of (key, index) pairs: arg_wins's winner, so order-free; identity the empty pair.
struct OpArg {
  template <typename A>
  static __device__ __forceinline__ A identity() {
    A a;
    a.key = arg_lowest<decltype(a.key)>();
    a.index = ARG_NONE;
    return a;
  }
  template <typename A>
  static __device__ __forceinline__ A apply(A a, A b) {
    return arg_wins(b.key, b.index, a.key, a.index) ? b : a;
  }
};

// Where the flat pass puts a segment's winner (segment_value.cuh): its element and index.
template <typename T, bool MIN>
struct SegArgOut {
  const T* values;
  T* out_values;
  i64* out_index;
};

template <typename T, bool MIN>
__device__ __forceinline__ ArgPair<typename ArgKey<T>::type> seg_lift(const SegArgOut<T, MIN>&, T x, i64 i) {
  typedef typename ArgKey<T>::type K;
  ArgPair<K> a;
  a.key = ArgKey<T>::of(x, MIN ? (K)-1 : (K)0);
  a.index = i;
  return a;
}

template <typename K>
__device__ __forceinline__ ArgPair<K> seg_shfl_up(ArgPair<K> v, int d) {
  v.key = __shfl_up_sync(FULL_MASK, v.key, d);
  v.index = __shfl_up_sync(FULL_MASK, v.index, d);
  return v;
}

template <typename T, bool MIN, typename K>
__device__ __forceinline__ void seg_put(const SegArgOut<T, MIN>& out, i64 s, ArgPair<K> v) {
  seg_arg_write<T, MIN>(out.values, v.index, s, out.out_values, out.out_index);
}

template <typename T, bool MIN, typename OFF>
__device__ void seg_arg_threads(const T* values, const OFF* offsets, i64 segments, T* out_values,
                                i64* out_index) {
  typedef typename ArgKey<T>::type K;
  const i64 s = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (s >= segments) return;
  const i64 from = offsets[s];
  const i64 to = offsets[s + 1];
  if (to - from > SEG_ARG_THREAD_MAX) return;
  const K flip = MIN ? (K)-1 : (K)0;
  K best = arg_lowest<K>();
  i64 at = ARG_NONE;
  for (i64 i = from; i < to; ++i) {
    arg_keep_first(ArgKey<T>::of(__ldg(values + i), flip), i, best, at);
  }
  seg_arg_write<T, MIN>(values, at, s, out_values, out_index);
}

template <typename T, bool MIN, typename OFF>
__device__ void seg_arg_blocks(const T* values, const OFF* offsets, i64 segments, T* out_values,
                               i64* out_index) {
  typedef typename ArgKey<T>::type K;
  const K flip = MIN ? (K)-1 : (K)0;
  for (i64 s = blockIdx.x; s < segments; s += gridDim.x) {
    const i64 from = offsets[s];
    const i64 to = offsets[s + 1];
    if (to - from <= SEG_ARG_THREAD_MAX) continue;
    K best = arg_lowest<K>();
    i64 at = ARG_NONE;
    for (i64 i = from + threadIdx.x; i < to; i += BLOCK_SIZE) {
      arg_keep_first(ArgKey<T>::of(__ldg(values + i), flip), i, best, at);
    }
    block_arg_reduce(best, at);
    if (threadIdx.x == 0) seg_arg_write<T, MIN>(values, at, s, out_values, out_index);
    __syncthreads();
  }
}
