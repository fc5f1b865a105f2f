// Arg-min / arg-max entry points: the first extreme element and its index in one launch, in the
// order of dev.prims.spi.ArgOrder, on the keys of block_arg_reduce.cuh. Threads sweep the input with 16-byte vector loads,
// REDUCE_UNROLL in flight, keeping their first best element (their indices only grow); blocks
// reduce their threads' (key, index) pairs, and the last block to finish reduces the blocks' pairs
// and writes the winner's index (i64) and the element itself (at byte 8) to result (counter is zero
// on entry and reset to zero on exit). Twin of backend-opencl's argreduce.cl.
#include "../common.cuh"
// Override for tools/cuda-experiments/build-arg-segment-variants.sh (nvcc -D): vector loads in
// flight per thread; unset, common.cuh's REDUCE_UNROLL stands.
#ifdef ARG_UNROLL
#undef REDUCE_UNROLL
#define REDUCE_UNROLL ARG_UNROLL
#endif
#include "../block/arg_grid_finish.cuh"

template <typename T, bool MIN>
__device__ void arg_reduce(const T* input, i64 n, i64* partial_keys, i64* partial_index,
                           unsigned* counter, i64* result) {
  typedef typename Vec<T>::type V;
  typedef typename ArgKey<T>::type K;
  const int W = Vec<T>::width;
  const K flip = MIN ? (K)-1 : (K)0;
  const K lowest = arg_lowest<K>();
  const V* vectors = reinterpret_cast<const V*>(input);
  const i64 vector_count = n / W;
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  K best = lowest;
  i64 best_index = ARG_NONE;
  i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  // Main sweep: only the greatest key of each step of REDUCE_UNROLL vectors and the first step
  // that reached the thread's greatest; that step is read again afterwards for its first element
  // holding the key (one extra step per thread, where a per-element index would cost every step).
  i64 best_step = ARG_NONE;
  for (; i + (REDUCE_UNROLL - 1) * stride < vector_count; i += REDUCE_UNROLL * stride) {
    V loaded[REDUCE_UNROLL];
#pragma unroll
    for (int u = 0; u < REDUCE_UNROLL; ++u) loaded[u] = __ldg(vectors + i + u * stride);
    K step_best = ArgKey<T>::of(vec_lane(loaded[0], 0), flip);
#pragma unroll
    for (int u = 0; u < REDUCE_UNROLL; ++u) {
#pragma unroll
      for (int w = 0; w < W; ++w) step_best = max(step_best, ArgKey<T>::of(vec_lane(loaded[u], w), flip));
    }
    arg_keep_first(step_best, i, best, best_step);
  }
  if (best_step != ARG_NONE) {
    bool found = false;
#pragma unroll
    for (int u = 0; u < REDUCE_UNROLL; ++u) {
      const V again = __ldg(vectors + best_step + u * stride);
#pragma unroll
      for (int w = 0; w < W; ++w) {
        if (!found && ArgKey<T>::of(vec_lane(again, w), flip) == best) {
          found = true;
          best_index = (best_step + u * stride) * W + w;
        }
      }
    }
  }
  for (; i < vector_count; i += stride) {
    const V loaded = __ldg(vectors + i);
#pragma unroll
    for (int w = 0; w < W; ++w) arg_keep_first(ArgKey<T>::of(vec_lane(loaded, w), flip), i * W + w, best, best_index);
  }
  const i64 tail = vector_count * W + (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (tail < n) arg_keep_first(ArgKey<T>::of(input[tail], flip), tail, best, best_index);
  arg_grid_finish<T, K>(input, best, best_index, lowest, partial_keys, partial_index, counter, result);
}

#define PRIMS_ARG_ENTRIES(C, TID) PRIMS_ARG_ENTRIES_OF(arg_reduce, _, C, TID)

PRIMS_FOR_EACH_TYPE(PRIMS_ARG_ENTRIES)
