// The last step of a one-launch arg-min / arg-max over the whole grid (device/argreduce.cu,
// device/argreduce_bulk.cu); the keys are block_arg_reduce.cuh's.
#pragma once
#include "../common.cuh"
#include "block_arg_reduce.cuh"

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

// The entry points argmin<INFIX><type> and argmax<INFIX><type> of an arg-reduce FN<C, MIN> (INFIX _
// or _bulk_), for device/argreduce.cu and device/argreduce_bulk.cu.
#define PRIMS_ARG_ENTRIES_OF(FN, INFIX, C, TID)                                                    \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) argmin##INFIX##TID(                     \
      const C* input, i64 n, i64* partial_keys, i64* partial_index, unsigned* counter,             \
      i64* result) {                                                                               \
    FN<C, true>(input, n, partial_keys, partial_index, counter, result);                           \
  }                                                                                                \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) argmax##INFIX##TID(                     \
      const C* input, i64 n, i64* partial_keys, i64* partial_index, unsigned* counter,             \
      i64* result) {                                                                               \
    FN<C, false>(input, n, partial_keys, partial_index, counter, result);                          \
  }
