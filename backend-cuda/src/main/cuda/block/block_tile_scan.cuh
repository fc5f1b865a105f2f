// Scan of one tile of BLOCK_SIZE * ITEMS consecutive elements by one block: coalesced striped
// loads into shared memory, a sequential scan by each thread of its ITEMS consecutive elements
// (in place in shared memory, so few registers are live and many blocks fit on an SM), and a
// block scan of the per-thread totals.
#pragma once
#include "../common.cuh"
#include "block_scan.cuh"

template <typename Op, typename T, int ITEMS = ScanItems<T>::value>
struct TileScan {
  T thread_prefix;  // combination of the items of all lower threads in the tile
  T tile_total;     // combination of the whole tile

  // Loads the tile at base (elements past n count as the identity) and scans each thread's items
  // in place; shared must hold BLOCK_SIZE * ITEMS elements.
  __device__ __forceinline__ void load(const T* input, i64 base, i64 n, T* shared) {
    load_striped(input, base, n, shared);
    scan_loaded(shared);
  }

  // Copies the tile at base into shared with coalesced loads (elements past n count as the
  // identity), then waits for the block.
  __device__ __forceinline__ void load_striped(const T* input, i64 base, i64 n, T* shared) {
    const i64 remaining = n - base;
    if (remaining >= BLOCK_SIZE * ITEMS) {
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) shared[k * BLOCK_SIZE + threadIdx.x] = input[base + k * BLOCK_SIZE + threadIdx.x];
    } else {
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) {
        const int j = k * BLOCK_SIZE + threadIdx.x;
        shared[j] = j < remaining ? input[base + j] : Op::template identity<T>();
      }
    }
    __syncthreads();
  }

  // Scans each thread's items of the tile in shared (loaded and visible to the block) in place and
  // the per-thread totals across the block.
  __device__ __forceinline__ void scan_loaded(T* shared) {
    T* mine = shared + threadIdx.x * ITEMS;
    T running = mine[0];
#pragma unroll
    for (int k = 1; k < ITEMS; ++k) {
      running = Op::apply(running, mine[k]);
      mine[k] = running;
    }
    thread_prefix = block_exclusive_scan<Op>(running, tile_total);
  }

  // Writes the tile's results, each combined after prefix (the combination of everything before
  // the tile). Exclusive results shift by one and start with the prefix.
  __device__ __forceinline__ void store(T* output, i64 base, i64 n, T prefix, bool has_prefix, bool exclusive, T* shared) {
    write_results(prefix, has_prefix, exclusive, shared);
    store_striped(output, base, n, shared);
  }

  // Replaces each thread's scanned items in shared with its results (no barrier).
  __device__ __forceinline__ void write_results(T prefix, bool has_prefix, bool exclusive, T* shared) {
    const T running = threadIdx.x == 0 ? prefix : (has_prefix ? Op::apply(prefix, thread_prefix) : thread_prefix);
    const bool first = threadIdx.x == 0 && !has_prefix;
    T* mine = shared + threadIdx.x * ITEMS;
    T previous = running;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const T local = mine[k];
      T v;
      if (exclusive) {
        v = k == 0 ? running : (first ? previous : Op::apply(running, previous));
      } else {
        v = first ? local : Op::apply(running, local);
      }
      mine[k] = v;
      previous = local;
    }
  }

  // Waits for the block, copies the results in shared to the tile at base with coalesced stores
  // (none past n), and waits for the block again.
  __device__ __forceinline__ void store_striped(T* output, i64 base, i64 n, T* shared) {
    __syncthreads();
    const i64 remaining = n - base;
    if (remaining >= BLOCK_SIZE * ITEMS) {
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) output[base + k * BLOCK_SIZE + threadIdx.x] = shared[k * BLOCK_SIZE + threadIdx.x];
    } else {
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) {
        const int j = k * BLOCK_SIZE + threadIdx.x;
        if (j < remaining) output[base + j] = shared[j];
      }
    }
    __syncthreads();
  }
};

// The shared memory of one tile: BLOCK_SIZE * ITEMS elements, one array per type and ITEMS,
// 128-byte aligned (as bulk copies need).
template <typename T, int ITEMS = ScanItems<T>::value>
__device__ __forceinline__ T* tile_shared() {
  __shared__ __align__(128) T data[BLOCK_SIZE * ITEMS];
  return data;
}
