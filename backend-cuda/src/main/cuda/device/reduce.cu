// Reduce entry points: M. Harris' seven kernels ("Optimizing Parallel Reduction in CUDA"), a
// warp-shuffle kernel, and a vectorised single-pass kernel. The multi-pass kernels write one
// partial per block; the driver launches them again over the partials until one value is left.
#include "../common.cuh"
#include "../warp/warp_reduce.cuh"
#include "../block/block_reduce.cuh"
#include "../block/block_grid_total.cuh"

// Shared scratch for the Harris kernels, one element per thread.
template <typename T>
__device__ __forceinline__ T* harris_shared() {
  __shared__ T data[BLOCK_SIZE];
  return data;
}

// The start of kernels 1-3: each thread's element (the identity past the end) in shared scratch.
template <typename Op, typename T>
__device__ __forceinline__ T* harris_load(const T* input, i64 n) {
  T* data = harris_shared<T>();
  const i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  data[threadIdx.x] = i < n ? input[i] : Op::template identity<T>();
  __syncthreads();
  return data;
}

// Sequential addressing: the lower half of the threads still active combines the upper half in,
// the stride halving from BLOCK_SIZE / 2 while it is above stop.
template <typename Op, typename T>
__device__ __forceinline__ void sequential_steps(T* data, unsigned tid, unsigned stop) {
  for (unsigned s = BLOCK_SIZE / 2; s > stop; s >>= 1) {
    if (tid < s) data[tid] = Op::apply(data[tid], data[tid + s]);
    __syncthreads();
  }
}

// 1. Interleaved addressing with a divergent branch (tid % (2*s) == 0).
template <typename Op, typename T>
__device__ void reduce_interleaved_divergent(const T* input, T* output, i64 n) {
  T* data = harris_load<Op>(input, n);
  const unsigned tid = threadIdx.x;
  for (unsigned s = 1; s < BLOCK_SIZE; s *= 2) {
    if (tid % (2 * s) == 0) data[tid] = Op::apply(data[tid], data[tid + s]);
    __syncthreads();
  }
  if (tid == 0) output[blockIdx.x] = data[0];
}

// 2. Interleaved addressing with a strided index and no divergence (but bank conflicts).
template <typename Op, typename T>
__device__ void reduce_interleaved_strided(const T* input, T* output, i64 n) {
  T* data = harris_load<Op>(input, n);
  const unsigned tid = threadIdx.x;
  for (unsigned s = 1; s < BLOCK_SIZE; s *= 2) {
    unsigned index = 2 * s * tid;
    if (index < BLOCK_SIZE) data[index] = Op::apply(data[index], data[index + s]);
    __syncthreads();
  }
  if (tid == 0) output[blockIdx.x] = data[0];
}

// 3. Sequential addressing: conflict-free, half the threads idle from the first step.
template <typename Op, typename T>
__device__ void reduce_sequential(const T* input, T* output, i64 n) {
  T* data = harris_load<Op>(input, n);
  const unsigned tid = threadIdx.x;
  sequential_steps<Op>(data, tid, 0);
  if (tid == 0) output[blockIdx.x] = data[0];
}

// The start of kernels 4-6: two elements per thread (BLOCK_SIZE apart), combined on the way into
// shared scratch.
template <typename Op, typename T>
__device__ __forceinline__ T* first_add_load(const T* input, i64 n) {
  T* data = harris_shared<T>();
  const i64 i = (i64)blockIdx.x * (2 * BLOCK_SIZE) + threadIdx.x;
  T v = i < n ? input[i] : Op::template identity<T>();
  if (i + BLOCK_SIZE < n) v = Op::apply(v, input[i + BLOCK_SIZE]);
  data[threadIdx.x] = v;
  __syncthreads();
  return data;
}

// The last warp's steps, synchronised with __syncwarp (warp-synchronous code without it is unsafe
// since Volta's independent thread scheduling).
template <typename Op, typename T>
__device__ __forceinline__ void last_warp(T* data, unsigned tid) {
  T v = data[tid];
#pragma unroll
  for (unsigned s = WARP_SIZE; s > 0; s >>= 1) {
    v = Op::apply(v, data[tid + s]);
    __syncwarp();
    data[tid] = v;
    __syncwarp();
  }
}

// 4. First add during load: each block covers 2 * BLOCK_SIZE elements.
template <typename Op, typename T>
__device__ void reduce_first_add(const T* input, T* output, i64 n) {
  T* data = first_add_load<Op>(input, n);
  const unsigned tid = threadIdx.x;
  sequential_steps<Op>(data, tid, 0);
  if (tid == 0) output[blockIdx.x] = data[0];
}

// 5. Unrolled last warp: the loop stops at 64 and one warp finishes without block barriers.
template <typename Op, typename T>
__device__ void reduce_unroll_last_warp(const T* input, T* output, i64 n) {
  T* data = first_add_load<Op>(input, n);
  const unsigned tid = threadIdx.x;
  sequential_steps<Op>(data, tid, WARP_SIZE);
  if (tid < WARP_SIZE) last_warp<Op>(data, tid);
  if (tid == 0) output[blockIdx.x] = data[0];
}

// The tree of kernels 6 and 7, completely unrolled for the compile-time BLOCK_SIZE.
template <typename Op, typename T>
__device__ __forceinline__ void unrolled_tree(T* data, unsigned tid) {
  if (BLOCK_SIZE >= 1024) { if (tid < 512) data[tid] = Op::apply(data[tid], data[tid + 512]); __syncthreads(); }
  if (BLOCK_SIZE >= 512) { if (tid < 256) data[tid] = Op::apply(data[tid], data[tid + 256]); __syncthreads(); }
  if (BLOCK_SIZE >= 256) { if (tid < 128) data[tid] = Op::apply(data[tid], data[tid + 128]); __syncthreads(); }
  if (BLOCK_SIZE >= 128) { if (tid < 64) data[tid] = Op::apply(data[tid], data[tid + 64]); __syncthreads(); }
  if (tid < WARP_SIZE) last_warp<Op>(data, tid);
}

// 6. Complete unroll: the block size is a compile-time constant, every loop is unrolled.
template <typename Op, typename T>
__device__ void reduce_complete_unroll(const T* input, T* output, i64 n) {
  T* data = first_add_load<Op>(input, n);
  const unsigned tid = threadIdx.x;
  unrolled_tree<Op>(data, tid);
  if (tid == 0) output[blockIdx.x] = data[0];
}

// 7. Multiple elements per thread: a grid-stride loop over pairs, then the unrolled tree.
template <typename Op, typename T>
__device__ void reduce_multi_element(const T* input, T* output, i64 n) {
  T* data = harris_shared<T>();
  const unsigned tid = threadIdx.x;
  const i64 grid_size = (i64)2 * BLOCK_SIZE * gridDim.x;
  T v = Op::template identity<T>();
  for (i64 i = (i64)blockIdx.x * (2 * BLOCK_SIZE) + tid; i < n; i += grid_size) {
    v = Op::apply(v, input[i]);
    if (i + BLOCK_SIZE < n) v = Op::apply(v, input[i + BLOCK_SIZE]);
  }
  data[tid] = v;
  __syncthreads();
  unrolled_tree<Op>(data, tid);
  if (tid == 0) output[blockIdx.x] = data[0];
}

// Warp shuffle: grid-stride accumulation, then a shuffle-based block reduction (no shared tree).
template <typename Op, typename T>
__device__ void reduce_shuffle(const T* input, T* output, i64 n) {
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  T v = Op::template identity<T>();
  for (i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += stride) v = Op::apply(v, input[i]);
  v = block_reduce<Op>(v);
  if (threadIdx.x == 0) output[blockIdx.x] = v;
}

// Vectorised single pass: 16-byte loads, REDUCE_UNROLL loads in flight per thread, one
// accumulator per vector lane, a shuffle block reduction, and the last block to finish combines
// the per-block partials (counter is zero on entry and reset to zero on exit). With chunk == 0
// the blocks stride over the whole input together; with chunk > 0 (vectors, a multiple of
// BLOCK_SIZE * REDUCE_UNROLL) block b reads the contiguous vectors [b * chunk, (b + 1) * chunk).
template <typename Op, typename T>
__device__ void reduce_vectorized(const T* input, i64 n, i64 chunk, T* partials, unsigned* counter, T* result) {
  typedef typename Vec<T>::type V;
  const int W = Vec<T>::width;
  const V* vectors = reinterpret_cast<const V*>(input);
  i64 vector_count = (i64)(n / W);
  i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (chunk > 0) {
    const i64 begin = (i64)blockIdx.x * (i64)chunk;
    const i64 end = begin + (i64)chunk;
    vectors += begin;
    vector_count = begin >= vector_count ? 0 : (end < vector_count ? (i64)chunk : vector_count - begin);
    stride = BLOCK_SIZE;
    i = threadIdx.x;
  }
  T acc[W];
#pragma unroll
  for (int w = 0; w < W; ++w) acc[w] = Op::template identity<T>();
  sweep_vectors<T>(vectors, i, vector_count, stride, [&](int w, T x) { acc[w] = Op::apply(acc[w], x); });
  const i64 tail = (n / W) * W + (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (tail < n) acc[0] = Op::apply(acc[0], input[tail]);
  grid_total_of_lanes<Op>(acc, partials, counter, result);
}

#define PRIMS_REDUCE_MULTI_PASS(VARIANT, C, TID, OPID, OP)                                       \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE)                                       \
      reduce_##VARIANT##_##TID##_##OPID(const C* input, C* output, i64 n) {                       \
    reduce_##VARIANT<OP, C>(input, output, n);                                                   \
  }

#define PRIMS_REDUCE_ENTRIES(C, TID, OPID, OP)                                                   \
  PRIMS_REDUCE_MULTI_PASS(interleaved_divergent, C, TID, OPID, OP)                               \
  PRIMS_REDUCE_MULTI_PASS(interleaved_strided, C, TID, OPID, OP)                                 \
  PRIMS_REDUCE_MULTI_PASS(sequential, C, TID, OPID, OP)                                          \
  PRIMS_REDUCE_MULTI_PASS(first_add, C, TID, OPID, OP)                                           \
  PRIMS_REDUCE_MULTI_PASS(unroll_last_warp, C, TID, OPID, OP)                                    \
  PRIMS_REDUCE_MULTI_PASS(complete_unroll, C, TID, OPID, OP)                                     \
  PRIMS_REDUCE_MULTI_PASS(multi_element, C, TID, OPID, OP)                                       \
  PRIMS_REDUCE_MULTI_PASS(shuffle, C, TID, OPID, OP)                                             \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) reduce_vectorized_##TID##_##OPID(     \
      const C* input, i64 n, i64 chunk, C* partials, unsigned* counter, C* result) {             \
    reduce_vectorized<OP, C>(input, n, chunk, partials, counter, result);                        \
  }

PRIMS_FOR_EACH_TYPE_OP(PRIMS_REDUCE_ENTRIES)
