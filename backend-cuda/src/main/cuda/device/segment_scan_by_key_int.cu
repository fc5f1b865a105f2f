// Scan-by-key in one pass (block_by_key.cuh) over int keys, for every (value type, operator)
// pair: inclusive, or exclusive when `exclusive`; out may be the values.
#include "../common.cuh"
// Larger tiles than reduce-by-key's: on an H100 (tools/cuda-experiments/arg_segment_race.cu,
// 2026-11-26) 23 items at two blocks per SM ran the float scan of 2^28 in 1.29 ms against 1.45 ms
// with 15 items at four, where reduce-by-key is fastest with 15; 8-byte values 13 items at four
// blocks per SM (64 registers): the double scan of 2^28 in 1.87 ms against 2.08 ms with 11 items at
// the 4-byte entries' two (1.89-1.98 ms with 15-19 items at three or four). CudaSegmentPolicy
// mirrors them.
#ifndef BY_KEY_ITEMS_4
#define BY_KEY_ITEMS_4 23
#endif
#ifndef BY_KEY_ITEMS_8
#define BY_KEY_ITEMS_8 13
#endif
#ifndef BY_KEY_MIN_BLOCKS_4
#define BY_KEY_MIN_BLOCKS_4 2
#endif
#ifndef SCAN_BY_KEY_MIN_BLOCKS_8
#define SCAN_BY_KEY_MIN_BLOCKS_8 4
#endif
#include "../block/block_by_key.cuh"
#define SCAN_BY_KEY_MIN_BLOCKS(C) (sizeof(C) == 8 ? SCAN_BY_KEY_MIN_BLOCKS_8 : BY_KEY_MIN_BLOCKS_4)

#define PRIMS_SCAN_BY_KEY_ENTRY(C, TID, OID, OP) PRIMS_SCAN_BY_KEY_ENTRY_OF(int, int, SCAN_BY_KEY_MIN_BLOCKS(C), C, TID, OID, OP)

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SCAN_BY_KEY_ENTRY)
