// Segmented reduce with one block per segment (block_segment_blocks.cuh): the chunk and segment
// blocks, and the joins of the segments longer than SEG_BLOCK_MAX, in one launch.
#include "../common.cuh"
// Overrides for tools/cuda-experiments/build-arg-segment-variants.sh (nvcc -D): vector loads in
// flight per thread (common.cuh's REDUCE_UNROLL) and the blocks per SM the segment kernel is
// compiled for; SEG_BLOCK_MAX (block_segment_blocks.cuh) may be set the same way.
#ifdef SEG_BLOCK_UNROLL
#undef REDUCE_UNROLL
#define REDUCE_UNROLL SEG_BLOCK_UNROLL
#endif
#ifndef SEG_BLOCK_MIN_BLOCKS
#define SEG_BLOCK_MIN_BLOCKS 8
#endif
#include "../block/block_segment_blocks.cuh"

#define PRIMS_SEG_BLOCK_ENTRIES(C, TID, OID, OP, OFF, OFFID)                                          \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE, SEG_BLOCK_MIN_BLOCKS) seg_block_reduce_##TID##_##OID##_##OFFID(  \
      const C* values, const OFF* offsets, i64 segments, i64 n, i64 chunks, C* out, C* tileHead,      \
      C* tileTail, unsigned* arrivals) {                                                              \
    seg_block_reduce<C, OP, OFF>(values, offsets, segments, n, chunks, out, tileHead, tileTail,       \
                                 arrivals);                                                           \
  }

#define PRIMS_SEG_BLOCK_INT_OFFSETS(C, TID, OID, OP) PRIMS_SEG_BLOCK_ENTRIES(C, TID, OID, OP, int, int)
#define PRIMS_SEG_BLOCK_LONG_OFFSETS(C, TID, OID, OP) PRIMS_SEG_BLOCK_ENTRIES(C, TID, OID, OP, i64, long)

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SEG_BLOCK_INT_OFFSETS)
PRIMS_FOR_EACH_TYPE_OP(PRIMS_SEG_BLOCK_LONG_OFFSETS)
