// Select entry points, the twin of the OpenCL backend's select.cl (see dev.prims.spi.SelectKernels;
// the predicate program is dev.prims.spi.SelectProgram): a single-pass stable compaction (per tile
// the predicate program, a block scan of its flags, the tile's offset among the kept values by
// decoupled look-back, and a scatter through shared memory), the reversal of a partition's tail,
// and the digit counts, gather and take of a top-k's radix select. Entry points are suffixed with
// the value type (int, long, float, double).
#include <type_traits>

#include "../common.cuh"
#include "../block/block_lookback.cuh"

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

// Compaction tile: BLOCK_SIZE * SELECT_ITEMS_4 (4-byte values) or _8 (8-byte values), loaded
// striped; the tile's values and indices fit the 48 KiB of static shared memory. CudaSelectKernels
// mirrors them. On an H100 (2^28 floats, half kept, tools/cuda-experiments/select_tiles.cu,
// 2026-11-25) 20 items took 0.99 ms where 16 took 1.09, 12 1.12 and 8 1.11-1.29 ms; 16-byte loads
// staged through shared memory gained nothing.
#ifndef SELECT_ITEMS_4
#define SELECT_ITEMS_4 20
#endif
#ifndef SELECT_ITEMS_8
#define SELECT_ITEMS_8 12
#endif
// The plain entry's tile of 8-byte values. The general entry's values and indices fill the static
// shared memory at 12; the plain entry keeps no indices. On an H100 (2^28 long or double values,
// half kept, tools/cuda-experiments/select_race.cu, 2026-11-27, CUB 1.27-1.28 ms) 18 items at four
// blocks per SM took 1.141-1.145 ms where 12 took 1.28-1.29, 14 1.23-1.24 and 16 1.18-1.19 (at five
// blocks per SM 12 items 1.20 ms, 14 1.18, 16 spilled: 1.52-2.01; 20 at four spilled: 1.23-1.62).
#ifndef SELECT_PLAIN_ITEMS_8
#define SELECT_PLAIN_ITEMS_8 18
#endif
// Blocks of the compaction resident per SM at least, which caps the registers the driver's
// compiler gives a thread (3: 80, 4: 64, 5: 48): the general entry, and the plain one (no indices,
// flags or partition: the common select) for 4-byte and 8-byte values. The driver compiles the
// PTX up to the cap. On an H100 (2^28 values, half kept; tools/cuda-experiments/select_tiles.cu
// --ptx, 2026-11-26, CUB 0.69-0.70 ms) the general entry took 1.19 ms for floats and 1.51 ms for
// ints; the plain float entry 1.10 ms at 80 registers, 0.95-0.96 at 64, 0.89-0.90 at 48 (a few
// spilled words) and 1.04 at 40; the plain int entry, comparing 32-bit integers, 1.09 / 0.96 /
// 0.86-0.87 ms at 80 / 64 / 48. 8-byte values at 4 (64 registers; the long entry spills 72 bytes):
// with the tile states a line apart (block_lookback.cuh), long and double values of 2^28 took
// 1.30-1.34 ms against 1.44-1.48 ms at 3 (prims bench, CUB 1.26-1.27 ms); at 48 registers they
// spill hundreds of bytes. Tiles in block-index order instead of a ticket were slower there (1.12
// against 0.99 ms, built from source).
#ifndef SELECT_MIN_BLOCKS
#define SELECT_MIN_BLOCKS 3
#endif
#ifndef SELECT_PLAIN_MIN_BLOCKS_4
#define SELECT_PLAIN_MIN_BLOCKS_4 5
#endif
#ifndef SELECT_PLAIN_MIN_BLOCKS_8
#define SELECT_PLAIN_MIN_BLOCKS_8 4
#endif

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

// For int values: the 32-bit comparison x iop k that equals the program's comparison (x op c on
// Java's promotion: as longs in INTEGER_MODE, else as doubles, which ints convert to exactly), or
// its fixed answer (fixed 0 or 1) when the constant lies beyond every int or equality cannot hold
// (a constant that is not a whole number, or NaN). Worked out once per instruction, so that an int
// select compares 32-bit integers only (fewer registers per item). fixed is -1 otherwise.
__device__ __forceinline__ void select_int_comparison(int op, bool integer_mode, i64 c, int& iop, int& k,
                                                      int& fixed) {
  iop = op;
  fixed = -1;
  i64 whole = c;
  if (!integer_mode) {
    const double d = __longlong_as_double(c);
    if (isnan(d)) {  // only != holds
      fixed = op == OP_NE;
      return;
    }
    const double beyond = 4294967296.0;  // 2^32: above every int, and minus it below
    const double clamped = fmin(fmax(d, -beyond), beyond);
    const double down = floor(clamped), up = ceil(clamped);
    if ((op == OP_EQ || op == OP_NE) && down != d) {  // not a whole number: never equal
      fixed = op == OP_NE;
      return;
    }
    whole = (i64)(op == OP_LT || op == OP_GE ? up : down);  // x < d iff x < ceil(d), x > d iff x > floor(d)
  }
  if (whole > 2147483647LL) {
    fixed = op == OP_LT || op == OP_LE || op == OP_NE;
  } else if (whole < -2147483648LL) {
    fixed = op == OP_GT || op == OP_GE || op == OP_NE;
  } else {
    k = (int)whole;
  }
}

// Whether the program holds for each of a thread's ITEMS values x (and their flags), as bit k of
// the result: a postfix program on a stack of bits per value. The stack depth depends on the
// program alone, so every value shares one top, and each instruction is read once per thread.
// With LONG_COMPARES (the plain entry) long values are compared as
// integers only: Predicate writes a long value's comparison with a floating constant as integer
// comparisons wherever the program fits (SelectProgram.comparesAsDouble tells the host), and the
// conversion of every value to double that the other comparisons need cost the long kernel spilled
// registers (H100, 2026-11-27).
template <typename T, typename R, int ITEMS, bool LONG_COMPARES = false>
__device__ __forceinline__ u32 select_holds(const T (&x)[ITEMS], const int (&flag)[ITEMS],
                                            const i64* __restrict__ program, int instructions) {
  u32 stack[ITEMS];
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) stack[k] = 0;
  int top = 0;
#define PRIMS_SELECT_PUSH(...)                                                       \
  _Pragma("unroll") for (int k = 0; k < ITEMS; ++k) {                                \
    const u32 v = (__VA_ARGS__) ? 1u : 0u;                                           \
    stack[k] = (stack[k] & ~(1u << top)) | (v << top);                              \
  }                                                                                  \
  top++;
// Pushes X op B for every value (X and B written in terms of k), the switch on op taken once.
#define PRIMS_SELECT_PUSH_COMPARE(op, X, B)       \
  switch (op) {                                   \
    case OP_LT: PRIMS_SELECT_PUSH((X) < (B)) break;  \
    case OP_LE: PRIMS_SELECT_PUSH((X) <= (B)) break; \
    case OP_GT: PRIMS_SELECT_PUSH((X) > (B)) break;  \
    case OP_GE: PRIMS_SELECT_PUSH((X) >= (B)) break; \
    case OP_EQ: PRIMS_SELECT_PUSH((X) == (B)) break; \
    default: PRIMS_SELECT_PUSH((X) != (B))           \
  }
  for (int p = 0; p < instructions; p++) {
    const i64 code = __ldg(program + 2 * p);
    const i64 c = __ldg(program + 2 * p + 1);
    const int op = (int)(code & 0xff);
    const int descending = (code & DESCENDING_BIT) != 0;
    if (op == OP_AND || op == OP_OR) {
      top -= 2;
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) {
        const u32 b = (stack[k] >> (top + 1)) & 1;
        const u32 a = (stack[k] >> top) & 1;
        const u32 v = op == OP_AND ? (a & b) : (a | b);
        stack[k] = (stack[k] & ~(1u << top)) | (v << top);
      }
      top++;
    } else if (op == OP_NOT_NAN) {
      if constexpr (std::is_integral_v<T>) {
        PRIMS_SELECT_PUSH(true)
      } else {
        PRIMS_SELECT_PUSH(!isnan(x[k]))
      }
    } else if (op == OP_FLAG) {
      PRIMS_SELECT_PUSH(flag[k] != 0)
    } else if (op == OP_RADIX_BELOW) {
      PRIMS_SELECT_PUSH(select_radix<T, R>(x[k], descending) < (R)c)
    } else if (op == OP_RADIX_PREFIX) {
      const int shift = (int)((code >> 16) & 0xff);
      PRIMS_SELECT_PUSH((select_radix<T, R>(x[k], descending) >> shift) == (R)c)
    } else if (op == OP_ALWAYS) {
      PRIMS_SELECT_PUSH(true)
    } else if constexpr (std::is_integral_v<T> && sizeof(T) == 4) {
      int iop, bound, fixed;
      select_int_comparison(op, (code & INTEGER_MODE) != 0, c, iop, bound, fixed);
      if (fixed >= 0) {
        PRIMS_SELECT_PUSH(fixed)
      } else {
        PRIMS_SELECT_PUSH_COMPARE(iop, x[k], bound)
      }
    } else if ((LONG_COMPARES && std::is_integral_v<T>) || (code & INTEGER_MODE)) {
      PRIMS_SELECT_PUSH_COMPARE(op, (i64)x[k], c)
    } else if constexpr (!(LONG_COMPARES && std::is_integral_v<T>)) {
      const double d = __longlong_as_double(c);
      PRIMS_SELECT_PUSH_COMPARE(op, (double)x[k], d)
    }
  }
#undef PRIMS_SELECT_PUSH_COMPARE
#undef PRIMS_SELECT_PUSH
  u32 holds = 0;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) holds |= (stack[k] & 1u) << k;
  return holds;
}

// Items per thread of a compaction tile of T, for the plain entry or the general one.
template <typename T, bool PLAIN = false>
struct SelectItems {
  static const int value = sizeof(T) == 4 ? SELECT_ITEMS_4 : PLAIN ? SELECT_PLAIN_ITEMS_8 : SELECT_ITEMS_8;
};

// One tile of the single-pass compaction per block, tiles numbered by an atomic ticket in start
// order (state[0], so every tile a block waits for has started). state's words 0-2 (the ticket, the
// capped compaction's full flag, the blocks done) are zero on entry and zero again when the grid
// ends; the look-back's tile states follow on the next line (block_lookback.cuh's
// EpochTileStates), tagged with this call's epoch, so they are never zeroed. Thread t holds the tile's items
// k * BLOCK_SIZE + t (coalesced loads); a ballot per item row and warp gives the counts whose
// exclusive scan (one warp) ranks every kept item in input order. The tile's kept values (and
// indices) are gathered in shared memory at their ranks and written out contiguously from the
// tile's offset, those from capacity on dropped. A partition gathers the rejected after them and
// writes the r-th rejected value of the input to values_out[n - 1 - r]: select_reverse_tail then
// puts them in input order. The last tile writes the kept count to kept[0] (read by
// select_reverse_tail) and to kept_copy[0] (the caller's result slot in mapped host memory, so that
// no copy has to bring it back; kept itself where there is none).
template <typename T, typename R, int ITEMS = SelectItems<T>::value, bool PLAIN = false>
__device__ void select_compact(const T* __restrict__ values, const int* __restrict__ indices,
                               int has_indices, i64 n, const i64* __restrict__ program, int instructions,
                               const int* __restrict__ flags_in, int has_flags, T* __restrict__ values_out,
                               int* __restrict__ indices_out, int has_indices_out, i64 at, i64 capacity,
                               int partition, unsigned* state, unsigned epoch, unsigned delay_ns,
                               i64* kept, i64* kept_copy) {
  if constexpr (PLAIN) {
    // the plain select: no input indices, no flags, no output indices, no partition, known here so
    // that the compiler drops their loads and branches (and their registers)
    has_indices = 0;
    has_flags = 0;
    has_indices_out = 0;
    partition = 0;
  }
  constexpr int TILE = BLOCK_SIZE * ITEMS;
  constexpr int ROWS = ITEMS * WARPS_PER_BLOCK;  // (item row, warp) counts, row-major: input order
  constexpr int PER_LANE = (ROWS + WARP_SIZE - 1) / WARP_SIZE;
  __shared__ T tile_values[TILE];
  __shared__ int tile_indices[TILE];
  __shared__ int row_counts[ROWS];
  __shared__ u32 row_ballots[ROWS];
  __shared__ unsigned tile_id;
  __shared__ int tile_kept;
  // A capped compaction (a top-k taking its first values in input order) runs on fewer blocks than
  // tiles, each taking tiles until they run out, and stops reading once capacity values are kept:
  // the tile that gets there raises state[1] (a word the tile states leave free) and writes its
  // count, at least capacity, to kept[0]; a block that then takes a tile, necessarily a later one,
  // publishes capacity as its inclusive count and stops.
  const bool capped = !PLAIN && capacity < n;
  const unsigned tiles = (unsigned)((n + TILE - 1) / TILE);
  EpochTileStates<int> states(state, epoch);
  for (;;) {
    if (threadIdx.x == 0) {
      tile_id = atomicAdd(state, 1u);
      // a block per tile: the last ticket is the last taken, and the counter is ready again
      if (!capped && tile_id == tiles - 1) state[0] = 0;
    }
    __syncthreads();
    const unsigned tile = tile_id;
    if (tile >= tiles) break;
    if (capped) {
      __shared__ int full;
      if (threadIdx.x == 0) {
        full = ((volatile unsigned*)state)[1] != 0;
        if (full) states.publish(tile, STATUS_PREFIX, (int)capacity);
      }
      __syncthreads();
      if (full) break;
    }
    const i64 base = (i64)tile * TILE;
    const int valid = (int)min((i64)TILE, n - base);
    const int lane = threadIdx.x & (WARP_SIZE - 1);
    const int warp = threadIdx.x / WARP_SIZE;

    T x[ITEMS];
    int flag[ITEMS];
    if (valid == TILE) {
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) x[k] = values[base + k * BLOCK_SIZE + threadIdx.x];
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) flag[k] = has_flags ? flags_in[base + k * BLOCK_SIZE + threadIdx.x] : 0;
    } else {
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) {
        const int j = k * BLOCK_SIZE + threadIdx.x;
        x[k] = j < valid ? values[base + j] : (T)0;
        flag[k] = has_flags && j < valid ? flags_in[base + j] : 0;
      }
    }
    u32 holds = select_holds<T, R, ITEMS, PLAIN>(x, flag, program, instructions);
    if (valid < TILE) {
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) {
        if (k * BLOCK_SIZE + (int)threadIdx.x >= valid) holds &= ~(1u << k);
      }
    }

    // Ranks within the tile: row k of warp w holds input positions k * BLOCK_SIZE + 32w + lane.
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const u32 ballot = __ballot_sync(FULL_MASK, (holds >> k) & 1u);
      if (lane == 0) {
        row_counts[k * WARPS_PER_BLOCK + warp] = __popc(ballot);
        row_ballots[k * WARPS_PER_BLOCK + warp] = ballot;
      }
    }
    __syncthreads();
    if (warp == 0) {
      int mine[PER_LANE];
      int sum = 0;
#pragma unroll
      for (int i = 0; i < PER_LANE; ++i) {
        const int r = lane * PER_LANE + i;
        mine[i] = r < ROWS ? row_counts[r] : 0;
        sum += mine[i];
      }
      int inclusive = sum;
#pragma unroll
      for (int offset = 1; offset < WARP_SIZE; offset <<= 1) {
        const int other = __shfl_up_sync(FULL_MASK, inclusive, offset);
        if (lane >= offset) inclusive += other;
      }
      int running = inclusive - sum;
#pragma unroll
      for (int i = 0; i < PER_LANE; ++i) {
        const int r = lane * PER_LANE + i;
        if (r < ROWS) row_counts[r] = running;
        running += mine[i];
      }
      if (lane == WARP_SIZE - 1) tile_kept = inclusive;
    }
    __syncthreads();
    const int tile_total = tile_kept;
    const int before = decoupled_lookback_in<OpSum>(states, tile, tile_total, delay_ns, false, 0);
    if (capped && threadIdx.x == 0 && (i64)before + tile_total >= capacity) {
      kept[0] = (i64)before + tile_total;
      kept_copy[0] = (i64)before + tile_total;
      ((volatile unsigned*)state)[1] = 1u;
    }

    // Gather the kept values (then, for a partition, the rejected ones) at their ranks.
    const u32 lower_lanes = (1u << lane) - 1;
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const int j = k * BLOCK_SIZE + threadIdx.x;
      const int row = k * WARPS_PER_BLOCK + warp;
      const int rank = row_counts[row] + __popc(row_ballots[row] & lower_lanes);
      if ((holds >> k) & 1u) {
        tile_values[rank] = x[k];
        if (has_indices_out) tile_indices[rank] = has_indices ? indices[base + j] : (int)(base + j);
      } else if (partition && j < valid) {
        tile_values[tile_total + j - rank] = x[k];
      }
    }
    __syncthreads();
    const i64 room = capacity - before;  // kept values of this tile that still fit
    const int writes = (int)max((i64)0, min((i64)tile_total, room));
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const int j = k * BLOCK_SIZE + threadIdx.x;
      if (j < writes) {
        values_out[at + before + j] = tile_values[j];
        if (has_indices_out) indices_out[at + before + j] = tile_indices[j];
      }
    }
    if (partition) {
      const i64 rejected_before = base - before;
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) {
        const int j = k * BLOCK_SIZE + threadIdx.x;
        if (j >= tile_total && j < valid) values_out[n - 1 - (rejected_before + j - tile_total)] = tile_values[j];
      }
    }
    if (tile == tiles - 1 && threadIdx.x == 0) {
      kept[0] = (i64)before + tile_total;
      kept_copy[0] = (i64)before + tile_total;
    }
    if (!capped) break;
    __syncthreads();  // the shared tile is read before the next one is gathered
  }
  // a capped compaction's blocks take tiles until none is left: the last block to finish (every
  // other has taken its last ticket) leaves the counters at zero for the next call. The tile
  // states need nothing: the next call's epoch differs.
  if (capped && threadIdx.x == 0 && atomicAdd(&state[2], 1u) == gridDim.x - 1) {
    state[0] = 0;
    state[1] = 0;
    state[2] = 0;
  }
}

// Reverses values[kept[0], n) in place: a partition's rejected values, written last first.
template <typename T>
__device__ void select_reverse_tail(T* values, i64 n, const i64* kept) {
  const i64 from = kept[0];
  const i64 half = (n - from) / 2;
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  for (i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < half; i += stride) {
    const T a = values[from + i];
    values[from + i] = values[n - 1 - i];
    values[n - 1 - i] = a;
  }
}

// Top-k radix select (see dev.prims.spi.SelectKernels#digitCounts, #gather, #take). Bins of one
// digit: SelectKernels.DIGIT_BITS bits.
#define TOPK_BINS 2048
// Values per thread per tile: all loads of a tile are issued before any is used.
#define TOPK_ITEMS 8
// Blocks of the digit counts and gather resident per SM, for 4-byte values (at most 32 registers a
// thread) and 8-byte values (64 registers: at 32 their eight 8-byte values spilled); the grid is
// as many blocks as the device holds at once (CudaSelectKernels.topKBlocks), one wave.
#define TOPK_BLOCKS_PER_SM_4 8
#define TOPK_BLOCKS_PER_SM_8 4

// counts[at + digit] += how many values have radix bits above `high` equal to prefix (all of them
// when high is the width), by their digit [shift, shift + bits): a shared-memory histogram per block;
// a thread adds a run of equal digits at once (one atomic where a pass sees a single digit). With
// low_at >= 0 also counts[low_at + d] += the values whose lowest TOPK_BINS-bin digit is d, and with
// bits_at >= 0 the AND and OR of the counted radix bits go to counts[bits_at..bits_at + 3] (AND and
// OR of the low word, then of the high word; the caller starts the AND words at all ones).
template <typename T, typename R>
__device__ void topk_digit_counts(const T* values, i64 n, int shift, int bits, R prefix, int descending,
                                  u32* counts, int at, int low_at, int bits_at) {
  __shared__ u32 bins[TOPK_BINS];
  __shared__ u32 low_bins[TOPK_BINS];
  for (int b = threadIdx.x; b < TOPK_BINS; b += BLOCK_SIZE) {
    bins[b] = 0;
    low_bins[b] = 0;
  }
  __syncthreads();
  R all_and = ~(R)0;
  R all_or = 0;
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
        if (low_at >= 0) atomicAdd(&low_bins[(u32)r[j] & (TOPK_BINS - 1)], 1u);
        all_and &= r[j];
        all_or |= r[j];
      }
    }
  }
  if (run) atomicAdd(&bins[run_bin], run);
  if (bits_at >= 0) {
    const u64 and_bits = (u64)warp_reduce<OpAnd>(all_and) | (sizeof(R) == 4 ? 0xFFFFFFFF00000000ull : 0ull);
    const u64 or_bits = (u64)warp_reduce<OpOr>(all_or);
    if ((threadIdx.x & (WARP_SIZE - 1)) == 0) {
      atomicAnd(&counts[bits_at], (u32)and_bits);
      atomicOr(&counts[bits_at + 1], (u32)or_bits);
      atomicAnd(&counts[bits_at + 2], (u32)(and_bits >> 32));
      atomicOr(&counts[bits_at + 3], (u32)(or_bits >> 32));
    }
  }
  __syncthreads();
  for (int b = threadIdx.x; b < TOPK_BINS; b += BLOCK_SIZE) {
    if (bins[b]) atomicAdd(&counts[at + b], bins[b]);
    if (low_at >= 0 && low_bins[b]) atomicAdd(&counts[low_at + b], low_bins[b]);
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

#ifndef PRIMS_SELECT_NO_ENTRIES
#define PRIMS_SELECT_ENTRIES(T, R, K, TID, PLAIN_MIN_BLOCKS, TOPK_MIN_BLOCKS)                                                 \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE, SELECT_MIN_BLOCKS) select_compact_##TID(                       \
      const T* values, const int* indices, int has_indices, i64 n, const i64* program, int instructions, \
      const int* flags_in, int has_flags, T* values_out, int* indices_out, int has_indices_out, i64 at,  \
      i64 capacity, int partition, unsigned* state, unsigned epoch, unsigned delay_ns, i64* kept,       \
      i64* kept_copy) {                                                                                   \
    select_compact<T, R>(values, indices, has_indices, n, program, instructions, flags_in, has_flags,    \
                         values_out, indices_out, has_indices_out, at, capacity, partition, state,        \
                         epoch, delay_ns, kept, kept_copy);                                                \
  }                                                                                                       \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE, PLAIN_MIN_BLOCKS) select_compact_plain_##TID(                  \
      const T* values, const int* indices, int has_indices, i64 n, const i64* program, int instructions, \
      const int* flags_in, int has_flags, T* values_out, int* indices_out, int has_indices_out, i64 at,  \
      i64 capacity, int partition, unsigned* state, unsigned epoch, unsigned delay_ns, i64* kept,       \
      i64* kept_copy) {                                                                                   \
    select_compact<T, R, SelectItems<T, true>::value, true>(values, indices, has_indices, n, program, instructions, \
                                                      flags_in, has_flags, values_out, indices_out,         \
                                                      has_indices_out, at, capacity, partition, state,      \
                                                      epoch, delay_ns, kept, kept_copy);                    \
  }                                                                                                       \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) select_reverse_tail_##TID(                    \
      T* values, i64 n, const i64* kept) {                                                                \
    select_reverse_tail<T>(values, n, kept);                                                             \
  }                                                                                                       \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE, TOPK_MIN_BLOCKS) select_digit_counts_##TID(                       \
      const T* values, i64 n, int shift, int bits, R prefix, int descending, u32* counts, int at,        \
      int low_at, int bits_at) {                                                                          \
    topk_digit_counts<T, R>(values, n, shift, bits, prefix, descending, counts, at, low_at, bits_at);   \
  }                                                                                                       \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE, TOPK_MIN_BLOCKS) select_gather_##TID(                             \
      const T* values, const int* indices, int has_indices, i64 n, int shift, R bound, int descending,   \
      K* keys_out, int* indices_out, i64 capacity, u32* counter, int at) {                                \
    topk_gather<T, R, K>(values, indices, has_indices, n, shift, bound, descending, keys_out, indices_out, \
                         capacity, counter, at);                                                          \
  }                                                                                                       \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) select_take_##TID(                            \
      const T* values, const int* indices, i64 count, T* values_out, int* indices_out) {                 \
    topk_take<T>(values, indices, count, values_out, indices_out);                                        \
  }

PRIMS_SELECT_ENTRIES(int, u32, int, int, SELECT_PLAIN_MIN_BLOCKS_4, TOPK_BLOCKS_PER_SM_4)
PRIMS_SELECT_ENTRIES(i64, u64, i64, long, SELECT_PLAIN_MIN_BLOCKS_8, TOPK_BLOCKS_PER_SM_8)
PRIMS_SELECT_ENTRIES(float, u32, int, float, SELECT_PLAIN_MIN_BLOCKS_4, TOPK_BLOCKS_PER_SM_4)
PRIMS_SELECT_ENTRIES(double, u64, i64, double, SELECT_PLAIN_MIN_BLOCKS_8, TOPK_BLOCKS_PER_SM_8)
#endif
