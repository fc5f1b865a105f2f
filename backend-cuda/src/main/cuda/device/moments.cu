// One-pass moments entry points (see dev.prims.spi.MomentsState), in one launch: floating inputs
// sum x - K and (x - K)^2 in double per thread (K its first element), turn them into (count, mean,
// m2) and merge those with Chan's formula over the block, then over the blocks in the last block to
// finish, which writes (count, mean, m2) as three 8-byte words to result. Integer inputs add the
// eight exact words of MomentsState's recipe per thread and over the block (a block covers fewer
// than 2^31 elements, so no word overflows), and the last block sums the blocks' words in 128 bits
// and writes count, then each word as (low, high): 17 words. partials holds 9 words per block;
// counter is zero on entry and reset to zero on exit. Twin of backend-opencl's moments.cl.
#include "../common.cuh"
#include "../block/block_moments.cuh"

// Calls add(x) for every element of this thread's grid-stride share, in index order, with 16-byte
// loads REDUCE_UNROLL in flight; returns how many elements that was.
template <typename T, typename Add>
__device__ __forceinline__ i64 sweep(const T* input, i64 n, Add add) {
  typedef typename Vec<T>::type V;
  const int W = Vec<T>::width;
  const V* vectors = reinterpret_cast<const V*>(input);
  const i64 vector_count = n / W;
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  i64 count = 0;
  sweep_vectors<T>(vectors, (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x, vector_count, stride, [&](int, T x) {
    add(x);
    ++count;
  });
  const i64 tail = vector_count * W + (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (tail < n) {
    add(input[tail]);
    count += 1;
  }
  return count;
}

template <typename T>
__device__ __forceinline__ void shifted_add(T x, double shift, double& s1, double& s2) {
  const double d = __dsub_rn((double)x, shift);
  s1 = __dadd_rn(s1, d);
  s2 = __dadd_rn(s2, __dmul_rn(d, d));
}

template <typename T>
__device__ void moments_floating(const T* input, i64 n, i64* partials, unsigned* counter, i64* result) {
  const int W = Vec<T>::width;
  const i64 vector_count = n / W;
  const i64 first = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  const i64 tail = vector_count * W + first;
  double shift = 0.0;
  if (first < vector_count) {
    shift = (double)input[first * W];
  } else if (tail < n) {
    shift = (double)input[tail];
  }
  double s1 = 0.0, s2 = 0.0;
  const i64 count = sweep(input, n, [&](T x) { shifted_add(x, shift, s1, s2); });
  MomentsTriple t = {count, 0.0, 0.0};
  if (count > 0) {
    const double step = __ddiv_rn(s1, (double)count);
    t.mean = __dadd_rn(shift, step);
    t.m2 = fmax(0.0, __dsub_rn(s2, __dmul_rn(s1, step)));
  }
  t = block_chan_merge(t);
  __shared__ bool is_last;
  if (threadIdx.x == 0) {
    partials[3 * blockIdx.x] = t.count;
    partials[3 * blockIdx.x + 1] = __double_as_longlong(t.mean);
    partials[3 * blockIdx.x + 2] = __double_as_longlong(t.m2);
    __threadfence();
    is_last = atomicAdd(counter, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!is_last) return;
  MomentsTriple all = {0, 0.0, 0.0};
  for (unsigned b = threadIdx.x; b < gridDim.x; b += BLOCK_SIZE) {
    MomentsTriple p = {load_coherent(partials + 3 * b),
                       __longlong_as_double(load_coherent(partials + 3 * b + 1)),
                       __longlong_as_double(load_coherent(partials + 3 * b + 2))};
    all = chan_merge(all, p);
  }
  __syncthreads();
  all = block_chan_merge(all);
  if (threadIdx.x == 0) {
    result[0] = all.count;
    result[1] = __double_as_longlong(all.mean);
    result[2] = __double_as_longlong(all.m2);
    *counter = 0;
  }
}

// Adds x to the eight words (MomentsState.accumulate).
__device__ __forceinline__ void words_add(i64 x, i64 (&w)[8]) {
  const i64 xh = x >> 32;
  const i64 xl = x & 0xffffffffLL;
  const i64 a = xh * xh;
  const i64 b = xh * xl;
  const u64 c = (u64)xl * (u64)xl;
  w[0] += xh;
  w[1] += xl;
  w[2] += (i64)((u64)a >> 32);
  w[3] += a & 0xffffffffLL;
  w[4] += b >> 32;
  w[5] += b & 0xffffffffLL;
  w[6] += (i64)(c >> 32);
  w[7] += (i64)(c & 0xffffffffULL);
}

template <typename T>
__device__ void moments_integer(const T* input, i64 n, i64* partials, unsigned* counter, i64* result) {
  __shared__ i64 shared_words[9][BLOCK_SIZE];
  __shared__ u64 shared_lo[BLOCK_SIZE];
  __shared__ i64 shared_hi[BLOCK_SIZE];
  i64 w[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  const i64 count = sweep(input, n, [&](T x) { words_add((i64)x, w); });
  const unsigned tid = threadIdx.x;
  shared_words[0][tid] = count;
#pragma unroll
  for (int k = 0; k < 8; ++k) shared_words[k + 1][tid] = w[k];
  __syncthreads();
  for (unsigned s = BLOCK_SIZE / 2; s > 0; s >>= 1) {
    if (tid < s) {
#pragma unroll
      for (int k = 0; k < 9; ++k) shared_words[k][tid] += shared_words[k][tid + s];
    }
    __syncthreads();
  }
  __shared__ bool is_last;
  if (tid < 9) {
    partials[9 * blockIdx.x + tid] = shared_words[tid][0];
    __threadfence();
  }
  __syncthreads();
  if (tid == 0) {
    is_last = atomicAdd(counter, 1u) == gridDim.x - 1;
  }
  __syncthreads();
  if (!is_last) return;
  __threadfence();
  for (int k = 0; k < 9; ++k) {
    Sum128 total = {0, 0};
    for (unsigned b = tid; b < gridDim.x; b += BLOCK_SIZE) total = add128(total, widen128(load_coherent(partials + 9 * b + k)));
    shared_lo[tid] = total.lo;
    shared_hi[tid] = total.hi;
    __syncthreads();
    for (unsigned s = BLOCK_SIZE / 2; s > 0; s >>= 1) {
      if (tid < s) {
        Sum128 a = {shared_lo[tid], shared_hi[tid]};
        Sum128 b = {shared_lo[tid + s], shared_hi[tid + s]};
        a = add128(a, b);
        shared_lo[tid] = a.lo;
        shared_hi[tid] = a.hi;
      }
      __syncthreads();
    }
    if (tid == 0) {
      if (k == 0) {
        result[0] = (i64)shared_lo[0];
      } else {
        result[2 * k - 1] = (i64)shared_lo[0];
        result[2 * k] = shared_hi[0];
      }
    }
    __syncthreads();
  }
  if (tid == 0) *counter = 0;
}

// The entry point moments_<type>, on moments_integer or moments_floating (KIND).
#define PRIMS_MOMENTS_ENTRY(C, TID, KIND)                                                          \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) moments_##TID(                          \
      const C* input, i64 n, i64* partials, unsigned* counter, i64* result) {                      \
    moments_##KIND<C>(input, n, partials, counter, result);                                        \
  }

PRIMS_MOMENTS_ENTRY(int, int, integer)
PRIMS_MOMENTS_ENTRY(i64, long, integer)
PRIMS_MOMENTS_ENTRY(float, float, floating)
PRIMS_MOMENTS_ENTRY(double, double, floating)
