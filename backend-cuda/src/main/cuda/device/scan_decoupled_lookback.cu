// Scan entry points of the single-pass decoupled look-back (Merrill & Garland 2016), the default
// scan before Hopper: one launch, each tile waits for its predecessors' prefixes
// (block_lookback.cuh). `exclusive` selects the scan kind; input and output may be the same buffer.
// With has_carry, carry comes before the first element (a scan that continues an earlier one).
#include "../common.cuh"
#include "../block/block_tile_scan.cuh"
#include "../block/block_lookback.cuh"

// Decoupled look-back. The tile counter and states are zero on entry; delay_ns paces the polling.
template <typename Op, typename T, int ITEMS = ScanItems<T>::value>
__device__ void scan_decoupled_lookback(const T* input, T* output, i64 n, int exclusive, unsigned* state,
                                        unsigned delay_ns, int has_carry, T carry) {
  T* shared = tile_shared<T, ITEMS>();
  __shared__ unsigned tile_id;
  if (threadIdx.x == 0) tile_id = atomicAdd(state, 1u);
  __syncthreads();
  const unsigned tile = tile_id;
  const i64 base = (i64)tile * (BLOCK_SIZE * ITEMS);
  TileScan<Op, T, ITEMS> scan;
  scan.load(input, base, n, shared);
  const T prefix = decoupled_lookback<Op>(state, tile, scan.tile_total, delay_ns, has_carry, carry);
  scan.store(output, base, n, prefix, tile != 0 || has_carry, exclusive, shared);
}

#define PRIMS_SCAN_LOOKBACK_ENTRIES(C, TID, OPID, OP) PRIMS_SCAN_LOOKBACK_ENTRY_OF(scan_decoupled_lookback, C, TID, OPID, OP)

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SCAN_LOOKBACK_ENTRIES)

