// Stable sort of one tile in shared memory by one radix digit, two bits per split: every split is
// one block-wide exclusive scan of four 16-bit counters packed in a 64-bit word (how many of the
// thread's keys have each two-bit value), after which every key knows its slot. The twin of the
// local sort in the OpenCL backend's sort.cl.
#pragma once
#include "../common.cuh"
#include "block_scan.cuh"

#define RADIX_COUNTER_BITS 16
// One padding word per 32 so that striped accesses (j = k * BLOCK_SIZE + tid) and each thread's
// walk over its consecutive items avoid bank conflicts.
#define RADIX_PAD(j) ((j) + ((j) >> 5))

template <typename R>
__device__ __forceinline__ unsigned radix_digit(R bits, int shift, unsigned mask) {
  return (unsigned)(bits >> shift) & mask;
}

// key/value hold this thread's ITEMS consecutive items of the tile, in input order; on return
// they hold the same places of the tile sorted stably by bits [shift, shift + digit_bits), and so
// does tile_keys/tile_values (RADIX_PAD-ed). The tile must hold fewer than 2^16 keys.
template <int ITEMS, typename R, typename V, bool HAS_VALUES>
__device__ __forceinline__ void block_radix_split_sort(R (&key)[ITEMS], V (&value)[ITEMS], R* tile_keys,
                                                       V* tile_values, int shift, int digit_bits) {
  static_assert(BLOCK_SIZE * ITEMS < (1 << RADIX_COUNTER_BITS), "tile ranks must fit 16-bit counters");
  for (int b = 0; b < digit_bits; b += 2) {
    const int split_shift = shift + b;
    const unsigned split_mask = digit_bits - b >= 2 ? 3u : 1u;
    u64 mine = 0;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) mine += 1ull << (RADIX_COUNTER_BITS * radix_digit(key[k], split_shift, split_mask));
    i64 total;
    u64 running = (u64)block_exclusive_scan<OpSum>((i64)mine, total);
    // first slot of each two-bit value: the counts of the smaller values
    const u64 starts = ((u64)total << RADIX_COUNTER_BITS) + ((u64)total << (2 * RADIX_COUNTER_BITS)) +
                       ((u64)total << (3 * RADIX_COUNTER_BITS));
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const unsigned field = RADIX_COUNTER_BITS * radix_digit(key[k], split_shift, split_mask);
      const unsigned slot = (unsigned)(((starts + running) >> field) & 0xFFFF);
      running += 1ull << field;
      tile_keys[RADIX_PAD(slot)] = key[k];
      if (HAS_VALUES) tile_values[RADIX_PAD(slot)] = value[k];
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      key[k] = tile_keys[RADIX_PAD(threadIdx.x * ITEMS + k)];
      if (HAS_VALUES) value[k] = tile_values[RADIX_PAD(threadIdx.x * ITEMS + k)];
    }
    __syncthreads();
  }
}
