// Scan-by-key in one pass (block_by_key.cuh) over long keys, for every (value type, operator)
// pair: inclusive, or exclusive when `exclusive`; out may be the values.
#include "../common.cuh"
#include "../block/block_by_key.cuh"

#define PRIMS_SCAN_BY_KEY_ENTRY(C, TID, OID, OP) PRIMS_SCAN_BY_KEY_ENTRY_OF(long, i64, BY_KEY_MIN_BLOCKS(int), C, TID, OID, OP)

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SCAN_BY_KEY_ENTRY)
