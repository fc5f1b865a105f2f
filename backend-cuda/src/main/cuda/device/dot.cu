// Dot product entry points: vectorised single pass. Each product is rounded before it is added
// (no fused multiply-add), integers wrap like Java; the last block to finish combines the
// per-block partials (counter is zero on entry and reset to zero on exit).
#include "../common.cuh"
#include "../warp/warp_reduce.cuh"
#include "../block/block_grid_total.cuh"

template <typename T>
__device__ void dot_vectorized(const T* a, const T* b, i64 n, T* partials, unsigned* counter, T* result) {
  typedef typename Vec<T>::type V;
  const int W = Vec<T>::width;
  const V* va = reinterpret_cast<const V*>(a);
  const V* vb = reinterpret_cast<const V*>(b);
  const i64 vector_count = n / W;
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  T acc[W];
#pragma unroll
  for (int w = 0; w < W; ++w) acc[w] = (T)0;
  i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  for (; i + (REDUCE_UNROLL - 1) * stride < vector_count; i += REDUCE_UNROLL * stride) {
    V xa[REDUCE_UNROLL], xb[REDUCE_UNROLL];
#pragma unroll
    for (int u = 0; u < REDUCE_UNROLL; ++u) {
      xa[u] = __ldg(va + i + u * stride);
      xb[u] = __ldg(vb + i + u * stride);
    }
#pragma unroll
    for (int u = 0; u < REDUCE_UNROLL; ++u) {
#pragma unroll
      for (int w = 0; w < W; ++w) acc[w] = mul_add(acc[w], vec_lane(xa[u], w), vec_lane(xb[u], w));
    }
  }
  for (; i < vector_count; i += stride) {
    const V xa = __ldg(va + i), xb = __ldg(vb + i);
#pragma unroll
    for (int w = 0; w < W; ++w) acc[w] = mul_add(acc[w], vec_lane(xa, w), vec_lane(xb, w));
  }
  const i64 tail = vector_count * W + (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (tail < n) acc[0] = mul_add(acc[0], a[tail], b[tail]);
  grid_total_of_lanes<OpSum>(acc, partials, counter, result);
}

#define PRIMS_DOT_ENTRY(C, TID) PRIMS_DOT_ENTRY_OF(dot_vectorized, C, TID)

PRIMS_FOR_EACH_TYPE(PRIMS_DOT_ENTRY)
