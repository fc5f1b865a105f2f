// Scan entry points: single-pass decoupled look-back (Merrill & Garland 2016), reduce-then-scan,
// and the per-block Hillis-Steele and Blelloch scans (the driver scans the block totals
// recursively and adds them back with scan_add_offsets). `exclusive` selects the scan kind; input
// and output may be the same buffer.
#include "../common.cuh"
#include "../warp/warp_reduce.cuh"
#include "../warp/warp_scan.cuh"
#include "../block/block_reduce.cuh"
#include "../block/block_scan.cuh"
#include "../block/block_tile_scan.cuh"

// Tile status in the look-back: nothing yet, the tile's own total, or its inclusive prefix.
#define STATUS_EMPTY 0
#define STATUS_AGGREGATE 1
#define STATUS_PREFIX 2

template <typename T, int ITEMS = ScanItems<T>::value>
__device__ __forceinline__ T* tile_shared() {
  __shared__ T data[BLOCK_SIZE * ITEMS];
  return data;
}

// Where the look-back publishes and reads tile states. For 4-byte types the status and the value
// share one 64-bit word (one store, one load, no fence); 8-byte types store the value, fence, and
// then the status flag. state[0] is the tile counter; the words start at state + 2.
template <typename T, bool PACKED = sizeof(T) == 4>
struct TileStates;

// Pause between polls of a tile state that is not ready, so that spinning warps do not flood L2.
__device__ __forceinline__ void backoff(unsigned delay_ns) {
#if __CUDA_ARCH__ >= 700
  if (delay_ns) __nanosleep(delay_ns);
#endif
}

template <typename T>
struct TileStates<T, true> {
  volatile u64* words;
  __device__ TileStates(unsigned* state, T*, T*) : words(reinterpret_cast<volatile u64*>(state + 2)) {}
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
struct TileStates<T, false> {
  volatile unsigned* flags;
  T* aggregates;
  T* prefixes;
  __device__ TileStates(unsigned* state, T* aggregates, T* prefixes)
      : flags(state + 2), aggregates(aggregates), prefixes(prefixes) {}
  __device__ __forceinline__ void publish(unsigned tile, unsigned status, T value) {
    (status == STATUS_PREFIX ? prefixes : aggregates)[tile] = value;
    __threadfence();
    flags[tile] = status;
  }
  __device__ __forceinline__ unsigned wait(long long tile, T& value, unsigned delay_ns) {
    unsigned flag = flags[tile];
    while (flag == STATUS_EMPTY) {
      backoff(delay_ns);
      flag = flags[tile];
    }
    __threadfence();
    value = load_coherent((flag == STATUS_PREFIX ? prefixes : aggregates) + tile);
    return flag;
  }
};

// Decoupled look-back. The tile counter and states are zero on entry; aggregates and prefixes
// (used by 8-byte types) hold each tile's total and inclusive prefix; delay_ns paces the polling.
template <typename Op, typename T, int ITEMS = ScanItems<T>::value>
__device__ void scan_decoupled_lookback(const T* input, T* output, i64 n, int exclusive, unsigned* state, T* aggregates,
                                        T* prefixes, unsigned delay_ns) {
  T* shared = tile_shared<T, ITEMS>();
  __shared__ unsigned tile_id;
  __shared__ T tile_prefix;
  if (threadIdx.x == 0) tile_id = atomicAdd(state, 1u);
  __syncthreads();
  const unsigned tile = tile_id;
  TileStates<T> states(state, aggregates, prefixes);
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

// Reduce-then-scan, pass 1: block b reduces tiles [b * tiles_per_block, (b+1) * tiles_per_block).
template <typename Op, typename T>
__device__ void scan_rts_reduce(const T* input, i64 n, i64 tiles_per_block, T* block_totals) {
  const i64 tile = BLOCK_SIZE * ScanItems<T>::value;
  const i64 begin = (i64)blockIdx.x * tiles_per_block * tile;
  i64 end = begin + tiles_per_block * tile;
  if (end > n) end = n;
  T v = Op::template identity<T>();
  for (i64 i = begin + threadIdx.x; i < end; i += BLOCK_SIZE) v = Op::apply(v, input[i]);
  v = block_reduce<Op>(v);
  if (threadIdx.x == 0) block_totals[blockIdx.x] = v;
}

// Reduce-then-scan, pass 2: one block scans the block totals into exclusive prefixes, in place.
template <typename Op, typename T>
__device__ void scan_rts_spine(T* block_totals, i64 count) {
  __shared__ T carry;
  T running = Op::template identity<T>();
  for (i64 chunk = 0; chunk < count; chunk += BLOCK_SIZE) {
    const i64 i = chunk + threadIdx.x;
    T v = i < count ? block_totals[i] : Op::template identity<T>();
    T total;
    T excl = block_exclusive_scan<Op>(v, total);
    if (i < count) block_totals[i] = chunk == 0 && threadIdx.x == 0 ? running : Op::apply(running, excl);
    running = chunk == 0 ? total : Op::apply(running, total);
  }
  (void)carry;
}

// Reduce-then-scan, pass 3: block b scans its tiles in order, seeded with its exclusive prefix.
template <typename Op, typename T>
__device__ void scan_rts_downsweep(const T* input, T* output, i64 n, int exclusive, i64 tiles_per_block,
                                   const T* block_prefixes) {
  T* shared = tile_shared<T>();
  T prefix = block_prefixes[blockIdx.x];
  bool has_prefix = blockIdx.x != 0;
  for (i64 t = 0; t < tiles_per_block; ++t) {
    const i64 base = ((i64)blockIdx.x * tiles_per_block + t) * (BLOCK_SIZE * ScanItems<T>::value);
    if (base >= n) break;
    TileScan<Op, T> scan;
    scan.load(input, base, n, shared);
    scan.store(output, base, n, prefix, has_prefix, exclusive, shared);
    prefix = has_prefix ? Op::apply(prefix, scan.tile_total) : scan.tile_total;
    has_prefix = true;
  }
}

// Hillis-Steele: BLOCK_SIZE elements per block, log2(BLOCK_SIZE) steps over a double buffer.
template <typename Op, typename T>
__device__ void scan_hillis_steele(const T* input, T* output, i64 n, int exclusive, T* block_totals) {
  __shared__ T buffer[2][BLOCK_SIZE];
  const unsigned tid = threadIdx.x;
  const i64 i = (i64)blockIdx.x * BLOCK_SIZE + tid;
  const T x = i < n ? input[i] : Op::template identity<T>();
  int current = 0;
  buffer[current][tid] = x;
  __syncthreads();
  for (unsigned offset = 1; offset < BLOCK_SIZE; offset <<= 1) {
    const int next = 1 - current;
    buffer[next][tid] = tid >= offset ? Op::apply(buffer[current][tid - offset], buffer[current][tid]) : buffer[current][tid];
    current = next;
    __syncthreads();
  }
  if (i < n) {
    output[i] = exclusive ? (tid == 0 ? Op::template identity<T>() : buffer[current][tid - 1]) : buffer[current][tid];
  }
  if (tid == BLOCK_SIZE - 1) block_totals[blockIdx.x] = buffer[current][tid];
}

// Blelloch: 2 * BLOCK_SIZE elements per block, work-efficient up-sweep and down-sweep.
template <typename Op, typename T>
__device__ void scan_blelloch(const T* input, T* output, i64 n, int exclusive, T* block_totals) {
  __shared__ T tree[2 * BLOCK_SIZE];
  const unsigned tid = threadIdx.x;
  const i64 base = (i64)blockIdx.x * (2 * BLOCK_SIZE);
  const i64 a = base + tid, b = base + tid + BLOCK_SIZE;
  const T xa = a < n ? input[a] : Op::template identity<T>();
  const T xb = b < n ? input[b] : Op::template identity<T>();
  tree[tid] = xa;
  tree[tid + BLOCK_SIZE] = xb;
  unsigned offset = 1;
  for (unsigned d = BLOCK_SIZE; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      const unsigned left = offset * (2 * tid + 1) - 1, right = offset * (2 * tid + 2) - 1;
      tree[right] = Op::apply(tree[left], tree[right]);
    }
    offset <<= 1;
  }
  __syncthreads();
  if (tid == 0) {
    block_totals[blockIdx.x] = tree[2 * BLOCK_SIZE - 1];
    tree[2 * BLOCK_SIZE - 1] = Op::template identity<T>();
  }
  for (unsigned d = 1; d < 2 * BLOCK_SIZE; d <<= 1) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      const unsigned left = offset * (2 * tid + 1) - 1, right = offset * (2 * tid + 2) - 1;
      const T t = tree[left];
      tree[left] = tree[right];
      tree[right] = Op::apply(tree[right], t);
    }
  }
  __syncthreads();
  if (a < n) output[a] = exclusive ? tree[tid] : (tid == 0 ? xa : Op::apply(tree[tid], xa));
  if (b < n) output[b] = exclusive ? tree[tid + BLOCK_SIZE] : Op::apply(tree[tid + BLOCK_SIZE], xb);
}

// Combines each element after the exclusive prefix of its block (block = per_block elements).
template <typename Op, typename T>
__device__ void scan_add_offsets(T* output, i64 n, i64 per_block, const T* offsets) {
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  for (i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += stride) {
    const i64 block = i / per_block;
    if (block != 0) output[i] = Op::apply(offsets[block], output[i]);
  }
}

#define PRIMS_SCAN_ENTRIES(C, TID, OPID, OP)                                                           \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) scan_decoupled_lookback_##TID##_##OPID(     \
      const C* input, C* output, i64 n, int exclusive, unsigned* state, C* aggregates, C* prefixes,      \
      unsigned delay_ns) {                                                                             \
    scan_decoupled_lookback<OP, C>(input, output, n, exclusive, state, aggregates, prefixes, delay_ns); \
  }                                                                                                    \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) scan_rts_reduce_##TID##_##OPID(             \
      const C* input, i64 n, i64 tiles_per_block, C* block_totals) {                                   \
    scan_rts_reduce<OP, C>(input, n, tiles_per_block, block_totals);                                   \
  }                                                                                                    \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) scan_rts_spine_##TID##_##OPID(              \
      C* block_totals, i64 count) {                                                                    \
    scan_rts_spine<OP, C>(block_totals, count);                                                        \
  }                                                                                                    \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) scan_rts_downsweep_##TID##_##OPID(          \
      const C* input, C* output, i64 n, int exclusive, i64 tiles_per_block, const C* block_prefixes) { \
    scan_rts_downsweep<OP, C>(input, output, n, exclusive, tiles_per_block, block_prefixes);           \
  }                                                                                                    \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) scan_hillis_steele_##TID##_##OPID(          \
      const C* input, C* output, i64 n, int exclusive, C* block_totals) {                              \
    scan_hillis_steele<OP, C>(input, output, n, exclusive, block_totals);                              \
  }                                                                                                    \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) scan_blelloch_##TID##_##OPID(               \
      const C* input, C* output, i64 n, int exclusive, C* block_totals) {                              \
    scan_blelloch<OP, C>(input, output, n, exclusive, block_totals);                                   \
  }                                                                                                    \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) scan_add_offsets_##TID##_##OPID(            \
      C* output, i64 n, i64 per_block, const C* offsets) {                                             \
    scan_add_offsets<OP, C>(output, n, per_block, offsets);                                            \
  }

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SCAN_ENTRIES)
