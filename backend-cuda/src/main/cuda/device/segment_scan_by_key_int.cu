// Scan-by-key in one pass (block_by_key.cuh) over int keys, for every (value type, operator)
// pair: inclusive, or exclusive when `exclusive`; out may be the values.
#include "../common.cuh"
// Larger tiles than reduce-by-key's: on an H100 (tools/cuda-experiments/arg_segment_race.cu,
// 2026-11-26) 23 items at two blocks per SM ran the float scan of 2^28 in 1.29 ms against 1.45 ms
// with 15 items at four, where reduce-by-key is fastest with 15. CudaSegmentPolicy mirrors them.
#ifndef BY_KEY_ITEMS_4
#define BY_KEY_ITEMS_4 23
#endif
#ifndef BY_KEY_MIN_BLOCKS_4
#define BY_KEY_MIN_BLOCKS_4 2
#endif
#include "../block/block_by_key.cuh"

#define PRIMS_SCAN_BY_KEY_ENTRY(C, TID, OID, OP)                                                    \
  extern "C" __global__ void __launch_bounds__(BY_KEY_THREADS, BY_KEY_MIN_BLOCKS(int)) scan_by_key_int_##TID##_##OID(            \
      const int* keys, const C* values, i64 n, C* out, int exclusive, unsigned* state,              \
      unsigned delay_ns) {                                                                        \
    by_key_tile<false, OP, int, C>(keys, values, n, nullptr, out, nullptr, exclusive, state,         \
                                   delay_ns);                                                     \
  }

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SCAN_BY_KEY_ENTRY)
