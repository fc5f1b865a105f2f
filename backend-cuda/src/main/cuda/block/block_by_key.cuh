// Reduce-by-key and scan-by-key in one pass over keys and values (no scratch the size of the
// input): block b takes tile b, loads its keys and values
// through shared memory into registers, flags where runs of equal keys start, scans the pairs
// (starts so far, value since the latest start) in the tile, and joins tiles with the decoupled
// look-back of block_lookback.cuh over those pairs. The pair operator is
//   (c1, v1) . (c2, v2) = (c1 + c2, c2 > 0 ? v2 : v1 . v2),
// so a tile's prefix carries both the number of runs begun before it (where reduce-by-key writes)
// and the open run's partial value. Twin of segment.cl's by-key kernels.
#pragma once
#include "../common.cuh"
#include "../warp/warp_reduce.cuh"

// Items per thread of a by-key tile: odd (blocked reads of the shared tile without bank conflicts),
// fewer for 8-byte keys or values so the registers of both fit. CudaSegmentPolicy mirrors them.
// The constants below may be set with nvcc -D (tools/cuda-experiments/build-arg-segment-variants.sh).
#ifndef BY_KEY_ITEMS_4
#define BY_KEY_ITEMS_4 15
#endif
#ifndef BY_KEY_ITEMS_8
#define BY_KEY_ITEMS_8 11
#endif

// Blocks per SM the by-key kernels are compiled for (__launch_bounds__): 4, or 3 for the reduce of
// 8-byte values, which would otherwise spill.
#ifndef BY_KEY_MIN_BLOCKS_4
#define BY_KEY_MIN_BLOCKS_4 4
#endif
#ifndef BY_KEY_MIN_BLOCKS_8
#define BY_KEY_MIN_BLOCKS_8 3
#endif
#define BY_KEY_MIN_BLOCKS(T) (sizeof(T) == 8 ? BY_KEY_MIN_BLOCKS_8 : BY_KEY_MIN_BLOCKS_4)

// Threads of a by-key block (the launch's block size; CudaSegmenter launches DeviceSegmenter's
// BLOCK_SIZE): a multiple of WARP_SIZE, overridden only by tuning candidates.
#ifndef BY_KEY_THREADS
#define BY_KEY_THREADS BLOCK_SIZE
#endif
#define BY_KEY_WARPS (BY_KEY_THREADS / WARP_SIZE)

// Candidates raced by tools/cuda-experiments/arg_segment_race.cu (defaults are what runs):
// BY_KEY_LOAD: how keys and values reach registers (blocked, ITEMS consecutive a thread).
//   0: block-striped coalesced loads through the block's shared tile, keys then values, with
//      __syncthreads between; 1: direct blocked loads from global (CUB's BLOCK_LOAD_DIRECT);
//   2: warp-striped loads through the warp's own slice of the shared tile, __syncwarp only (CUB's
//      BLOCK_LOAD_WARP_TRANSPOSE, its sm_90 choice for both by-key algorithms). 1 and 2 take the
//      neighbours' keys by shuffles (global loads across warps and tiles).
#ifndef BY_KEY_LOAD
#define BY_KEY_LOAD 0
#endif
// BY_KEY_STORE (scan-by-key output): 0 block-striped through shared;
//   2 warp-striped through the warp's slice of shared (CUB's BLOCK_STORE_WARP_TRANSPOSE).
#ifndef BY_KEY_STORE
#define BY_KEY_STORE 0
#endif
// BY_KEY_SCAN_COUNT32: 1 shuffles the run counts of the in-tile scan as 32 bits (a tile's counts
// fit), two shuffles a step instead of three.
#ifndef BY_KEY_SCAN_COUNT32
#define BY_KEY_SCAN_COUNT32 0
#endif
// BY_KEY_FULL_TILE: 1 compiles whole tiles (all but the last) a second time, without bounds guards.
#ifndef BY_KEY_FULL_TILE
#define BY_KEY_FULL_TILE 0
#endif
#if BY_KEY_STORE != 0 && BY_KEY_STORE != 2
#error "BY_KEY_STORE must be 0 or 2"
#endif

__device__ __forceinline__ i64 by_key_shfl_up_count(i64 count, int delta) {
#if BY_KEY_SCAN_COUNT32
  return (i64)__shfl_up_sync(FULL_MASK, (int)count, delta);
#else
  return __shfl_up_sync(FULL_MASK, count, delta);
#endif
}

template <typename K, typename T>
struct ByKeyItems {
  static const int value = sizeof(K) == 4 && sizeof(T) == 4 ? BY_KEY_ITEMS_4 : BY_KEY_ITEMS_8;
};

// Runs begun so far and the value since the latest start (16 bytes for every T).
template <typename T>
struct RunPair {
  typedef T Value;
  i64 count;
  T value;
};

template <typename T>
__device__ __forceinline__ RunPair<T> run_pair(i64 count, T value) {
  RunPair<T> p;
  p.count = count;
  p.value = value;
  return p;
}

// The pair operator over Op (associative, not commutative).
template <typename Op>
struct RunOp {
  template <typename T>
  static __device__ __forceinline__ RunPair<T> apply(const RunPair<T>& a, const RunPair<T>& b) {
    return run_pair(a.count + b.count, b.count ? b.value : Op::apply(a.value, b.value));
  }
  template <typename P>
  static __device__ __forceinline__ P identity() {
    return run_pair<typename P::Value>(0, Op::template identity<typename P::Value>());
  }
};

// The look-back's warp reduction for pairs, in order (lane l holds tiles later than lane l + 1):
// lane 0 ends with the combination of all 32 lanes, farthest first. Declared before
// block_lookback.cuh so that its decoupled_lookback picks it for pairs.
template <typename Op, typename T>
__device__ __forceinline__ RunPair<T> warp_reduce(RunPair<T> value) {
  const int lane = threadIdx.x % WARP_SIZE;
#pragma unroll
  for (int offset = 1; offset < WARP_SIZE; offset <<= 1) {
    RunPair<T> later;
    later.count = __shfl_down_sync(FULL_MASK, value.count, offset);
    later.value = __shfl_down_sync(FULL_MASK, value.value, offset);
    if (lane + offset < WARP_SIZE) value = Op::apply(later, value);
  }
  return value;
}

#include "block_lookback.cuh"

// Tile states of pairs: one 16-byte word per tile, status in the low 2 bits of the first half with
// the count above it, the value's bits in the second half; one vector store and one vector load,
// as TileStates<T, 8>, and as far apart: tile i's word starts BY_KEY_STATE_WORDS * i words into
// state (the by-key pass has no tile counter), one 128-byte line a tile with block_lookback.cuh's
// LOOKBACK_STATE_BYTES. Packed at 16 bytes, neighbouring tiles' polls and stores met on the same
// lines: on an H100 the float scan-by-key of 2^28 took 1.27 ms packed, 1.19 ms at 32 bytes, 1.14
// ms at 128 (reduce-by-key 1.12 / 1.06 / 1.03 ms).
#define BY_KEY_STATE_WORDS LOOKBACK_STATE_WORDS(u64)
template <typename T>
struct TileStates<RunPair<T>, 16> {
  u64* words;
  __device__ explicit TileStates(unsigned* state) : words(reinterpret_cast<u64*>(state)) {}
  __device__ __forceinline__ void publish(unsigned tile, unsigned status, RunPair<T> pair) {
    u64 bits = 0;
    *reinterpret_cast<T*>(&bits) = pair.value;
    asm volatile("st.volatile.global.v2.u64 [%0], {%1, %2};" ::"l"(words + BY_KEY_STATE_WORDS * (u64)tile),
                 "l"(((u64)pair.count << 2) | status), "l"(bits)
                 : "memory");
  }
  // Waits for tile `tile` (earlier than the caller's) to publish. Tile b is block b, and a block
  // only waits on lower-numbered ones: this relies on the hardware dispatching blocks in index
  // order, so that every tile waited on has started (or finished) and the wait ends. CUB's
  // single-pass scans take blockIdx.x as the tile and rely on the same.
  __device__ __forceinline__ unsigned wait(long long tile, RunPair<T>& pair, unsigned delay_ns) {
    u64 head, bits;
    while (true) {
      asm volatile("ld.volatile.global.v2.u64 {%0, %1}, [%2];" : "=l"(head), "=l"(bits) : "l"(words + BY_KEY_STATE_WORDS * tile) : "memory");
      if ((head & 3) != STATUS_EMPTY) break;
      backoff(delay_ns);
    }
    pair.count = (i64)(head >> 2);
    pair.value = *reinterpret_cast<T*>(&bits);
    return (unsigned)(head & 3);
  }
};

// The by-key pass of block blockIdx.x over tile blockIdx.x of n keys and values. REDUCE: at the end of every run, its key
// to uniqueKeys and its value to out at the run's rank, and the number of runs to runs[0] (by the
// tile holding the last element). Otherwise the scan (inclusive, or exclusive when `exclusive`) of
// each run into out (which may be values). state: the tile states (16 bytes a tile), zero on
// entry; delay_ns paces the look-back's polling.
// FULL: the tile is whole (compiled without the bounds guards); staged and warp_total are the
// block's shared tile and warp totals (by_key_tile).
template <bool REDUCE, bool FULL, typename Op, typename K, typename T>
__device__ __forceinline__ void by_key_tile_of(const K* keys, const T* values, i64 n, K* uniqueKeys, T* out, i64* runs,
                                               int exclusive, unsigned* state, unsigned delay_ns,
                                               unsigned char* staged, RunPair<T>* warp_total) {
  const int ITEMS = ByKeyItems<K, T>::value;
  const int TILE = BY_KEY_THREADS * ITEMS;
  typedef RunOp<Op> P;
#if BY_KEY_LOAD != 1
  K* sk = reinterpret_cast<K*>(staged);
#endif
  T* sv = reinterpret_cast<T*>(staged);
  const unsigned tile = blockIdx.x;  // in dispatch order: see TileStates<RunPair<T>, 16>::wait
  const i64 base = (i64)tile * TILE;
  const i64 remaining = FULL || n - base >= TILE ? TILE : n - base;
  const int mine = threadIdx.x * ITEMS;
  const int count = remaining - mine < 0 ? 0 : (remaining - mine < ITEMS ? (int)(remaining - mine) : ITEMS);

#if BY_KEY_LOAD == 0
  // keys and values loaded together, striped (coalesced); keys through shared into registers,
  // blocked, with the neighbours' keys
  T striped[ITEMS];
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const int j = k * BY_KEY_THREADS + threadIdx.x;
    if (j < remaining) {
      sk[j] = keys[base + j];
      striped[k] = values[base + j];
    }
  }
  __syncthreads();
  K key[ITEMS];
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) key[k] = sk[mine + k];
  K before = key[0];
  bool hasBefore = false;
  if (count > 0) {
    if (threadIdx.x > 0) {
      before = sk[mine - 1];
      hasBefore = true;
    } else if (base > 0) {
      before = keys[base - 1];
      hasBefore = true;
    }
  }
  K after = key[ITEMS - 1];
  bool hasAfter = false;
  if (REDUCE && count == ITEMS) {
    if (mine + ITEMS < remaining) {
      after = sk[mine + ITEMS];
      hasAfter = true;
    } else if (base + TILE < n) {
      after = keys[base + TILE];
      hasAfter = true;
    }
  }
  __syncthreads();

  // then the values, the same way
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) sv[k * BY_KEY_THREADS + threadIdx.x] = striped[k];
  __syncthreads();
  T x[ITEMS];
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) x[k] = sv[mine + k];
#else
  K key[ITEMS];
  T x[ITEMS];
#if BY_KEY_LOAD == 1
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    key[k] = K();
    x[k] = T();
    if (k < count) {
      key[k] = keys[base + mine + k];
      x[k] = values[base + mine + k];
    }
  }
#else
  {
    const int slice = (threadIdx.x / WARP_SIZE) * WARP_SIZE * ITEMS;
    const int ln = threadIdx.x % WARP_SIZE;
    T striped[ITEMS];
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const int j = slice + k * WARP_SIZE + ln;
      if (j < remaining) {
        sk[j] = keys[base + j];
        striped[k] = values[base + j];
      }
    }
    __syncwarp();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) key[k] = sk[mine + k];
    __syncwarp();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) sv[slice + k * WARP_SIZE + ln] = striped[k];
    __syncwarp();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) x[k] = sv[mine + k];
  }
#endif
  // the neighbours' keys: shuffles within the warp, global loads across warps and tiles
  const K previous_last = __shfl_up_sync(FULL_MASK, key[ITEMS - 1], 1);
  const K next_first = __shfl_down_sync(FULL_MASK, key[0], 1);
  const bool first_lane = threadIdx.x % WARP_SIZE == 0, last_lane = threadIdx.x % WARP_SIZE == WARP_SIZE - 1;
  K before = key[0];
  bool hasBefore = false;
  if (count > 0 && base + mine > 0) {
    before = first_lane ? keys[base + mine - 1] : previous_last;
    hasBefore = true;
  }
  K after = key[ITEMS - 1];
  bool hasAfter = false;
  if (REDUCE && count == ITEMS && base + mine + ITEMS < n) {
    after = last_lane || mine + ITEMS >= remaining ? keys[base + mine + ITEMS] : next_first;
    hasAfter = true;
  }
#endif

  // run starts, and the thread's pair
  unsigned starts = 0;
  RunPair<T> acc = P::template identity<RunPair<T>>();
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    if (k < count) {
      const bool start = k == 0 ? !hasBefore || before != key[0] : key[k] != key[k - 1];
      if (start) {
        starts |= 1u << k;
        acc.count++;
        acc.value = x[k];
      } else {
        acc.value = Op::apply(acc.value, x[k]);
      }
    }
  }

  // exclusive scan of the pairs across the block
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / WARP_SIZE;
  RunPair<T> inclusive = acc;
#pragma unroll
  for (int d = 1; d < WARP_SIZE; d <<= 1) {
    RunPair<T> earlier;
    earlier.count = by_key_shfl_up_count(inclusive.count, d);
    earlier.value = __shfl_up_sync(FULL_MASK, inclusive.value, d);
    if (lane >= d) inclusive = P::apply(earlier, inclusive);
  }
  if (lane == WARP_SIZE - 1) warp_total[warp] = inclusive;
  __syncthreads();
  RunPair<T> warp_prefix = P::template identity<RunPair<T>>();
  RunPair<T> tile_total = warp_prefix;
#pragma unroll
  for (int w = 0; w < BY_KEY_WARPS; ++w) {
    if (w == warp) warp_prefix = tile_total;
    tile_total = P::apply(tile_total, warp_total[w]);
  }
  RunPair<T> exclusive_pair;
  exclusive_pair.count = by_key_shfl_up_count(inclusive.count, 1);
  exclusive_pair.value = __shfl_up_sync(FULL_MASK, inclusive.value, 1);
  if (lane == 0) exclusive_pair = P::template identity<RunPair<T>>();
  exclusive_pair = P::apply(warp_prefix, exclusive_pair);

  // everything before the tile, then this thread's running pair
  const RunPair<T> prefix = decoupled_lookback<P>(state, tile, tile_total, delay_ns, false, tile_total);
  RunPair<T> running = P::apply(prefix, exclusive_pair);

  if (REDUCE) {
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      if (k < count) {
        if (starts & (1u << k)) {
          running = run_pair(running.count + 1, x[k]);
        } else {
          running.value = Op::apply(running.value, x[k]);
        }
        const i64 i = base + mine + k;
        const bool end = k + 1 < ITEMS ? (k + 1 < count ? (starts >> (k + 1)) & 1 : i == n - 1 || key[k] != key[k + 1])
                                       : !hasAfter || after != key[k];
        if (end && i < n) {
          uniqueKeys[running.count - 1] = key[k];
          out[running.count - 1] = running.value;
          if (i == n - 1) runs[0] = running.count;
        }
      }
    }
  } else {
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      T v = x[k];
      if (starts & (1u << k)) {
        v = exclusive ? Op::template identity<T>() : x[k];
        running.value = x[k];
      } else {
        v = exclusive ? running.value : Op::apply(running.value, x[k]);
        running.value = Op::apply(running.value, x[k]);
      }
      x[k] = v;
    }
#if BY_KEY_STORE == 0
    __syncthreads();  // every thread has read its values from sv
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) sv[mine + k] = x[k];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const int j = k * BY_KEY_THREADS + threadIdx.x;
      if (j < remaining) out[base + j] = sv[j];
    }
#else
    // the warp's slice of sv holds only its own threads' values (read back before the scan)
    const int slice = (threadIdx.x / WARP_SIZE) * WARP_SIZE * ITEMS;
    const int ln = threadIdx.x % WARP_SIZE;
    __syncwarp();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) sv[mine + k] = x[k];
    __syncwarp();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const int j = slice + k * WARP_SIZE + ln;
      if (j < remaining) out[base + j] = sv[j];
    }
#endif
  }
}

template <bool REDUCE, typename Op, typename K, typename T>
__device__ void by_key_tile(const K* keys, const T* values, i64 n, K* uniqueKeys, T* out, i64* runs, int exclusive,
                            unsigned* state, unsigned delay_ns) {
  const int TILE = BY_KEY_THREADS * ByKeyItems<K, T>::value;
  __shared__ __align__(16) unsigned char staged[TILE * (sizeof(K) > sizeof(T) ? sizeof(K) : sizeof(T))];
  __shared__ RunPair<T> warp_total[BY_KEY_WARPS];
#if BY_KEY_FULL_TILE
  if ((i64)(blockIdx.x + 1) * TILE <= n) {
    by_key_tile_of<REDUCE, true, Op>(keys, values, n, uniqueKeys, out, runs, exclusive, state, delay_ns, staged,
                                     warp_total);
    return;
  }
#endif
  by_key_tile_of<REDUCE, false, Op>(keys, values, n, uniqueKeys, out, runs, exclusive, state, delay_ns, staged,
                                    warp_total);
}

// The entry points reduce_by_key_<KID>_<type>_<op> and scan_by_key_<KID>_<type>_<op> over keys of
// type K (KID int or long), compiled for MIN_BLOCKS blocks per SM, for the device/segment_*_by_key_*.cu
// entry files.
#define PRIMS_REDUCE_BY_KEY_ENTRY_OF(KID, K, MIN_BLOCKS, C, TID, OID, OP)                           \
  extern "C" __global__ void __launch_bounds__(BY_KEY_THREADS, MIN_BLOCKS) reduce_by_key_##KID##_##TID##_##OID( \
      const K* keys, const C* values, i64 n, K* uniqueKeys, C* out, i64* runs,                    \
      unsigned* state, unsigned delay_ns) {                                                       \
    by_key_tile<true, OP, K, C>(keys, values, n, uniqueKeys, out, runs, 0, state, delay_ns);       \
  }
#define PRIMS_SCAN_BY_KEY_ENTRY_OF(KID, K, MIN_BLOCKS, C, TID, OID, OP)                             \
  extern "C" __global__ void __launch_bounds__(BY_KEY_THREADS, MIN_BLOCKS) scan_by_key_##KID##_##TID##_##OID(   \
      const K* keys, const C* values, i64 n, C* out, int exclusive, unsigned* state,              \
      unsigned delay_ns) {                                                                        \
    by_key_tile<false, OP, K, C>(keys, values, n, nullptr, out, nullptr, exclusive, state,         \
                                 delay_ns);                                                       \
  }
