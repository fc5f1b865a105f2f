// Reduce-by-key in one pass (block_by_key.cuh) over int keys, for every (value type, operator)
// pair: unique keys, run reductions and the run count.
#include "../common.cuh"
// Direct blocked loads (block_by_key.cuh's BY_KEY_LOAD 1): 1.10x CUB ReduceByKey at 2^24 and 2^28
// against 1.03x with the block-striped loads the scan keeps (H100 race, 2026-11-26).
#ifndef BY_KEY_LOAD
#define BY_KEY_LOAD 1
#endif
#include "../block/block_by_key.cuh"

#define PRIMS_REDUCE_BY_KEY_ENTRY(C, TID, OID, OP) PRIMS_REDUCE_BY_KEY_ENTRY_OF(int, int, BY_KEY_MIN_BLOCKS(C), C, TID, OID, OP)

PRIMS_FOR_EACH_TYPE_OP(PRIMS_REDUCE_BY_KEY_ENTRY)
