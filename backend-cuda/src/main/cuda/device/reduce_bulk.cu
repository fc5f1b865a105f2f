// prims-ptx-arch: compute_90
// Reduce with Hopper bulk copies: each block streams tiles of BULK_STAGE_BYTES (tile k of block b
// is tile b + k * gridDim.x of the input) into BULK_STAGES shared-memory stages with cp.async.bulk,
// so the copy engine keeps whole tiles in flight while the threads add up the stage that has
// arrived; the elements after the last whole tile are read directly. The last block to finish
// combines the per-block partials (counter is zero on entry and reset to zero on exit). Launch
// with BULK_STAGES * BULK_STAGE_BYTES bytes of dynamic shared memory; the input must be 16-byte
// aligned.
#include "../common.cuh"
#include "../block/block_bulk_copy.cuh"
#include "../block/block_grid_total.cuh"

template <typename Op, typename T>
__device__ void reduce_bulk(const T* input, i64 n, T* partials, unsigned* counter, T* result) {
  extern __shared__ __align__(128) unsigned char stages[];
  __shared__ __align__(8) unsigned long long arrived[BULK_STAGES];
  typedef typename Vec<T>::type V;
  const int W = Vec<T>::width;
  const i64 tile_elements = BULK_STAGE_BYTES / sizeof(T);
  const i64 tiles = n / tile_elements;
  const i64 mine = tiles > blockIdx.x ? (tiles - 1 - blockIdx.x) / gridDim.x + 1 : 0;
  if (threadIdx.x == 0) {
#pragma unroll
    for (int s = 0; s < BULK_STAGES; ++s) mbarrier_init(&arrived[s]);
    mbarrier_init_fence();
    for (int s = 0; s < BULK_STAGES && s < mine; ++s) {
      bulk_copy_to_shared(stages + s * BULK_STAGE_BYTES, input + (blockIdx.x + (i64)s * gridDim.x) * tile_elements,
                          BULK_STAGE_BYTES, &arrived[s]);
    }
  }
  __syncthreads();
  T acc[W];
#pragma unroll
  for (int w = 0; w < W; ++w) acc[w] = Op::template identity<T>();
  for (i64 k = 0; k < mine; ++k) {
    const int s = (int)(k % BULK_STAGES);
    mbarrier_wait(&arrived[s], (unsigned)(k / BULK_STAGES) & 1u);
    const V* tile = reinterpret_cast<const V*>(stages + s * BULK_STAGE_BYTES);
#pragma unroll
    for (int j = 0; j < BULK_STAGE_BYTES / 16 / BLOCK_SIZE; ++j) {
      const V v = tile[j * BLOCK_SIZE + threadIdx.x];
#pragma unroll
      for (int w = 0; w < W; ++w) acc[w] = Op::apply(acc[w], vec_lane(v, w));
    }
    __syncthreads();
    if (threadIdx.x == 0 && k + BULK_STAGES < mine) {
      fence_async_shared();
      bulk_copy_to_shared(stages + s * BULK_STAGE_BYTES,
                          input + (blockIdx.x + (k + BULK_STAGES) * gridDim.x) * tile_elements, BULK_STAGE_BYTES,
                          &arrived[s]);
    }
  }
  const i64 stride = (i64)gridDim.x * BLOCK_SIZE;
  for (i64 i = tiles * tile_elements + (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += stride) {
    acc[0] = Op::apply(acc[0], input[i]);
  }
  T v = acc[0];
#pragma unroll
  for (int w = 1; w < W; ++w) v = Op::apply(v, acc[w]);
  grid_total<Op>(v, partials, counter, result);
}

#define PRIMS_REDUCE_BULK_ENTRY(C, TID, OPID, OP)                                                  \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) reduce_bulk_##TID##_##OPID(             \
      const C* input, i64 n, C* partials, unsigned* counter, C* result) {                          \
    reduce_bulk<OP, C>(input, n, partials, counter, result);                                       \
  }

PRIMS_FOR_EACH_TYPE_OP(PRIMS_REDUCE_BULK_ENTRY)
