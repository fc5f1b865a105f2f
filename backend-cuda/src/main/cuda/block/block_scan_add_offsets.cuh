// Adds the block totals back after a per-block scan (Hillis-Steele, Blelloch): the driver scans
// the totals of the blocks recursively into exclusive offsets and this grid-stride pass combines
// each element after the offset of its block.
#pragma once
#include "../common.cuh"

// Combines each element after the exclusive prefix of its block (block = per_block elements).
template <typename Op, typename T>
__device__ void scan_add_offsets(T* output, i64 n, i64 per_block, const T* offsets) {
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  for (i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += stride) {
    const i64 block = i / per_block;
    if (block != 0) output[i] = Op::apply(offsets[block], output[i]);
  }
}

// The entry point scan_add_offsets_<type>_<op>, for the entry files of the per-block scans.
#define PRIMS_SCAN_ADD_OFFSETS_ENTRY(C, TID, OPID, OP)                                                 \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) scan_add_offsets_##TID##_##OPID(            \
      C* output, i64 n, i64 per_block, const C* offsets) {                                             \
    scan_add_offsets<OP, C>(output, n, per_block, offsets);                                            \
  }

// The entry points of a per-block scan NAME<OP, C> (scan_blelloch, scan_hillis_steele):
// NAME_<type>_<op>, which scans each block and writes the block totals, and its
// scan_add_offsets_<type>_<op>.
#define PRIMS_SCAN_BLOCKS_ENTRIES(NAME, C, TID, OPID, OP)                                              \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) NAME##_##TID##_##OPID(                      \
      const C* input, C* output, i64 n, int exclusive, C* block_totals) {                              \
    NAME<OP, C>(input, output, n, exclusive, block_totals);                                            \
  }                                                                                                    \
  PRIMS_SCAN_ADD_OFFSETS_ENTRY(C, TID, OPID, OP)
