// Segmented arg-min / arg-max entry points (block_segment_arg.cuh): one thread per short segment,
// one block per long one, for every type, operator (min, max) and offset type (int, long).
#include "../common.cuh"
#include "../block/block_segment_arg.cuh"

#define PRIMS_SEG_ARG_ENTRY(NAME, C, TID, OID, MIN, OFF, OFFID)                                    \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) NAME##_##TID##_##OID##_##OFFID(         \
      const C* values, const OFF* offsets, i64 segments, C* out_values, i64* out_index) {          \
    NAME<C, MIN, OFF>(values, offsets, segments, out_values, out_index);                          \
  }

#define PRIMS_SEG_ARG_ENTRIES(C, TID)                                                              \
  PRIMS_SEG_ARG_ENTRY(seg_arg_threads, C, TID, min, true, int, int)                                \
  PRIMS_SEG_ARG_ENTRY(seg_arg_threads, C, TID, max, false, int, int)                               \
  PRIMS_SEG_ARG_ENTRY(seg_arg_threads, C, TID, min, true, i64, long)                               \
  PRIMS_SEG_ARG_ENTRY(seg_arg_threads, C, TID, max, false, i64, long)                              \
  PRIMS_SEG_ARG_ENTRY(seg_arg_blocks, C, TID, min, true, int, int)                                 \
  PRIMS_SEG_ARG_ENTRY(seg_arg_blocks, C, TID, max, false, int, int)                                \
  PRIMS_SEG_ARG_ENTRY(seg_arg_blocks, C, TID, min, true, i64, long)                                \
  PRIMS_SEG_ARG_ENTRY(seg_arg_blocks, C, TID, max, false, i64, long)

PRIMS_FOR_EACH_TYPE(PRIMS_SEG_ARG_ENTRIES)
