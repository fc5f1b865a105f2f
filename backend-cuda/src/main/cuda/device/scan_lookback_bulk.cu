// prims-ptx-arch: compute_90
// Scan entry points of the decoupled look-back (block_lookback.cuh) with Hopper bulk copies: a
// whole tile arrives in shared memory with one cp.async.bulk (completed through an mbarrier) and
// its results leave with one bulk store, instead of coalesced loads and stores by every thread;
// the last, partial tile takes the ordinary path. `exclusive` selects the scan kind; input and
// output may be the same buffer, and both must be 16-byte aligned. With has_carry, carry comes
// before the first element (a scan that continues an earlier one).
#include "../common.cuh"
#include "../block/block_bulk_copy.cuh"
#include "../block/block_tile_scan.cuh"
#include "../block/block_lookback.cuh"

template <typename Op, typename T, int ITEMS = ScanItems<T>::value>
__device__ void scan_lookback_bulk(const T* input, T* output, i64 n, int exclusive, unsigned* state,
                                   unsigned delay_ns, int has_carry, T carry) {
  const i64 tile_elements = BLOCK_SIZE * ITEMS;
  const unsigned tile_bytes = BLOCK_SIZE * ITEMS * sizeof(T);
  T* shared = tile_shared<T, ITEMS>();
  __shared__ unsigned tile_id;
  __shared__ __align__(8) unsigned long long arrived;
  if (threadIdx.x == 0) {
    const unsigned tile = atomicAdd(state, 1u);
    tile_id = tile;
    const i64 first = (i64)tile * tile_elements;
    if (n - first >= tile_elements) {
      mbarrier_init(&arrived);
      mbarrier_init_fence();
      mbarrier_expect_bytes(&arrived, tile_bytes);
      bulk_copy_to_shared(shared, input + first, tile_bytes, &arrived);
    }
  }
  __syncthreads();
  const unsigned tile = tile_id;
  const i64 base = (i64)tile * tile_elements;
  const bool whole = n - base >= tile_elements;
  TileScan<Op, T, ITEMS> scan;
  if (whole) {
    mbarrier_wait(&arrived, 0);
  } else {
    scan.load_striped(input, base, n, shared);
  }
  scan.scan_loaded(shared);
  const T prefix = decoupled_lookback<Op>(state, tile, scan.tile_total, delay_ns, has_carry, carry);
  const bool has_prefix = tile != 0 || has_carry;
  if (whole) {
    scan.write_results(prefix, has_prefix, exclusive, shared);
    fence_async_shared();
    __syncthreads();
    if (threadIdx.x == 0) bulk_copy_to_global(output + base, shared, tile_bytes);
  } else {
    scan.store(output, base, n, prefix, has_prefix, exclusive, shared);
  }
}

#define PRIMS_SCAN_LOOKBACK_BULK_ENTRIES(C, TID, OPID, OP) PRIMS_SCAN_LOOKBACK_ENTRY_OF(scan_lookback_bulk, C, TID, OPID, OP)

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SCAN_LOOKBACK_BULK_ENTRIES)
