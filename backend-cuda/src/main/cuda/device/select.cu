// Select entry points, the twin of the OpenCL backend's select.cl (see dev.prims.spi.SelectKernels;
// the predicate program is dev.prims.spi.SelectProgram): a flag kernel evaluating the program on
// every value, a stable scatter by the exclusive scan of the flags (the driver runs prims' own scan
// between them), and the digit counts, gather and take of a top-k's radix select. Entry points
// are suffixed with the value type (int, long, float, double).
#include <type_traits>

#include "../common.cuh"

typedef unsigned u32;

#define OP_LT 0
#define OP_LE 1
#define OP_GT 2
#define OP_GE 3
#define OP_EQ 4
#define OP_NE 5
#define OP_NOT_NAN 6
#define OP_AND 7
#define OP_OR 8
#define OP_FLAG 9
#define OP_RADIX_BELOW 10
#define OP_RADIX_PREFIX 11
#define OP_ALWAYS 12
#define INTEGER_MODE 256
#define DESCENDING_BIT (1 << 24)

// The radix bits of x (see dev.prims.spi.Sorter): NaNs canonical, ordered as an unsigned R.
template <typename T, typename R>
__device__ __forceinline__ R select_radix(T x, int descending) {
  constexpr R SIGN_BIT = (R)1 << (sizeof(R) * 8 - 1);
  R raw;
  if constexpr (sizeof(T) == 4 && !std::is_integral_v<T>) {
    raw = (R)__float_as_uint(x);
  } else if constexpr (sizeof(T) == 8 && !std::is_integral_v<T>) {
    raw = (R)__double_as_longlong(x);
  } else {
    raw = (R)x;
  }
  if constexpr (!std::is_integral_v<T>) {
    constexpr R EXPONENT_BITS = sizeof(R) == 4 ? (R)0x7f800000u : (R)0x7ff0000000000000ull;
    constexpr R CANONICAL_NAN = sizeof(R) == 4 ? (R)0x7fc00000u : (R)0x7ff8000000000000ull;
    if ((raw & ~SIGN_BIT) > EXPONENT_BITS) raw = CANONICAL_NAN;
    raw = (raw & SIGN_BIT) ? ~raw : (raw | SIGN_BIT);
  } else {
    raw ^= SIGN_BIT;
  }
  return descending ? ~raw : raw;
}

template <typename V>
__device__ __forceinline__ int compare(int op, V a, V b) {
  switch (op) {
    case OP_LT: return a < b;
    case OP_LE: return a <= b;
    case OP_GT: return a > b;
    case OP_GE: return a >= b;
    case OP_EQ: return a == b;
    default: return a != b;
  }
}

// Whether the program holds for x (and its flag): a postfix program on a stack of bits.
template <typename T, typename R>
__device__ __forceinline__ int select_holds(T x, int flag, const i64* program, int instructions) {
  u32 stack = 0;
  int top = 0;
  for (int p = 0; p < instructions; p++) {
    i64 code = program[2 * p];
    i64 c = program[2 * p + 1];
    int op = (int)(code & 0xff);
    int descending = (code & DESCENDING_BIT) != 0;
    int v;
    if (op == OP_AND || op == OP_OR) {
      int b = (stack >> (top - 1)) & 1;
      int a = (stack >> (top - 2)) & 1;
      top -= 2;
      v = op == OP_AND ? (a & b) : (a | b);
    } else if (op == OP_NOT_NAN) {
      if constexpr (std::is_integral_v<T>) {
        v = 1;
      } else {
        v = !isnan(x);
      }
    } else if (op == OP_FLAG) {
      v = flag != 0;
    } else if (op == OP_RADIX_BELOW) {
      v = select_radix<T, R>(x, descending) < (R)c;
    } else if (op == OP_RADIX_PREFIX) {
      v = (select_radix<T, R>(x, descending) >> ((code >> 16) & 0xff)) == (R)c;
    } else if (op == OP_ALWAYS) {
      v = 1;
    } else if (code & INTEGER_MODE) {
      v = compare<i64>(op, (i64)x, c);
    } else {
      v = compare<double>(op, (double)x, __longlong_as_double(c));
    }
    stack = (stack & ~(1u << top)) | ((u32)v << top);
    top++;
  }
  return stack & 1;
}

template <typename T, typename R>
__device__ void select_flags(const T* values, i64 n, const i64* program, int instructions,
                             const int* flags_in, int has_flags, int* flags) {
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  for (i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += stride) {
    flags[i] = select_holds<T, R>(values[i], has_flags ? flags_in[i] : 0, program, instructions);
  }
}

template <typename T>
__device__ void select_scatter(const T* values, const int* indices, int has_indices, const int* flags,
                               const int* offsets, i64 n, T* values_out, int* indices_out,
                               int has_indices_out, i64 at, i64 capacity, int partition, i64* kept) {
  const i64 total = (i64)(u32)offsets[n - 1] + (flags[n - 1] != 0);
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  for (i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += stride) {
    i64 before = (i64)(u32)offsets[i];
    if (flags[i]) {
      if (before < capacity) {
        values_out[at + before] = values[i];
        if (has_indices_out) indices_out[at + before] = has_indices ? indices[i] : (int)i;
      }
    } else if (partition) {
      values_out[total + i - before] = values[i];
    }
  }
  if (blockIdx.x == 0 && threadIdx.x == 0) kept[0] = total;
}

// Top-k radix select (see dev.prims.spi.SelectKernels#digitCounts, #gather, #take). Bins of one
// digit: SelectKernels.DIGIT_BITS bits.
#define TOPK_BINS 2048
// Values per thread per tile: all loads of a tile are issued before any is used.
#define TOPK_ITEMS 8
// Blocks of the digit counts and gather resident per SM (at most 32 registers a thread): the grid of
// CudaSelectKernels.TOPK_MAX_BLOCKS (1024) then runs as one wave on an H100's 132 SMs.
#define TOPK_BLOCKS_PER_SM 8

// counts[at + digit] += how many values have radix bits above `high` equal to prefix (all of them
// when high is the width), by their digit [shift, shift + bits): a shared-memory histogram per block;
// a thread adds a run of equal digits at once (one atomic where a pass sees a single digit).
template <typename T, typename R>
__device__ void topk_digit_counts(const T* values, i64 n, int shift, int bits, R prefix, int descending,
                                  u32* counts, int at) {
  __shared__ u32 bins[TOPK_BINS];
  for (int b = threadIdx.x; b < TOPK_BINS; b += BLOCK_SIZE) bins[b] = 0;
  __syncthreads();
  const int high = shift + bits;
  const bool all = high >= (int)(sizeof(R) * 8);
  const R mask = ((R)1 << bits) - 1;
  const i64 tile = (i64)BLOCK_SIZE * TOPK_ITEMS;
  u32 run_bin = 0;
  u32 run = 0;
  for (i64 start = (i64)blockIdx.x * tile; start < n; start += tile * gridDim.x) {
    R r[TOPK_ITEMS];
#pragma unroll
    for (int j = 0; j < TOPK_ITEMS; j++) {
      const i64 i = start + j * BLOCK_SIZE + threadIdx.x;
      if (i < n) r[j] = select_radix<T, R>(values[i], descending);
    }
#pragma unroll
    for (int j = 0; j < TOPK_ITEMS; j++) {
      const i64 i = start + j * BLOCK_SIZE + threadIdx.x;
      if (i < n && (all || (r[j] >> high) == prefix)) {
        const u32 bin = (u32)((r[j] >> shift) & mask);
        if (run && bin != run_bin) {
          atomicAdd(&bins[run_bin], run);
          run = 0;
        }
        run_bin = bin;
        run++;
      }
    }
  }
  if (run) atomicAdd(&bins[run_bin], run);
  __syncthreads();
  for (int b = threadIdx.x; b < TOPK_BINS; b += BLOCK_SIZE) {
    if (bins[b]) atomicAdd(&counts[at + b], bins[b]);
  }
}

// Values whose radix bits >> shift are at most bound (all when shift is the width) to slots taken
// from counter[at]: their radix bits with the top bit flipped (signed keys K) and their indices.
// Per tile a block takes one run of slots: a warp scan of the per-thread counts, a shared atomic per
// warp and one global atomic per block.
template <typename T, typename R, typename K>
__device__ void topk_gather(const T* values, const int* indices, int has_indices, i64 n, int shift, R bound,
                            int descending, K* keys_out, int* indices_out, i64 capacity, u32* counter,
                            int at) {
  __shared__ u32 warp_base[WARPS_PER_BLOCK];
  __shared__ u32 block_total;
  __shared__ u32 block_base;
  constexpr R TOP_BIT = (R)1 << (sizeof(R) * 8 - 1);
  const bool all = shift >= (int)(sizeof(R) * 8);
  const int lane = threadIdx.x % WARP_SIZE;
  const int warp = threadIdx.x / WARP_SIZE;
  const i64 tile = (i64)BLOCK_SIZE * TOPK_ITEMS;
  for (i64 start = (i64)blockIdx.x * tile; start < n; start += tile * gridDim.x) {
    R r[TOPK_ITEMS];
    u32 keep = 0;
#pragma unroll
    for (int j = 0; j < TOPK_ITEMS; j++) {
      const i64 i = start + j * BLOCK_SIZE + threadIdx.x;
      if (i < n) {
        r[j] = select_radix<T, R>(values[i], descending);
        if (all || (r[j] >> shift) <= bound) keep |= 1u << j;
      }
    }
    const u32 mine = __popc(keep);
    u32 inclusive = mine;
#pragma unroll
    for (int d = 1; d < WARP_SIZE; d <<= 1) {
      const u32 other = __shfl_up_sync(FULL_MASK, inclusive, d);
      if (lane >= d) inclusive += other;
    }
    if (threadIdx.x == 0) block_total = 0;
    __syncthreads();
    if (lane == WARP_SIZE - 1) warp_base[warp] = inclusive ? atomicAdd(&block_total, inclusive) : 0;
    __syncthreads();
    if (threadIdx.x == 0) block_base = block_total ? atomicAdd(&counter[at], block_total) : 0;
    __syncthreads();
    i64 slot = (i64)block_base + warp_base[warp] + inclusive - mine;
#pragma unroll
    for (int j = 0; j < TOPK_ITEMS; j++) {
      if ((keep >> j) & 1) {
        const i64 i = start + j * BLOCK_SIZE + threadIdx.x;
        if (slot < capacity) {
          keys_out[slot] = (K)(r[j] ^ TOP_BIT);
          indices_out[slot] = has_indices ? indices[i] : (int)i;
        }
        slot++;
      }
    }
    __syncthreads();
  }
}

// indices_out[j] = indices[j], values_out[j] = values[indices[j]] for j < count.
template <typename T>
__device__ void topk_take(const T* values, const int* indices, i64 count, T* values_out, int* indices_out) {
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  for (i64 j = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; j < count; j += stride) {
    const int i = indices[j];
    indices_out[j] = i;
    values_out[j] = values[i];
  }
}

#define PRIMS_SELECT_ENTRIES(T, R, K, TID)                                                                   \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) select_flags_##TID(                           \
      const T* values, i64 n, const i64* program, int instructions, const int* flags_in, int has_flags, \
      int* flags) {                                                                                       \
    select_flags<T, R>(values, n, program, instructions, flags_in, has_flags, flags);                   \
  }                                                                                                       \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) select_scatter_##TID(                         \
      const T* values, const int* indices, int has_indices, const int* flags, const int* offsets, i64 n, \
      T* values_out, int* indices_out, int has_indices_out, i64 at, i64 capacity, int partition,        \
      i64* kept) {                                                                                        \
    select_scatter<T>(values, indices, has_indices, flags, offsets, n, values_out, indices_out,         \
                      has_indices_out, at, capacity, partition, kept);                                   \
  }                                                                                                       \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE, TOPK_BLOCKS_PER_SM) select_digit_counts_##TID(                    \
      const T* values, i64 n, int shift, int bits, R prefix, int descending, u32* counts, int at) {      \
    topk_digit_counts<T, R>(values, n, shift, bits, prefix, descending, counts, at);                     \
  }                                                                                                       \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE, TOPK_BLOCKS_PER_SM) select_gather_##TID(                          \
      const T* values, const int* indices, int has_indices, i64 n, int shift, R bound, int descending,   \
      K* keys_out, int* indices_out, i64 capacity, u32* counter, int at) {                                \
    topk_gather<T, R, K>(values, indices, has_indices, n, shift, bound, descending, keys_out, indices_out, \
                         capacity, counter, at);                                                          \
  }                                                                                                       \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) select_take_##TID(                            \
      const T* values, const int* indices, i64 count, T* values_out, int* indices_out) {                 \
    topk_take<T>(values, indices, count, values_out, indices_out);                                        \
  }

PRIMS_SELECT_ENTRIES(int, u32, int, int)
PRIMS_SELECT_ENTRIES(i64, u64, i64, long)
PRIMS_SELECT_ENTRIES(float, u32, int, float)
PRIMS_SELECT_ENTRIES(double, u64, i64, double)
