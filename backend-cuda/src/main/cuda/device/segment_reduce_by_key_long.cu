// Reduce-by-key in one pass (block_by_key.cuh) over long keys, for every (value type, operator)
// pair: unique keys, run reductions and the run count.
#include "../common.cuh"
#include "../block/block_by_key.cuh"

// Long keys hold two registers an item: at BY_KEY_MIN_BLOCKS (4 blocks per SM for 4-byte values, 3
// for 8-byte ones) ptxas spilled 4 to 12 bytes in 16 of the 22 kernels (sm_90, 2026-11-26); one
// block fewer per SM keeps every kernel free of spills.
#define BY_KEY_LONG_MIN_BLOCKS(T) (sizeof(T) == 8 ? 2 : 3)

#define PRIMS_REDUCE_BY_KEY_ENTRY(C, TID, OID, OP) PRIMS_REDUCE_BY_KEY_ENTRY_OF(long, i64, BY_KEY_LONG_MIN_BLOCKS(C), C, TID, OID, OP)

PRIMS_FOR_EACH_TYPE_OP(PRIMS_REDUCE_BY_KEY_ENTRY)
