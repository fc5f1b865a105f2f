// The keys of arg-min / arg-max (see device/argreduce.cu) and the grid's last step: each element
// becomes an integer key (int for int and float, i64 for long and double), XORed with all ones for
// MIN so that both operators take the greatest key; NaN keys are the largest either way.
#pragma once
#include "../common.cuh"
#include "block_arg_reduce.cuh"

template <typename T> struct ArgKey;
template <> struct ArgKey<int> {
  typedef int type;
  static __device__ __forceinline__ int of(int x, int flip) { return x ^ flip; }
};
template <> struct ArgKey<i64> {
  typedef i64 type;
  static __device__ __forceinline__ i64 of(i64 x, i64 flip) { return x ^ flip; }
};
template <> struct ArgKey<float> {
  typedef int type;
  static __device__ __forceinline__ int of(float x, int flip) {
    const int k = __float_as_int(x);
    return x != x ? 0x7fffffff : (k ^ ((k >> 31) & 0x7fffffff)) ^ flip;
  }
};
template <> struct ArgKey<double> {
  typedef i64 type;
  static __device__ __forceinline__ i64 of(double x, i64 flip) {
    const i64 k = __double_as_longlong(x);
    return x != x ? 0x7fffffffffffffffLL : (k ^ ((k >> 63) & 0x7fffffffffffffffLL)) ^ flip;
  }
};

#define ARG_NONE 0x7fffffffffffffffLL

// The block's (key, index) pairs go to the partials; the last block to finish reduces them and
// writes the winner's index (i64) and the element itself (at byte 8) to result (counter is zero on
// entry and reset to zero on exit). Every thread of the block must call it.
template <typename T, typename K>
__device__ __forceinline__ void arg_grid_finish(const T* input, K best, i64 best_index, K lowest, i64* partial_keys,
                                                i64* partial_index, unsigned* counter, i64* result) {
  block_arg_reduce(best, best_index);
  __shared__ bool is_last;
  if (threadIdx.x == 0) {
    partial_keys[blockIdx.x] = (i64)best;
    partial_index[blockIdx.x] = best_index;
    __threadfence();
    is_last = atomicAdd(counter, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!is_last) return;
  best = lowest;
  best_index = ARG_NONE;
  for (unsigned b = threadIdx.x; b < gridDim.x; b += BLOCK_SIZE) {
    const K k = (K)load_coherent(partial_keys + b);
    const i64 at = load_coherent(partial_index + b);
    if (arg_wins(k, at, best, best_index)) {
      best = k;
      best_index = at;
    }
  }
  __syncthreads();
  block_arg_reduce(best, best_index);
  if (threadIdx.x == 0) {
    result[0] = best_index;
    *reinterpret_cast<T*>(result + 1) = input[best_index];
    *counter = 0;
  }
}
