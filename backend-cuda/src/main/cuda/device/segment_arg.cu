// Segmented arg-min / arg-max entry points (block_segment_arg.cuh), for every type, operator (min,
// max) and offset type (int, long): the flat pass with its empty-segment and fix-up kernels (the
// tile bounds are segment_reduce_flat.cu's seg_flat_bounds; their results go through the values,
// the winners and their indices, in place of the reduce's out), and the thread- and
// block-per-segment kernels of long segments.
#include "../common.cuh"
#include "../block/block_segment_arg.cuh"

#define PRIMS_SEG_ARG_ENTRY(NAME, C, TID, OID, MIN, OFF, OFFID)                                    \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) NAME##_##TID##_##OID##_##OFFID(         \
      const C* values, const OFF* offsets, i64 segments, C* out_values, i64* out_index) {          \
    NAME<C, MIN, OFF>(values, offsets, segments, out_values, out_index);                          \
  }

#define PRIMS_SEG_ARG_FLAT(C, TID, OID, MIN, OFF, OFFID)                                           \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_arg_flat_##TID##_##OID##_##OFFID(   \
      const C* values, const OFF* offsets, const i64* bounds, i64 n, const C* source, C* out_values, \
      i64* out_index, ArgPair<ArgKey<C>::type>* tileHead, i64* headSeg,                             \
      ArgPair<ArgKey<C>::type>* tileTail, i64* tailSeg) {                                           \
    const SegArgOut<C, MIN> out = {source, out_values, out_index};                                 \
    seg_flat_reduce<C, OpArg, OFF>(values, offsets, bounds, n, out, tileHead, headSeg, tileTail,   \
                                   tailSeg);                                                       \
  }                                                                                                \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_arg_empty_##TID##_##OID##_##OFFID(  \
      const OFF* offsets, i64 segments, const C* values, C* out_values, i64* out_index) {          \
    const SegArgOut<C, MIN> out = {values, out_values, out_index};                                 \
    seg_reduce_empty<ArgPair<ArgKey<C>::type>, OpArg, OFF>(offsets, segments, out);                \
  }

#define PRIMS_SEG_ARG_FIXUP(C, TID, OID, MIN)                                                      \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) seg_arg_fixup_##TID##_##OID(            \
      const C* values, C* out_values, i64* out_index, const ArgPair<ArgKey<C>::type>* tileHead,     \
      const i64* headSeg, const ArgPair<ArgKey<C>::type>* tileTail, const i64* tailSeg,             \
      i64 tiles) {                                                                                 \
    const SegArgOut<C, MIN> out = {values, out_values, out_index};                                 \
    seg_reduce_fixup<ArgPair<ArgKey<C>::type>, OpArg>(out, tileHead, headSeg, tileTail, tailSeg,   \
                                                      tiles);                                      \
  }

#define PRIMS_SEG_ARG_ENTRIES(C, TID)                                                              \
  PRIMS_SEG_ARG_FLAT(C, TID, min, true, int, int)                                                  \
  PRIMS_SEG_ARG_FLAT(C, TID, max, false, int, int)                                                 \
  PRIMS_SEG_ARG_FLAT(C, TID, min, true, i64, long)                                                 \
  PRIMS_SEG_ARG_FLAT(C, TID, max, false, i64, long)                                                \
  PRIMS_SEG_ARG_FIXUP(C, TID, min, true)                                                           \
  PRIMS_SEG_ARG_FIXUP(C, TID, max, false)                                                          \
  PRIMS_SEG_ARG_ENTRY(seg_arg_threads, C, TID, min, true, int, int)                                \
  PRIMS_SEG_ARG_ENTRY(seg_arg_threads, C, TID, max, false, int, int)                               \
  PRIMS_SEG_ARG_ENTRY(seg_arg_threads, C, TID, min, true, i64, long)                               \
  PRIMS_SEG_ARG_ENTRY(seg_arg_threads, C, TID, max, false, i64, long)                              \
  PRIMS_SEG_ARG_ENTRY(seg_arg_blocks, C, TID, min, true, int, int)                                 \
  PRIMS_SEG_ARG_ENTRY(seg_arg_blocks, C, TID, max, false, int, int)                                \
  PRIMS_SEG_ARG_ENTRY(seg_arg_blocks, C, TID, min, true, i64, long)                                \
  PRIMS_SEG_ARG_ENTRY(seg_arg_blocks, C, TID, max, false, i64, long)

PRIMS_FOR_EACH_TYPE(PRIMS_SEG_ARG_ENTRIES)
