// Scan entry points of reduce-then-scan: a fixed grid reduces contiguous runs of tiles, one block
// scans the run totals, and the grid scans its tiles again seeded with those prefixes. `exclusive`
// selects the scan kind; input and output may be the same buffer.
#include "../common.cuh"
#include "../block/block_reduce.cuh"
#include "../block/block_scan.cuh"
#include "../block/block_tile_scan.cuh"

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

#define PRIMS_SCAN_RTS_ENTRIES(C, TID, OPID, OP)                                                       \
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
  }

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SCAN_RTS_ENTRIES)
