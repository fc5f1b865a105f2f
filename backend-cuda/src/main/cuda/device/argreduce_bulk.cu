// prims-ptx-arch: compute_90
// Arg-min / arg-max with Hopper bulk copies: each block streams its tiles of the input through
// shared-memory stages (block_bulk_tiles.cuh); per tile a thread keeps only the greatest key of its
// vectors and the first tile that reached its greatest, whose vectors it reads again from global
// memory at the end for the first element holding the key. The elements after the last whole
// tile are read directly; the last block to finish writes the winner (arg_grid_finish.cuh). Launch with
// BULK_STAGES * BULK_STAGE_BYTES bytes of dynamic shared memory; the input must be 16-byte aligned.
#include "../common.cuh"
// Three stages of common.cuh's BULK_STAGE_BYTES, one block per SM (CudaArgReducer mirrors both): on
// an H100 (tools/cuda-experiments/arg_segment_race.cu, 2026-11-26) 1.02x CUB's ArgMax at 2^28 and
// 1.08-1.10x at 2^24, where reduce's two stages and three blocks per SM gave 0.97x and 0.90x. The
// overrides are for tools/cuda-experiments/build-arg-segment-variants.sh (nvcc -D).
#ifndef ARG_BULK_STAGES
#define ARG_BULK_STAGES 3
#endif
#undef BULK_STAGES
#define BULK_STAGES ARG_BULK_STAGES
#ifdef ARG_BULK_STAGE_BYTES
#undef BULK_STAGE_BYTES
#define BULK_STAGE_BYTES ARG_BULK_STAGE_BYTES
#endif
#ifdef ARG_BLOCK_SIZE
#undef BLOCK_SIZE
#define BLOCK_SIZE ARG_BLOCK_SIZE
#endif
#include "../block/arg_grid_finish.cuh"
#include "../block/block_bulk_tiles.cuh"

template <typename T, bool MIN>
__device__ void arg_reduce_bulk(const T* input, i64 n, i64* partial_keys, i64* partial_index, unsigned* counter,
                                i64* result) {
  typedef typename Vec<T>::type V;
  typedef typename ArgKey<T>::type K;
  const int W = Vec<T>::width;
  const int PER_THREAD = BULK_STAGE_BYTES / 16 / BLOCK_SIZE;
  const K flip = MIN ? (K)-1 : (K)0;
  const K lowest = arg_lowest<K>();
  const i64 tile_vectors = BULK_STAGE_BYTES / 16;
  K best = lowest;
  i64 best_tile = ARG_NONE;  // the block's tile number k (tile blockIdx.x + k * gridDim.x)
  i64 k = 0;
  const T* const inputs[1] = {input};
  const i64 rest = for_each_bulk_tile<1>(inputs, n, [&](const unsigned char* const (&tiles)[1]) {
    const V* tile = reinterpret_cast<const V*>(tiles[0]);
    K tile_best = ArgKey<T>::of(vec_lane(tile[threadIdx.x], 0), flip);
#pragma unroll
    for (int j = 0; j < PER_THREAD; ++j) {
      const V v = tile[j * BLOCK_SIZE + threadIdx.x];
#pragma unroll
      for (int w = 0; w < W; ++w) tile_best = max(tile_best, ArgKey<T>::of(vec_lane(v, w), flip));
    }
    arg_keep_first(tile_best, k, best, best_tile);
    ++k;
  });
  i64 best_index = ARG_NONE;
  if (best_tile != ARG_NONE) {
    const V* vectors = reinterpret_cast<const V*>(input) + ((i64)blockIdx.x + best_tile * gridDim.x) * tile_vectors;
    bool found = false;
#pragma unroll
    for (int j = 0; j < PER_THREAD; ++j) {
      const i64 at = j * BLOCK_SIZE + threadIdx.x;
      const V again = __ldg(vectors + at);
#pragma unroll
      for (int w = 0; w < W; ++w) {
        if (!found && ArgKey<T>::of(vec_lane(again, w), flip) == best) {
          found = true;
          best_index = (((i64)blockIdx.x + best_tile * gridDim.x) * tile_vectors + at) * W + w;
        }
      }
    }
  }
  for (i64 i = rest + (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += (i64)gridDim.x * BLOCK_SIZE) {
    arg_keep_first(ArgKey<T>::of(input[i], flip), i, best, best_index);
  }
  arg_grid_finish<T, K>(input, best, best_index, lowest, partial_keys, partial_index, counter, result);
}

#define PRIMS_ARG_BULK_ENTRIES(C, TID) PRIMS_ARG_ENTRIES_OF(arg_reduce_bulk, _bulk_, C, TID)

PRIMS_FOR_EACH_TYPE(PRIMS_ARG_BULK_ENTRIES)
