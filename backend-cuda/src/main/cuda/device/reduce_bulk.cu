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
  typedef typename Vec<T>::type V;
  const int W = Vec<T>::width;
  const int PER_THREAD = BULK_STAGE_BYTES / 16 / BLOCK_SIZE;
  T acc[W];
#pragma unroll
  for (int w = 0; w < W; ++w) acc[w] = Op::template identity<T>();
  const T* const inputs[1] = {input};
  const i64 rest = for_each_bulk_tile<1>(inputs, n, [&](const unsigned char* const (&tiles)[1]) {
    const V* tile = reinterpret_cast<const V*>(tiles[0]);
#pragma unroll
    for (int j = 0; j < PER_THREAD; ++j) {
      const V v = tile[j * BLOCK_SIZE + threadIdx.x];
#pragma unroll
      for (int w = 0; w < W; ++w) acc[w] = Op::apply(acc[w], vec_lane(v, w));
    }
  });
  for (i64 i = rest + (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += (i64)gridDim.x * BLOCK_SIZE) {
    acc[0] = Op::apply(acc[0], input[i]);
  }
  grid_total_of_lanes<Op>(acc, partials, counter, result);
}

#define PRIMS_REDUCE_BULK_ENTRY(C, TID, OPID, OP)                                                  \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) reduce_bulk_##TID##_##OPID(             \
      const C* input, i64 n, C* partials, unsigned* counter, C* result) {                          \
    reduce_bulk<OP, C>(input, n, partials, counter, result);                                       \
  }

PRIMS_FOR_EACH_TYPE_OP(PRIMS_REDUCE_BULK_ENTRY)
