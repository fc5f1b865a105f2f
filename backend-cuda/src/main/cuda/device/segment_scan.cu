// Segmented scan entry points (block_segment.cuh): per-tile totals, the spine of tile carries, and
// the tile scans. Twin of the OpenCL segment.cl.
#include "../common.cuh"
#include "../block/block_segment.cuh"

#define PRIMS_SEG_SCAN_ENTRIES(C, TID, OID, OP, OFF, OFFID)                                           \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_scan_totals_##TID##_##OID##_##OFFID(   \
      const C* values, const OFF* offsets, i64 segments, i64 n, int* tileFlag, C* tileAgg) {          \
    seg_scan_totals<C, OP, OFF>(values, offsets, segments, n, tileFlag, tileAgg);                     \
  }                                                                                                   \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_scan_tiles_##TID##_##OID##_##OFFID(    \
      const C* values, const OFF* offsets, i64 segments, i64 n, const C* tileCarry, C* out,           \
      int exclusive) {                                                                                \
    seg_scan_tiles<C, OP, OFF>(values, offsets, segments, n, tileCarry, out, exclusive);              \
  }

#define PRIMS_SEG_SPINE_ENTRY(C, TID, OID, OP)                                                        \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_scan_spine_##TID##_##OID(              \
      const int* tileFlag, const C* tileAgg, i64 tiles, C* carry) {                                   \
    seg_scan_spine<C, OP>(tileFlag, tileAgg, tiles, carry);                                           \
  }

#define PRIMS_SEG_SCAN_INT_OFFSETS(C, TID, OID, OP) PRIMS_SEG_SCAN_ENTRIES(C, TID, OID, OP, int, int)
#define PRIMS_SEG_SCAN_LONG_OFFSETS(C, TID, OID, OP) PRIMS_SEG_SCAN_ENTRIES(C, TID, OID, OP, i64, long)

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SEG_SCAN_INT_OFFSETS)
PRIMS_FOR_EACH_TYPE_OP(PRIMS_SEG_SCAN_LONG_OFFSETS)
PRIMS_FOR_EACH_TYPE_OP(PRIMS_SEG_SPINE_ENTRY)
