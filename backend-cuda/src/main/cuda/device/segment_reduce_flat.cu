// Segmented reduce held in registers (block_segment_flat.cuh): the tile bounds and the tile pass;
// the identity of empty segments and the fix-up of segments that cross tiles are segment_reduce.cu's.
// A unit of its own so that each PTX stays under the size CudaPtxFreshnessTest allows.
#include "../common.cuh"
#include "../block/block_segment_flat.cuh"

#define PRIMS_SEG_FLAT_ENTRY(C, TID, OID, OP, OFF, OFFID)                                             \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_flat_reduce_##TID##_##OID##_##OFFID(   \
      const C* values, const OFF* offsets, const i64* bounds, i64 n, C* out, C* tileHead,             \
      i64* headSeg, C* tileTail, i64* tailSeg) {                                                      \
    seg_flat_reduce<C, OP, OFF>(values, offsets, bounds, n, out, tileHead, headSeg, tileTail,         \
                                tailSeg);                                                             \
  }

#define PRIMS_SEG_FLAT_INT_OFFSETS(C, TID, OID, OP) PRIMS_SEG_FLAT_ENTRY(C, TID, OID, OP, int, int)
#define PRIMS_SEG_FLAT_LONG_OFFSETS(C, TID, OID, OP) PRIMS_SEG_FLAT_ENTRY(C, TID, OID, OP, i64, long)

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SEG_FLAT_INT_OFFSETS)
PRIMS_FOR_EACH_TYPE_OP(PRIMS_SEG_FLAT_LONG_OFFSETS)

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_flat_bounds_int(const int* offsets, i64 segments, i64 n,
                                                                             i64* bounds) {
  seg_flat_bounds<int>(offsets, segments, n, bounds);
}
extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_flat_bounds_long(const i64* offsets, i64 segments, i64 n,
                                                                              i64* bounds) {
  seg_flat_bounds<i64>(offsets, segments, n, bounds);
}
