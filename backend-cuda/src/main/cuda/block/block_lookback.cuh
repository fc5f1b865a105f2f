// The decoupled look-back of Merrill & Garland (2016): each tile publishes its total, then its
// inclusive prefix, and finds the combination of all earlier tiles by reading its predecessors'
// states a warp at a time, stopping at the first inclusive prefix.
#pragma once
#include "../common.cuh"
#include "../warp/warp_reduce.cuh"

// Tile status in the look-back: nothing yet, the tile's own total, or its inclusive prefix.
#define STATUS_EMPTY 0
#define STATUS_AGGREGATE 1
#define STATUS_PREFIX 2

// Where the look-back publishes and reads tile states: the status and the value share one word of
// twice the type's size, written with one store and read with one load, so no fence is needed.
// For 8-byte types that is a 16-byte vector access, relied on to be whole, as CUB does (on an H100
// it made the double scan of 2^28 elements 1.26x faster than a value, a fence and a flag). The
// first stride of state holds the tile counter; tile i's word starts i + 1 strides in.
template <typename T, int BYTES = sizeof(T)>
struct TileStates;

// LOOKBACK_STATE_BYTES: bytes from one tile's state to the next, one 128-byte L2 line
// (CudaScanPolicy.LOOKBACK_STATE_BYTES mirrors it; 0 packs them at twice the type's size). Packed,
// neighbouring tiles polled and published on one line: on an H100 (2026-11-26, 2^28 elements) the
// float scan took 0.86 ms packed and 0.79 ms a line apart (the bulk-load scan 0.81 / 0.74 ms,
// doubles 0.78 / 0.74 ms; tools/cuda-experiments/reduce_race.cu), and the plain float select 0.89
// against 0.69 ms (0.72 ms at 32 bytes; select_tiles.cu --ptx).
#ifndef LOOKBACK_STATE_BYTES
#define LOOKBACK_STATE_BYTES 128
#endif
#define LOOKBACK_STATE_WORDS(T) \
  ((LOOKBACK_STATE_BYTES > 2 * (int)sizeof(T) ? LOOKBACK_STATE_BYTES : 2 * (int)sizeof(T)) / 8)

// Pause between polls of a tile state that is not ready, so that spinning warps do not flood L2.
__device__ __forceinline__ void backoff(unsigned delay_ns) {
#if __CUDA_ARCH__ >= 700
  if (delay_ns) __nanosleep(delay_ns);
#endif
}

template <typename T>
struct TileStates<T, 4> {
  volatile u64* words;
  __device__ explicit TileStates(unsigned* state)
      : words(reinterpret_cast<volatile u64*>(state) + LOOKBACK_STATE_WORDS(T)) {}
  __device__ __forceinline__ void publish(unsigned tile, unsigned status, T value) {
    union { T v; unsigned u; } bits;
    bits.v = value;
    words[LOOKBACK_STATE_WORDS(T) * (u64)tile] = ((u64)bits.u << 32) | status;
  }
  __device__ __forceinline__ unsigned wait(long long tile, T& value, unsigned delay_ns) {
    u64 w = words[LOOKBACK_STATE_WORDS(T) * tile];
    while ((unsigned)w == STATUS_EMPTY) {
      backoff(delay_ns);
      w = words[LOOKBACK_STATE_WORDS(T) * tile];
    }
    union { T v; unsigned u; } bits;
    bits.u = (unsigned)(w >> 32);
    value = bits.v;
    return (unsigned)w;
  }
};

template <typename T>
struct TileStates<T, 8> {
  u64* words;
  __device__ explicit TileStates(unsigned* state) : words(reinterpret_cast<u64*>(state) + LOOKBACK_STATE_WORDS(T)) {}
  __device__ __forceinline__ void publish(unsigned tile, unsigned status, T value) {
    union { T v; u64 u; } bits;
    bits.v = value;
    asm volatile("st.volatile.global.v2.u64 [%0], {%1, %2};" ::"l"(words + LOOKBACK_STATE_WORDS(T) * (u64)tile), "l"((u64)status),
                 "l"(bits.u)
                 : "memory");
  }
  __device__ __forceinline__ unsigned wait(long long tile, T& value, unsigned delay_ns) {
    u64 status, payload;
    while (true) {
      asm volatile("ld.volatile.global.v2.u64 {%0, %1}, [%2];" : "=l"(status), "=l"(payload) : "l"(words + LOOKBACK_STATE_WORDS(T) * tile) : "memory");
      if (status != STATUS_EMPTY) break;
      backoff(delay_ns);
    }
    union { T v; u64 u; } bits;
    bits.u = payload;
    value = bits.v;
    return (unsigned)status;
  }
};

// Tile states of 4-byte values that carry the call's epoch (1 to 2^30 - 1, one per call) above the
// status bits: a word an earlier call wrote reads as empty, so the states need no zeroing between
// calls (a kernel using them zeroes nothing; the words start at zero once, when allocated).
template <typename T>
struct EpochTileStates {
  volatile u64* words;
  unsigned epoch;
  __device__ EpochTileStates(unsigned* state, unsigned epoch)
      : words(reinterpret_cast<volatile u64*>(state) + LOOKBACK_STATE_WORDS(T)), epoch(epoch) {}
  __device__ __forceinline__ void publish(unsigned tile, unsigned status, T value) {
    union { T v; unsigned u; } bits;
    bits.v = value;
    words[LOOKBACK_STATE_WORDS(T) * (u64)tile] = ((u64)bits.u << 32) | (epoch << 2) | status;
  }
  __device__ __forceinline__ unsigned wait(long long tile, T& value, unsigned delay_ns) {
    u64 w = words[LOOKBACK_STATE_WORDS(T) * tile];
    while (((unsigned)w >> 2) != epoch) {
      backoff(delay_ns);
      w = words[LOOKBACK_STATE_WORDS(T) * tile];
    }
    union { T v; unsigned u; } bits;
    bits.u = (unsigned)(w >> 32);
    value = bits.v;
    return (unsigned)w & 3u;
  }
};

// Every thread of the block calls this with the tile's total; it publishes the tile's state in
// states and returns the combination of every element before the tile: for tile 0 the carry when
// has_carry (what comes before the whole input, as when a scan continues another), else the
// identity. delay_ns paces the polling.
template <typename Op, typename T, typename States>
__device__ __forceinline__ T decoupled_lookback_in(States states, unsigned tile, T tile_total, unsigned delay_ns,
                                                   bool has_carry, T carry) {
  __shared__ T tile_prefix;
  if (tile == 0) {
    if (threadIdx.x == 0) states.publish(0, STATUS_PREFIX, has_carry ? Op::apply(carry, tile_total) : tile_total);
    return has_carry ? carry : Op::template identity<T>();
  }
  if (threadIdx.x < WARP_SIZE) {
    const int lane = threadIdx.x;
    if (lane == 0) states.publish(tile, STATUS_AGGREGATE, tile_total);
    T prefix = Op::template identity<T>();
    long long window = (long long)tile - 1;  // the nearest predecessor this round
    while (true) {
      const long long pred = window - lane;
      unsigned flag = STATUS_PREFIX;
      T value = Op::template identity<T>();
      if (pred >= 0) flag = states.wait(pred, value, delay_ns);
      const unsigned done = __ballot_sync(FULL_MASK, flag == STATUS_PREFIX);
      const int stop = done ? __ffs(done) - 1 : WARP_SIZE - 1;
      if (lane > stop) value = Op::template identity<T>();
      // Lanes further back hold earlier elements: combine them before the running prefix.
      value = warp_reduce<Op>(value);
      prefix = window == (long long)tile - 1 ? value : Op::apply(value, prefix);
      if (done) break;
      window -= WARP_SIZE;
    }
    if (lane == 0) {
      states.publish(tile, STATUS_PREFIX, Op::apply(prefix, tile_total));
      tile_prefix = prefix;
    }
  }
  __syncthreads();
  return tile_prefix;
}

// decoupled_lookback_in over TileStates: the tile counter and states (state) are zero when the grid
// starts.
template <typename Op, typename T>
__device__ __forceinline__ T decoupled_lookback(unsigned* state, unsigned tile, T tile_total, unsigned delay_ns,
                                                bool has_carry, T carry) {
  return decoupled_lookback_in<Op>(TileStates<T>(state), tile, tile_total, delay_ns, has_carry, carry);
}

// The entry point NAME_<type>_<op> of a one-pass look-back scan NAME<OP, C> (scan_decoupled_lookback,
// scan_lookback_bulk).
#define PRIMS_SCAN_LOOKBACK_ENTRY_OF(NAME, C, TID, OPID, OP)                                            \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) NAME##_##TID##_##OPID(                       \
      const C* input, C* output, i64 n, int exclusive, unsigned* state, unsigned delay_ns,              \
      int has_carry, C carry) {                                                                         \
    NAME<OP, C>(input, output, n, exclusive, state, delay_ns, has_carry, carry);                        \
  }
