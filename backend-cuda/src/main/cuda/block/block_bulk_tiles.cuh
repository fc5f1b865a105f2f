// A block's share of whole tiles of one or more equally long arrays, streamed through
// BULK_STAGES shared-memory stages with bulk copies: while the threads work on the stage that has
// arrived, the copies of the next ones are in flight. Tile k of block b is tile b + k * gridDim.x;
// a stage holds the same tile of every input, BULK_STAGE_BYTES / INPUTS bytes each. Needs
// BULK_STAGES * BULK_STAGE_BYTES bytes of dynamic shared memory and 16-byte aligned inputs.
#pragma once
#include "../common.cuh"
#include "block_bulk_copy.cuh"

// Elements of T per input in one tile.
template <int INPUTS, typename T>
__device__ __forceinline__ i64 bulk_tile_elements() {
  return BULK_STAGE_BYTES / INPUTS / (i64)sizeof(T);
}

// Calls visit(tiles) on every thread of the block for each of the block's tiles, where tiles[a]
// points to input a's tile in shared memory (BULK_STAGE_BYTES / INPUTS bytes, 16-byte aligned).
// Returns the index of the first element after the last whole tile of the grid, from which the
// caller reads the rest directly. Every thread of the block must call it.
template <int INPUTS, typename T, typename Visit>
__device__ __forceinline__ i64 for_each_bulk_tile(const T* const (&inputs)[INPUTS], i64 n, Visit visit) {
  extern __shared__ __align__(128) unsigned char stages[];
  __shared__ __align__(8) unsigned long long arrived[BULK_STAGES];
  const unsigned tile_bytes = BULK_STAGE_BYTES / INPUTS;
  const i64 tile_elements = bulk_tile_elements<INPUTS, T>();
  const i64 tiles = n / tile_elements;
  const i64 mine = tiles > blockIdx.x ? (tiles - 1 - blockIdx.x) / gridDim.x + 1 : 0;
  auto issue = [&](int stage, i64 k) {
    const i64 first = ((i64)blockIdx.x + k * gridDim.x) * tile_elements;
    mbarrier_expect_bytes(&arrived[stage], tile_bytes * INPUTS);
#pragma unroll
    for (int a = 0; a < INPUTS; ++a) {
      bulk_copy_to_shared(stages + stage * BULK_STAGE_BYTES + a * tile_bytes, inputs[a] + first, tile_bytes,
                          &arrived[stage]);
    }
  };
  if (threadIdx.x == 0) {
#pragma unroll
    for (int s = 0; s < BULK_STAGES; ++s) mbarrier_init(&arrived[s]);
    mbarrier_init_fence();
    for (int s = 0; s < BULK_STAGES && s < mine; ++s) issue(s, s);
  }
  __syncthreads();
  for (i64 k = 0; k < mine; ++k) {
    const int s = (int)(k % BULK_STAGES);
    mbarrier_wait(&arrived[s], (unsigned)(k / BULK_STAGES) & 1u);
    const unsigned char* tiles_of_stage[INPUTS];
#pragma unroll
    for (int a = 0; a < INPUTS; ++a) tiles_of_stage[a] = stages + s * BULK_STAGE_BYTES + a * tile_bytes;
    visit(tiles_of_stage);
    __syncthreads();
    if (threadIdx.x == 0 && k + BULK_STAGES < mine) {
      fence_async_shared();
      issue(s, k + BULK_STAGES);
    }
  }
  return tiles * tile_elements;
}

// Calls add(w, x) for every element x of this block's share of one input: those of its whole tiles
// through the stages, x in lane w of the thread's 16-byte vectors, then those after the grid's last
// whole tile read directly (w = 0). Every thread of the block must call it.
template <typename T, typename Add>
__device__ __forceinline__ void for_each_bulk_element(const T* input, i64 n, Add add) {
  typedef typename Vec<T>::type V;
  const int W = Vec<T>::width;
  const int PER_THREAD = BULK_STAGE_BYTES / 16 / BLOCK_SIZE;
  const T* const inputs[1] = {input};
  const i64 rest = for_each_bulk_tile<1>(inputs, n, [&](const unsigned char* const (&tiles)[1]) {
    const V* tile = reinterpret_cast<const V*>(tiles[0]);
#pragma unroll
    for (int j = 0; j < PER_THREAD; ++j) {
      const V v = tile[j * BLOCK_SIZE + threadIdx.x];
#pragma unroll
      for (int w = 0; w < W; ++w) add(w, vec_lane(v, w));
    }
  });
  for (i64 i = rest + (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += (i64)gridDim.x * BLOCK_SIZE) {
    add(0, input[i]);
  }
}
