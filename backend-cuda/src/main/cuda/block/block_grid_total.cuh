// Single-pass grid totals: every block hands in its total, and the last block to arrive combines
// them all, so one launch gives the answer.
#pragma once
#include "../common.cuh"
#include "block_reduce.cuh"

// Every thread of every block calls this with its share of the block's value (thread 0's result
// of block_reduce is not needed: this reduces the block first). partials holds one value per
// block; counter is zero on entry and is reset to zero by the last block, which writes *result.
template <typename Op, typename T>
__device__ __forceinline__ void grid_total(T value, T* partials, unsigned* counter, T* result) {
  value = block_reduce<Op>(value);
  __shared__ bool is_last;
  if (threadIdx.x == 0) {
    partials[blockIdx.x] = value;
    __threadfence();
    is_last = atomicAdd(counter, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!is_last) return;
  T total = Op::template identity<T>();
  for (unsigned b = threadIdx.x; b < gridDim.x; b += BLOCK_SIZE) total = Op::apply(total, load_coherent(partials + b));
  total = block_reduce<Op>(total);
  if (threadIdx.x == 0) {
    *result = total;
    *counter = 0;
  }
}

// grid_total of a thread's per-lane accumulators (combined lane by lane first).
template <typename Op, typename T, int W>
__device__ __forceinline__ void grid_total_of_lanes(const T (&lanes)[W], T* partials, unsigned* counter, T* result) {
  T value = lanes[0];
#pragma unroll
  for (int w = 1; w < W; ++w) value = Op::apply(value, lanes[w]);
  grid_total<Op>(value, partials, counter, result);
}

// The entry point NAME_<type> of a one-launch dot product NAME<C> (dot_vectorized, dot_bulk), which
// ends in grid_total_of_lanes.
#define PRIMS_DOT_ENTRY_OF(NAME, C, TID)                                                           \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) NAME##_##TID(                           \
      const C* a, const C* b, i64 n, C* partials, unsigned* counter, C* result) {                  \
    NAME<C>(a, b, n, partials, counter, result);                                                   \
  }
