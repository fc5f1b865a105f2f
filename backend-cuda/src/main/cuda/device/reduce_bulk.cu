// prims-ptx-arch: compute_90
// Reduce with Hopper bulk copies: each block streams its tiles of the input through shared-memory
// stages (block_bulk_tiles.cuh), so the copy engine keeps whole tiles in flight while the threads
// add up the stage that has arrived; the elements after the last whole tile are read directly.
// The last block to finish combines the per-block partials (counter is zero on entry and reset to
// zero on exit). Launch with BULK_STAGES * BULK_STAGE_BYTES bytes of dynamic shared memory; the
// input must be 16-byte aligned.
#include "../common.cuh"
#include "../block/block_bulk_tiles.cuh"
#include "../block/block_grid_total.cuh"

template <typename Op, typename T>
__device__ void reduce_bulk(const T* input, i64 n, T* partials, unsigned* counter, T* result) {
  const int W = Vec<T>::width;
  T acc[W];
#pragma unroll
  for (int w = 0; w < W; ++w) acc[w] = Op::template identity<T>();
  for_each_bulk_element(input, n, [&](int w, T x) { acc[w] = Op::apply(acc[w], x); });
  grid_total_of_lanes<Op>(acc, partials, counter, result);
}

#define PRIMS_REDUCE_BULK_ENTRY(C, TID, OPID, OP)                                                  \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) reduce_bulk_##TID##_##OPID(             \
      const C* input, i64 n, C* partials, unsigned* counter, C* result) {                          \
    reduce_bulk<OP, C>(input, n, partials, counter, result);                                       \
  }

PRIMS_FOR_EACH_TYPE_OP(PRIMS_REDUCE_BULK_ENTRY)
