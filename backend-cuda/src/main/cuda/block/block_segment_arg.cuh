// Segmented arg-min / arg-max over CSR offsets (OFF: int or i64): segment s's first extreme element
// to out_values[s] and its index in the whole input to out_index[s]; an empty segment gets the
// operator's identity and index -1. Segments of at most SEG_ARG_THREAD_MAX elements take one thread
// each (seg_arg_threads), longer ones one block each (seg_arg_blocks, a grid-stride loop over the
// segments); each kernel skips the other's segments. Twin of the segmented kernels of
// backend-opencl's argreduce.cl.
#pragma once
#include "../common.cuh"
#include "block_arg_reduce.cuh"

#define SEG_ARG_THREAD_MAX 256

template <typename T, bool MIN>
__device__ __forceinline__ void seg_arg_write(const T* values, i64 at, i64 s, T* out_values,
                                              i64* out_index) {
  out_index[s] = at == ARG_NONE ? -1 : at;
  out_values[s] = at == ARG_NONE ? (MIN ? OpMin::identity<T>() : OpMax::identity<T>()) : values[at];
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
    const K k = ArgKey<T>::of(__ldg(values + i), flip);
    if (k > best || at == ARG_NONE) {
      best = k;
      at = i;
    }
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
      const K k = ArgKey<T>::of(__ldg(values + i), flip);
      if (k > best || at == ARG_NONE) {
        best = k;
        at = i;
      }
    }
    block_arg_reduce(best, at);
    if (threadIdx.x == 0) seg_arg_write<T, MIN>(values, at, s, out_values, out_index);
    __syncthreads();
  }
}
