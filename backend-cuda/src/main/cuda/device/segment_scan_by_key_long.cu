// Scan-by-key in one pass (block_by_key.cuh) over long keys, for every (value type, operator)
// pair: inclusive, or exclusive when `exclusive`; out may be the values.
#include "../common.cuh"
#include "../block/block_by_key.cuh"

#define PRIMS_SCAN_BY_KEY_ENTRY(C, TID, OID, OP)                                                    \
  extern "C" __global__ void __launch_bounds__(BY_KEY_THREADS, BY_KEY_MIN_BLOCKS(int)) scan_by_key_long_##TID##_##OID(            \
      const i64* keys, const C* values, i64 n, C* out, int exclusive, unsigned* state,              \
      unsigned delay_ns) {                                                                        \
    by_key_tile<false, OP, i64, C>(keys, values, n, nullptr, out, nullptr, exclusive, state,         \
                                   delay_ns);                                                     \
  }

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SCAN_BY_KEY_ENTRY)
