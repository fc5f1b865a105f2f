// Select kernels (see dev.prims.spi.SelectKernels; the program encoding is dev.prims.spi.SelectProgram).
// Needs common.cl built with T the values' type (IS_FLOATING for float and double), and:
//   RADIX_T      uint or ulong: the radix bits of a value, RADIX_WIDTH (32 or 64) wide
// Comparisons in double mode widen the value to double, so every build enables fp64.

#pragma OPENCL EXTENSION cl_khr_fp64 : enable

#define SIGN_BIT ((RADIX_T)1 << (RADIX_WIDTH - 1))
#if RADIX_WIDTH == 32
#define EXPONENT_BITS ((RADIX_T)0x7f800000u)
#define CANONICAL_NAN ((RADIX_T)0x7fc00000u)
#define RAW_BITS(x) as_uint(x)
#else
#define EXPONENT_BITS ((RADIX_T)0x7ff0000000000000ul)
#define CANONICAL_NAN ((RADIX_T)0x7ff8000000000000ul)
#define RAW_BITS(x) as_ulong(x)
#endif

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

/* Radix bits of x (see dev.prims.spi.Sorter): NaNs canonical, ordered as an unsigned integer. */
inline RADIX_T select_radix(T x, int descending) {
#ifdef IS_FLOATING
  RADIX_T raw = RAW_BITS(x);
  if ((raw & ~SIGN_BIT) > EXPONENT_BITS) raw = CANONICAL_NAN;
  raw = (raw & SIGN_BIT) ? ~raw : (raw | SIGN_BIT);
#else
  RADIX_T raw = ((RADIX_T)x) ^ SIGN_BIT;
#endif
  return descending ? ~raw : raw;
}

inline int compare_long(int op, long a, long b) {
  switch (op) {
    case OP_LT: return a < b;
    case OP_LE: return a <= b;
    case OP_GT: return a > b;
    case OP_GE: return a >= b;
    case OP_EQ: return a == b;
    default: return a != b;
  }
}

inline int compare_double(int op, double a, double b) {
  switch (op) {
    case OP_LT: return a < b;
    case OP_LE: return a <= b;
    case OP_GT: return a > b;
    case OP_GE: return a >= b;
    case OP_EQ: return a == b;
    default: return a != b;
  }
}

/* Whether the program holds for x (and its flag): a postfix program on a stack of bits. */
inline int select_holds(T x, int flag, __constant const long* program, int instructions) {
  uint stack = 0;
  int top = 0;
  for (int p = 0; p < instructions; p++) {
    long code = program[2 * p];
    long c = program[2 * p + 1];
    int op = (int)(code & 0xff);
    int descending = (code & DESCENDING_BIT) != 0;
    int v;
    if (op == OP_AND || op == OP_OR) {
      int b = (stack >> (top - 1)) & 1;
      int a = (stack >> (top - 2)) & 1;
      top -= 2;
      v = op == OP_AND ? (a & b) : (a | b);
    } else if (op == OP_NOT_NAN) {
#ifdef IS_FLOATING
      v = !isnan(x);
#else
      v = 1;
#endif
    } else if (op == OP_FLAG) {
      v = flag != 0;
    } else if (op == OP_RADIX_BELOW) {
      v = select_radix(x, descending) < (RADIX_T)c;
    } else if (op == OP_RADIX_PREFIX) {
      v = (select_radix(x, descending) >> ((code >> 16) & 0xff)) == (RADIX_T)c;
    } else if (op == OP_ALWAYS) {
      v = 1;
    } else if (code & INTEGER_MODE) {
      v = compare_long(op, (long)x, c);
    } else {
      v = compare_double(op, (double)x, as_double(c));
    }
    stack = (stack & ~(1u << top)) | ((uint)v << top);
    top++;
  }
  return stack & 1;
}

/* flags[i] = whether the program holds for values[i] (flags_in[i] beside it when has_flags). */
__kernel REQUIRE_BLOCK void select_flags(__global const T* values, ulong n,
                                         __constant const long* program, int instructions,
                                         __global const int* flags_in, int has_flags,
                                         __global int* flags OP_PARAM) {
  ulong threads = get_global_size(0);
  for (ulong i = get_global_id(0); i < n; i += threads) {
    flags[i] = select_holds(values[i], has_flags ? flags_in[i] : 0, program, instructions);
  }
}

/*
 * Kept values to values_out[at + offsets[i]] (below capacity), with their indices; for a partition
 * the others after the kept ones; kept[0] = the kept count. n > 0.
 */
__kernel REQUIRE_BLOCK void select_scatter(__global const T* values, __global const int* indices,
                                           int has_indices, __global const int* flags,
                                           __global const int* offsets, ulong n,
                                           __global T* values_out, __global int* indices_out,
                                           int has_indices_out, ulong at, ulong capacity,
                                           int partition, __global long* kept OP_PARAM) {
  ulong total = (ulong)(uint)offsets[n - 1] + (ulong)(flags[n - 1] != 0);
  ulong threads = get_global_size(0);
  for (ulong i = get_global_id(0); i < n; i += threads) {
    ulong before = (ulong)(uint)offsets[i];
    if (flags[i]) {
      if (before < capacity) {
        values_out[at + before] = values[i];
        if (has_indices_out) indices_out[at + before] = has_indices ? indices[i] : (int)i;
      }
    } else if (partition) {
      values_out[total + i - before] = values[i];
    }
  }
  if (get_global_id(0) == 0) kept[0] = (long)total;
}

/* Top-k radix select (see dev.prims.spi.SelectKernels#digitCounts, #gather, #take). */
/* Bins of one digit: SelectKernels.DIGIT_BITS bits. */
#define TOPK_BINS 2048
/* Values per work-item per tile of the gather. */
#define TOPK_ITEMS 8
#if RADIX_WIDTH == 32
#define AS_KEY(r) as_int(r)
typedef int topk_key;
#else
#define AS_KEY(r) as_long(r)
typedef long topk_key;
#endif

/*
 * counts[at + digit] += how many values have radix bits above shift + bits equal to prefix (all of
 * them when that is the width), by their digit [shift, shift + bits): a local histogram per group;
 * a work-item adds a run of equal digits at once (one atomic where a pass sees a single digit).
 */
__kernel REQUIRE_BLOCK void select_digit_counts(__global const T* values, ulong n, int shift,
                                                int bits, RADIX_T prefix, int descending,
                                                __global uint* counts, int at OP_PARAM) {
  __local uint bins[TOPK_BINS];
  for (int b = get_local_id(0); b < TOPK_BINS; b += BLOCK_SIZE) bins[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  int high = shift + bits;
  int all = high >= RADIX_WIDTH;
  RADIX_T mask = ((RADIX_T)1 << bits) - 1;
  uint run_bin = 0;
  uint run = 0;
  ulong threads = get_global_size(0);
  for (ulong i = get_global_id(0); i < n; i += threads) {
    RADIX_T r = select_radix(values[i], descending);
    if (all || (r >> high) == prefix) {
      uint bin = (uint)((r >> shift) & mask);
      if (run && bin != run_bin) {
        atomic_add(&bins[run_bin], run);
        run = 0;
      }
      run_bin = bin;
      run++;
    }
  }
  if (run) atomic_add(&bins[run_bin], run);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int b = get_local_id(0); b < TOPK_BINS; b += BLOCK_SIZE) {
    if (bins[b]) atomic_add(&counts[at + b], bins[b]);
  }
}

/*
 * Values whose radix bits >> shift are at most bound (all when shift is the width) to slots taken
 * from counter[at]: their radix bits with the top bit flipped (signed keys) and their indices. Per
 * tile a group takes one run of slots with one global atomic.
 */
__kernel REQUIRE_BLOCK void select_gather(__global const T* values, __global const int* indices,
                                          int has_indices, ulong n, int shift, RADIX_T bound,
                                          int descending, __global topk_key* keys_out,
                                          __global int* indices_out, ulong capacity,
                                          __global uint* counter, int at OP_PARAM) {
  __local uint group_total;
  __local uint group_base;
  int all = shift >= RADIX_WIDTH;
  uint lid = get_local_id(0);
  ulong tile = (ulong)BLOCK_SIZE * TOPK_ITEMS;
  for (ulong start = get_group_id(0) * tile; start < n; start += tile * get_num_groups(0)) {
    if (lid == 0) group_total = 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    RADIX_T r[TOPK_ITEMS];
    uint keep = 0;
    for (int j = 0; j < TOPK_ITEMS; j++) {
      ulong i = start + (ulong)j * BLOCK_SIZE + lid;
      if (i < n) {
        r[j] = select_radix(values[i], descending);
        if (all || (r[j] >> shift) <= bound) keep |= 1u << j;
      }
    }
    uint mine = popcount(keep);
    uint slot = mine ? atomic_add(&group_total, mine) : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) group_base = group_total ? atomic_add(&counter[at], group_total) : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    ulong s = (ulong)group_base + slot;
    for (int j = 0; j < TOPK_ITEMS; j++) {
      if ((keep >> j) & 1) {
        ulong i = start + (ulong)j * BLOCK_SIZE + lid;
        if (s < capacity) {
          keys_out[s] = AS_KEY(r[j] ^ SIGN_BIT);
          indices_out[s] = has_indices ? indices[i] : (int)i;
        }
        s++;
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

/* indices_out[j] = indices[j], values_out[j] = values[indices[j]] for j < count. */
__kernel REQUIRE_BLOCK void select_take(__global const T* values, __global const int* indices,
                                        ulong count, __global T* values_out,
                                        __global int* indices_out OP_PARAM) {
  ulong threads = get_global_size(0);
  for (ulong j = get_global_id(0); j < count; j += threads) {
    int i = indices[j];
    indices_out[j] = i;
    values_out[j] = values[i];
  }
}
