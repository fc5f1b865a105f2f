// Scan entry points of the single-pass decoupled look-back (Merrill & Garland 2016), the default
// scan: one launch, each tile waits for its predecessors' prefixes. `exclusive` selects the scan
// kind; input and output may be the same buffer.
#include "../common.cuh"
#include "../warp/warp_reduce.cuh"
#include "../block/block_tile_scan.cuh"

// Tile status in the look-back: nothing yet, the tile's own total, or its inclusive prefix.
#define STATUS_EMPTY 0
#define STATUS_AGGREGATE 1
#define STATUS_PREFIX 2

// Where the look-back publishes and reads tile states: the status and the value share one word of
// twice the type's size, written with one store and read with one load, so no fence is needed.
// For 8-byte types that is a 16-byte vector access, relied on to be whole, as CUB does (on an H100
// it made the double scan of 2^28 elements 1.26x faster than a value, a fence and a flag). The
// first word of state holds the tile counter; tile i's word is the (i + 1)-th.
template <typename T, int BYTES = sizeof(T)>
struct TileStates;

// Pause between polls of a tile state that is not ready, so that spinning warps do not flood L2.
__device__ __forceinline__ void backoff(unsigned delay_ns) {
#if __CUDA_ARCH__ >= 700
  if (delay_ns) __nanosleep(delay_ns);
#endif
}

template <typename T>
struct TileStates<T, 4> {
  volatile u64* words;
  __device__ explicit TileStates(unsigned* state) : words(reinterpret_cast<volatile u64*>(state + 2)) {}
  __device__ __forceinline__ void publish(unsigned tile, unsigned status, T value) {
    union { T v; unsigned u; } bits;
    bits.v = value;
    words[tile] = ((u64)bits.u << 32) | status;
  }
  __device__ __forceinline__ unsigned wait(long long tile, T& value, unsigned delay_ns) {
    u64 w = words[tile];
    while ((unsigned)w == STATUS_EMPTY) {
      backoff(delay_ns);
      w = words[tile];
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
  __device__ explicit TileStates(unsigned* state) : words(reinterpret_cast<u64*>(state + 4)) {}
  __device__ __forceinline__ void publish(unsigned tile, unsigned status, T value) {
    union { T v; u64 u; } bits;
    bits.v = value;
    asm volatile("st.volatile.global.v2.u64 [%0], {%1, %2};" ::"l"(words + 2 * (u64)tile), "l"((u64)status),
                 "l"(bits.u)
                 : "memory");
  }
  __device__ __forceinline__ unsigned wait(long long tile, T& value, unsigned delay_ns) {
    u64 status, payload;
    while (true) {
      asm volatile("ld.volatile.global.v2.u64 {%0, %1}, [%2];" : "=l"(status), "=l"(payload) : "l"(words + 2 * tile) : "memory");
      if (status != STATUS_EMPTY) break;
      backoff(delay_ns);
    }
    union { T v; u64 u; } bits;
    bits.u = payload;
    value = bits.v;
    return (unsigned)status;
  }
};

// Decoupled look-back. The tile counter and states are zero on entry; delay_ns paces the polling.
template <typename Op, typename T, int ITEMS = ScanItems<T>::value>
__device__ void scan_decoupled_lookback(const T* input, T* output, i64 n, int exclusive, unsigned* state,
                                        unsigned delay_ns) {
  T* shared = tile_shared<T, ITEMS>();
  __shared__ unsigned tile_id;
  __shared__ T tile_prefix;
  if (threadIdx.x == 0) tile_id = atomicAdd(state, 1u);
  __syncthreads();
  const unsigned tile = tile_id;
  TileStates<T> states(state);
  const i64 base = (i64)tile * (BLOCK_SIZE * ITEMS);
  TileScan<Op, T, ITEMS> scan;
  scan.load(input, base, n, shared);
  if (tile == 0) {
    if (threadIdx.x == 0) states.publish(0, STATUS_PREFIX, scan.tile_total);
    scan.store(output, base, n, Op::template identity<T>(), false, exclusive, shared);
    return;
  }
  if (threadIdx.x < WARP_SIZE) {
    const int lane = threadIdx.x;
    if (lane == 0) states.publish(tile, STATUS_AGGREGATE, scan.tile_total);
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
      states.publish(tile, STATUS_PREFIX, Op::apply(prefix, scan.tile_total));
      tile_prefix = prefix;
    }
  }
  __syncthreads();
  scan.store(output, base, n, tile_prefix, true, exclusive, shared);
}

#define PRIMS_SCAN_LOOKBACK_ENTRIES(C, TID, OPID, OP)                                                   \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) scan_decoupled_lookback_##TID##_##OPID(      \
      const C* input, C* output, i64 n, int exclusive, unsigned* state, unsigned delay_ns) {            \
    scan_decoupled_lookback<OP, C>(input, output, n, exclusive, state, delay_ns);                       \
  }

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SCAN_LOOKBACK_ENTRIES)

