// Scan of one tile of BLOCK_SIZE * ITEMS consecutive elements by one block:
// coalesced striped loads transposed through shared memory into a blocked arrangement, a
// sequential scan per thread, and a block scan of the per-thread totals.
#pragma once
#include "../common.cuh"
#include "block_scan.cuh"

#define SCAN_TILE (BLOCK_SIZE * SCAN_ITEMS_PER_THREAD)

template <typename Op, typename T, int ITEMS = SCAN_ITEMS_PER_THREAD>
struct TileScan {
  T items[ITEMS];  // this thread's inclusive scan of its own items
  T thread_prefix;                 // combination of the items of all lower threads in the tile
  T tile_total;                    // combination of the whole tile

  // Loads the tile at base (elements past n count as the identity) and scans it locally.
  __device__ __forceinline__ void load(const T* input, i64 base, i64 n, T* shared) {
    const i64 remaining = n - base;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const int j = k * BLOCK_SIZE + threadIdx.x;
      shared[j] = j < remaining ? input[base + j] : Op::template identity<T>();
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) items[k] = shared[threadIdx.x * ITEMS + k];
#pragma unroll
    for (int k = 1; k < ITEMS; ++k) items[k] = Op::apply(items[k - 1], items[k]);
    thread_prefix = block_exclusive_scan<Op>(items[ITEMS - 1], tile_total);
  }

  // Writes the tile's results, each combined after prefix (the combination of everything before
  // the tile). Exclusive results shift by one and start with the prefix.
  __device__ __forceinline__ void store(T* output, i64 base, i64 n, T prefix, bool has_prefix, bool exclusive, T* shared) {
    T running = threadIdx.x == 0 ? prefix : (has_prefix ? Op::apply(prefix, thread_prefix) : thread_prefix);
    const bool first = threadIdx.x == 0 && !has_prefix;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      T v;
      if (exclusive) {
        v = k == 0 ? running : ((first) ? items[k - 1] : Op::apply(running, items[k - 1]));
      } else {
        v = first ? items[k] : Op::apply(running, items[k]);
      }
      shared[threadIdx.x * ITEMS + k] = v;
    }
    __syncthreads();
    const i64 remaining = n - base;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const int j = k * BLOCK_SIZE + threadIdx.x;
      if (j < remaining) output[base + j] = shared[j];
    }
    __syncthreads();
  }
};
