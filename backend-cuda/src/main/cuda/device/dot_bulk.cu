// prims-ptx-arch: compute_90
// Dot product with Hopper bulk copies: each block streams its tiles of both inputs through
// shared-memory stages (block_bulk_tiles.cuh, half a stage per input) and multiplies the stage that
// has arrived; the elements after the last whole tile are read directly. Each product is rounded
// before it is added (no fused multiply-add), integers wrap like Java; the last block to finish
// combines the per-block partials (counter is zero on entry and reset to zero on exit). Launch with
// BULK_STAGES * BULK_STAGE_BYTES bytes of dynamic shared memory; the inputs must be 16-byte aligned.
#include "../common.cuh"
#include "../block/block_bulk_tiles.cuh"
#include "../block/block_grid_total.cuh"

template <typename T>
__device__ void dot_bulk(const T* a, const T* b, i64 n, T* partials, unsigned* counter, T* result) {
  typedef typename Vec<T>::type V;
  const int W = Vec<T>::width;
  const int PER_THREAD = BULK_STAGE_BYTES / 2 / 16 / BLOCK_SIZE;
  T acc[W];
#pragma unroll
  for (int w = 0; w < W; ++w) acc[w] = (T)0;
  const T* const inputs[2] = {a, b};
  const i64 rest = for_each_bulk_tile<2>(inputs, n, [&](const unsigned char* const (&tiles)[2]) {
    const V* ta = reinterpret_cast<const V*>(tiles[0]);
    const V* tb = reinterpret_cast<const V*>(tiles[1]);
#pragma unroll
    for (int j = 0; j < PER_THREAD; ++j) {
      const V x = ta[j * BLOCK_SIZE + threadIdx.x], y = tb[j * BLOCK_SIZE + threadIdx.x];
#pragma unroll
      for (int w = 0; w < W; ++w) acc[w] = mul_add(acc[w], vec_lane(x, w), vec_lane(y, w));
    }
  });
  for (i64 i = rest + (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += (i64)gridDim.x * BLOCK_SIZE) {
    acc[0] = mul_add(acc[0], a[i], b[i]);
  }
  grid_total_of_lanes<OpSum>(acc, partials, counter, result);
}

#define PRIMS_DOT_BULK_ENTRY(C, TID) PRIMS_DOT_ENTRY_OF(dot_bulk, C, TID)

PRIMS_FOR_EACH_TYPE(PRIMS_DOT_BULK_ENTRY)
