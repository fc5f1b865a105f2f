// Warp- and block-wide arg-reduction of (key, index) pairs: the greatest key wins, and among equal
// keys the smallest index (see dev.prims.spi.ArgOrder). Each element becomes an integer key (int
// for int and float, i64 for long and double), XORed with all ones for MIN so that both operators
// take the greatest key; NaN keys are the largest either way. ARG_NONE is the index of no element.
#pragma once
#include "../common.cuh"

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

// The least key, below every element's: the start of a search.
template <typename K>
__device__ __forceinline__ K arg_lowest() {
  return (K)(1ULL << (sizeof(K) * 8 - 1));
}

// A thread's search, visiting its indices in increasing order: (key, index) becomes the best when
// its key is greater, or when there is none yet, so the first of equal keys stays.
template <typename K>
__device__ __forceinline__ void arg_keep_first(K key, i64 index, K& best, i64& best_index) {
  if (key > best || best_index == ARG_NONE) {
    best = key;
    best_index = index;
  }
}

// Whether (k, i) beats (bk, bi).
template <typename K>
__device__ __forceinline__ bool arg_wins(K k, i64 i, K bk, i64 bi) {
  return k > bk || (k == bk && i < bi);
}

// Every lane ends with the warp's winner.
template <typename K>
__device__ __forceinline__ void warp_arg_reduce(K& key, i64& index) {
#pragma unroll
  for (int offset = WARP_SIZE / 2; offset > 0; offset >>= 1) {
    const K k = __shfl_xor_sync(FULL_MASK, key, offset);
    const i64 i = __shfl_xor_sync(FULL_MASK, index, offset);
    if (arg_wins(k, i, key, index)) {
      key = k;
      index = i;
    }
  }
}

// Thread 0 ends with the block's winner. Every thread of the block must call it; callers that use
// it twice separate the calls with __syncthreads().
template <typename K>
__device__ __forceinline__ void block_arg_reduce(K& key, i64& index) {
  __shared__ K warp_keys[WARPS_PER_BLOCK];
  __shared__ i64 warp_index[WARPS_PER_BLOCK];
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / WARP_SIZE;
  warp_arg_reduce(key, index);
  if (lane == 0) {
    warp_keys[warp] = key;
    warp_index[warp] = index;
  }
  __syncthreads();
  if (warp == 0) {
    // lanes past the warp count repeat warp 0's winner, which cannot change the result
    const int from = lane < WARPS_PER_BLOCK ? lane : 0;
    key = warp_keys[from];
    index = warp_index[from];
    warp_arg_reduce(key, index);
  }
}
