// Select kernels (see dev.prims.spi.SelectKernels; the program encoding is dev.prims.spi.SelectProgram).
// A compaction runs over tiles of SELECT_TILE values, one work-group each, which evaluates the
// program on the tile, ranks its values by a work-group scan and writes the kept values (and, for
// a partition, the rejected ones after all the kept) through local memory with coalesced stores.
// Where the device runs the scan's look-back (OpenClLookback: LOOKBACK_PTX or LOOKBACK_ATOMICS, as
// by_key.cl), select_compact does it in one pass, each tile finding its offset by a decoupled
// look-back over its predecessors' counts (a partition writes its rejected values from the back and
// select_reverse_tail puts them in order, as the CUDA backend); otherwise select_tile_counts counts
// each tile's kept values, select_tile_offsets (one work-group) turns them into each tile's offset
// and the kept count, and select_tile_scatter writes the tiles. Scratch: a few words per tile.
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


#ifndef IS_FLOATING
#if RADIX_WIDTH == 32
/*
 * For int values: the 32-bit comparison x *iop *k equal to the program's comparison (x op c under
 * Java's promotion: as longs in INTEGER_MODE, else as doubles, which ints convert to exactly), or its
 * fixed answer (*fixed 0 or 1) where c lies beyond every int or equality cannot hold (c not a whole
 * number, or NaN); *fixed is -1 otherwise. Worked out once per instruction, so that an int select
 * compares 32-bit integers only (as the CUDA backend's select.cu).
 */
inline void select_int_comparison(int op, int integer_mode, long c, int* iop, int* k, int* fixed) {
  *iop = op;
  *fixed = -1;
  long whole = c;
  if (!integer_mode) {
    double d = as_double(c);
    if (isnan(d)) {  // only != holds
      *fixed = op == OP_NE;
      return;
    }
    double beyond = 4294967296.0;  // 2^32: above every int, and minus it below
    double clamped = fmin(fmax(d, -beyond), beyond);
    double down = floor(clamped);
    double up = ceil(clamped);
    if ((op == OP_EQ || op == OP_NE) && down != d) {  // not a whole number: never equal
      *fixed = op == OP_NE;
      return;
    }
    whole = (long)(op == OP_LT || op == OP_GE ? up : down);  // x < d iff x < ceil(d), ...
  }
  if (whole > 2147483647L) {
    *fixed = op == OP_LT || op == OP_LE || op == OP_NE;
  } else if (whole < -2147483648L) {
    *fixed = op == OP_GT || op == OP_GE || op == OP_NE;
  } else {
    *k = (int)whole;
  }
}
#define SELECT_INT_COMPARE 1
#endif
#elif RADIX_WIDTH == 32
/*
 * For float values: the float comparison x *fop *bound equal to x op d in double (Java's promotion),
 * or its fixed answer (*fixed 0 or 1) where d is NaN or equality cannot hold (d not a float); *fixed
 * is -1 otherwise. Where d lies between two floats, x < d is x <= the float below it and x > d is x
 * >= the float above it. Worked out once per instruction, so that a float select needs no
 * conversion to double per value.
 */
inline void select_float_comparison(int op, double d, int* fop, float* bound, int* fixed) {
  *fop = op;
  *fixed = -1;
  if (isnan(d)) {  // only != holds
    *fixed = op == OP_NE;
    return;
  }
  float f = (float)d;
  if ((double)f == d) {
    *bound = f;
    return;
  }
  float below = (double)f < d ? f : nextafter(f, -INFINITY);
  float above = (double)f > d ? f : nextafter(f, INFINITY);
  switch (op) {
    case OP_LT:
      *fop = OP_LE;
      *bound = below;
      break;
    case OP_LE:
      *bound = below;
      break;
    case OP_GT:
      *fop = OP_GE;
      *bound = above;
      break;
    case OP_GE:
      *bound = above;
      break;
    default:  // == never holds, != always
      *fixed = op == OP_NE;
  }
}
#define SELECT_FLOAT_COMPARE 1
#endif

/*
 * Bit i: whether the program holds for x[i] (and flag[i]), for ITEMS_PER_THREAD values: a postfix
 * program on a stack of bits per value. The stack depth depends on the program alone, so every
 * value shares one top, and each instruction is read and decoded once for all the values. With
 * plain (a constant 1 from the plain entry; see SelectKernels.Compaction.plain) the radix tests
 * are left out, which frees registers for larger tiles, and long values are compared as integers
 * only: dev.prims.Predicate writes their comparisons with floating constants as integer ones
 * wherever the program fits (SelectProgram.comparesAsDouble tells the host), as for the CUDA
 * backend.
 */
__attribute__((always_inline)) inline uint select_holds(const T* x, const int* flag,
                                                       __constant const long* program,
                                                       int instructions, int plain) {
  uint stack[ITEMS_PER_THREAD];
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; i++) stack[i] = 0;
  int top = 0;
#define SELECT_PUSH(EXPR)                                     \
  _Pragma("unroll") for (int i = 0; i < ITEMS_PER_THREAD; i++) { \
    uint v = (EXPR) ? 1u : 0u;                                \
    stack[i] = (stack[i] & ~(1u << top)) | (v << top);        \
  }                                                           \
  top++;
/* Pushes X op B for every value (X and B written in terms of i), the switch on op taken once. */
#define SELECT_PUSH_COMPARE(op, X, B) \
  switch (op) {                       \
    case OP_LT:                       \
      SELECT_PUSH((X) < (B))          \
      break;                          \
    case OP_LE:                       \
      SELECT_PUSH((X) <= (B))         \
      break;                          \
    case OP_GT:                       \
      SELECT_PUSH((X) > (B))          \
      break;                          \
    case OP_GE:                       \
      SELECT_PUSH((X) >= (B))         \
      break;                          \
    case OP_EQ:                       \
      SELECT_PUSH((X) == (B))         \
      break;                          \
    default:                          \
      SELECT_PUSH((X) != (B))         \
  }
  for (int p = 0; p < instructions; p++) {
    long code = program[2 * p];
    long c = program[2 * p + 1];
    int op = (int)(code & 0xff);
    int descending = (code & DESCENDING_BIT) != 0;
    if (op == OP_AND || op == OP_OR) {
      top -= 2;
#pragma unroll
      for (int i = 0; i < ITEMS_PER_THREAD; i++) {
        uint b = (stack[i] >> (top + 1)) & 1;
        uint a = (stack[i] >> top) & 1;
        uint v = op == OP_AND ? (a & b) : (a | b);
        stack[i] = (stack[i] & ~(1u << top)) | (v << top);
      }
      top++;
    } else if (op == OP_NOT_NAN) {
#ifdef IS_FLOATING
      SELECT_PUSH(!isnan(x[i]))
#else
      SELECT_PUSH(1)
#endif
    } else if (op == OP_FLAG) {
      SELECT_PUSH(flag[i] != 0)
    } else if (!plain && op == OP_RADIX_BELOW) {
      SELECT_PUSH(select_radix(x[i], descending) < (RADIX_T)c)
    } else if (!plain && op == OP_RADIX_PREFIX) {
      int shift = (int)((code >> 16) & 0xff);
      SELECT_PUSH((select_radix(x[i], descending) >> shift) == (RADIX_T)c)
    } else if (op == OP_ALWAYS) {
      SELECT_PUSH(1)
    } else {
#ifdef SELECT_INT_COMPARE
      int iop, bound, fixed;
      select_int_comparison(op, (code & INTEGER_MODE) != 0, c, &iop, &bound, &fixed);
      if (fixed >= 0) {
        SELECT_PUSH(fixed)
      } else {
        SELECT_PUSH_COMPARE(iop, x[i], bound)
      }
#elif defined(SELECT_FLOAT_COMPARE)
      // INTEGER_MODE comes with int and long values only (dev.prims.spi.SelectProgram)
      int fop, fixed;
      float bound;
      select_float_comparison(op, as_double(c), &fop, &bound, &fixed);
      if (fixed >= 0) {
        SELECT_PUSH(fixed)
      } else {
        SELECT_PUSH_COMPARE(fop, x[i], bound)
      }
#elif defined(IS_FLOATING)
      SELECT_PUSH_COMPARE(op, x[i], as_double(c))
#else
      if (plain || (code & INTEGER_MODE)) {
        SELECT_PUSH_COMPARE(op, x[i], c)
      } else {
        SELECT_PUSH_COMPARE(op, (double)x[i], as_double(c))
      }
#endif
    }
  }
#undef SELECT_PUSH_COMPARE
#undef SELECT_PUSH
  uint holds = 0;
#pragma unroll
  for (int i = 0; i < ITEMS_PER_THREAD; i++) holds |= (stack[i] & 1u) << i;
  return holds;
}

#define SELECT_TILE (BLOCK_SIZE * ITEMS_PER_THREAD)
/*
 * A tile's local slot of value j: one word of padding every 32, so that the work-items of a warp
 * reading ITEMS_PER_THREAD consecutive values each hit distinct banks (as scan.cl's PAD).
 */
#define SELECT_PAD(j) ((j) + ((j) >> 5))
#define SELECT_PADDED_TILE SELECT_PAD(SELECT_TILE)

/* The exclusive sum of each work-item's count over the work-group; *total = the group's sum. */
#ifdef LOOKBACK_PTX
/*
 * NVIDIA: warp scans by shuffles, then every work-item adds the totals of the warps before its own
 * from local memory: two barriers where the portable form below takes two a step.
 */
inline uint group_exclusive_sum(uint count, __local uint* sums, uint* total) {
  uint tid = get_local_id(0);
  uint lane = tid % WARP_SIZE;
  uint warp = tid / WARP_SIZE;
  uint inclusive = count;
#pragma unroll
  for (uint offset = 1; offset < WARP_SIZE; offset <<= 1) {
    uint earlier = shfl_up_word(inclusive, offset);
    if (lane >= offset) inclusive += earlier;
  }
  if (lane == WARP_SIZE - 1) sums[warp] = inclusive;
  barrier(CLK_LOCAL_MEM_FENCE);
  uint before = 0;
  uint all = 0;
#pragma unroll
  for (uint w = 0; w < WARPS_PER_BLOCK; w++) {
    uint s = sums[w];
    before += w < warp ? s : 0;
    all += s;
  }
  *total = all;
  barrier(CLK_LOCAL_MEM_FENCE);
  return before + inclusive - count;
}
#else
inline uint group_exclusive_sum(uint count, __local uint* sums, uint* total) {
  uint tid = get_local_id(0);
  sums[tid] = count;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint offset = 1; offset < BLOCK_SIZE; offset <<= 1) {
    uint add = tid >= offset ? sums[tid - offset] : 0;
    barrier(CLK_LOCAL_MEM_FENCE);
    sums[tid] += add;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  *total = sums[BLOCK_SIZE - 1];
  uint before = sums[tid] - count;
  barrier(CLK_LOCAL_MEM_FENCE);
  return before;
}
#endif

/* counts[tile] = how many values of the tile the program holds for (flags_in beside them). */
__kernel REQUIRE_BLOCK void select_tile_counts(__global const T* values, ulong n,
                                               __constant const long* program, int instructions,
                                               __global const int* flags_in, int has_flags,
                                               __global uint* counts OP_PARAM) {
  __local uint sums[BLOCK_SIZE];
  uint tid = get_local_id(0);
  ulong base = (ulong)get_group_id(0) * SELECT_TILE;
  uint valid = (uint)min((ulong)SELECT_TILE, n - base);
  T x[ITEMS_PER_THREAD];
  int flag[ITEMS_PER_THREAD];
  uint in_tile = 0;
#pragma unroll
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    uint j = k * BLOCK_SIZE + tid;
    x[k] = j < valid ? values[base + j] : (T)0;
    flag[k] = has_flags && j < valid ? flags_in[base + j] : 0;
    in_tile |= (uint)(j < valid) << k;
  }
  uint count = popcount(select_holds(x, flag, program, instructions, 0) & in_tile);
  uint total;
  group_exclusive_sum(count, sums, &total);
  if (tid == 0) counts[get_group_id(0)] = total;
}

/* One work-group: counts become their exclusive sum (each tile's offset); kept[0] = the total. */
__kernel REQUIRE_BLOCK void select_tile_offsets(__global uint* counts, ulong tiles,
                                                __global long* kept OP_PARAM) {
  __local uint sums[BLOCK_SIZE];
  ulong carry = 0;
  for (ulong from = 0; from < tiles; from += BLOCK_SIZE) {
    ulong t = from + get_local_id(0);
    uint count = t < tiles ? counts[t] : 0;
    uint total;
    uint before = group_exclusive_sum(count, sums, &total);
    if (t < tiles) counts[t] = (uint)(carry + before);
    carry += total;
  }
  if (get_local_id(0) == 0) kept[0] = (long)carry;
}

#if defined(LOOKBACK_PTX) || defined(LOOKBACK_ATOMICS)
#ifdef LOOKBACK_PTX
/*
 * NVIDIA: tile t's status and kept count share one 8-byte word (at LOOKBACK_STATE_AT, a line a
 * tile), written with one volatile store and read with one volatile load, so no fence is needed
 * (as scan.cl's states); aggregates and prefixes are unused.
 */
inline void select_publish(__global uint* state, __global uint* aggregates,
                           __global uint* prefixes, uint epoch, uint t, uint kind, uint count) {
  ulong word = ((ulong)count << 32) | ((epoch << 2) | kind);
  ulong at = LOOKBACK_STATE_AT(state, t);
  asm volatile("st.volatile.global.u64 [%0], %1;" ::"l"(at), "l"(word) : "memory");
}

/* Tile t's kind of state without waiting (STATUS_EMPTY: nothing yet); sets *count if any. */
inline uint select_read(__global uint* state, __global uint* aggregates, __global uint* prefixes,
                        uint epoch, uint t, uint* count) {
  ulong word;
  ulong at = LOOKBACK_STATE_AT(state, t);
  asm volatile("ld.volatile.global.u64 %0, [%1];" : "=l"(word) : "l"(at) : "memory");
  if (((uint)word >> 2) != epoch) return STATUS_EMPTY;
  *count = (uint)(word >> 32);
  return (uint)word & 3;
}

/* The sum of a count over the warp, in every lane. */
inline uint select_warp_sum(uint value) {
  for (uint offset = WARP_SIZE / 2; offset > 0; offset >>= 1) value += shfl_xor_word(value, offset);
  return value;
}
#define SELECT_WARP_FOLD(count) select_warp_sum(count)
#else
#define SELECT_WARP_FOLD(count) (count)
/* Tile t's kept count to aggregates[t] or prefixes[t], then its status (lookback.cl). */
inline void select_publish(__global uint* state, __global uint* aggregates,
                           __global uint* prefixes, uint epoch, uint t, uint kind, uint count) {
  if (kind == STATUS_PREFIX) {
    prefixes[t] = count;
  } else {
    aggregates[t] = count;
  }
  lookback_publish_status(state, epoch, t, kind);
}

/* Tile t's kind of state without waiting (STATUS_EMPTY: nothing yet); sets *count if any. */
inline uint select_read(__global uint* state, __global uint* aggregates, __global uint* prefixes,
                        uint epoch, uint t, uint* count) {
  uint kind = lookback_read_status(state, epoch, t);
  if (kind != STATUS_EMPTY) {
    *count = kind == STATUS_PREFIX ? ((volatile __global uint*)prefixes)[t]
                                   : ((volatile __global uint*)aggregates)[t];
  }
  return kind;
}
#endif

/*
 * The kept values before tile id (whose count is tileKept): publishes the tile's count, walks back
 * over its predecessors up to the nearest inclusive prefix (lookback.cl's LOOKBACK_WALK, counts
 * added) and publishes its own. LOOKBACK_LANES work-items call it: warp 0 with LOOKBACK_PTX (a
 * warp sum adds each window), else work-item 0.
 */
inline uint select_look_back(__global uint* state, __global uint* aggregates,
                             __global uint* prefixes, uint epoch, uint id, uint tileKept) {
  uint lane = get_local_id(0);
  if (id == 0) {
    if (lane == 0) select_publish(state, aggregates, prefixes, epoch, 0, STATUS_PREFIX, tileKept);
    return 0;
  }
  if (lane == 0) select_publish(state, aggregates, prefixes, epoch, id, STATUS_AGGREGATE, tileKept);
  uint before;
#define SELECT_READ(t, count) select_read(state, aggregates, prefixes, epoch, t, count)
#define SELECT_ADD(a, b) ((a) + (b))
  LOOKBACK_WALK(uint, before, id, 0u, SELECT_READ, SELECT_ADD, SELECT_WARP_FOLD);
#undef SELECT_READ
#undef SELECT_ADD
  if (lane == 0) {
    select_publish(state, aggregates, prefixes, epoch, id, STATUS_PREFIX, before + tileKept);
  }
  return before;
}

#endif

/*
 * Tile `tile` of a compaction: each work-item evaluates ITEMS_PER_THREAD consecutive values of the
 * tile (loaded striped into local memory), a work-group scan of its counts ranks them, and the
 * tile is gathered in local memory and stored striped: the kept values to values_out[at + before +
 * r] (r the rank in the tile, before the kept values of earlier tiles; none from capacity on), with
 * their indices; for a partition the rejected ones after all kept[0] kept values, in input order.
 * With lookback, before comes from the look-back over the tile states, the last tile writes
 * kept[0], and the r-th rejected value goes to values_out[n - 1 - r] (select_reverse_tail puts
 * them in order); otherwise before is offsets[tile].
 */
__attribute__((always_inline)) inline void select_tile(__global const T* values, __global const int* indices, int has_indices,
                        ulong n, __constant const long* program, int instructions,
                        __global const int* flags_in, int has_flags, __global T* values_out,
                        __global int* indices_out, int has_indices_out, ulong at, ulong capacity,
                        int partition, __global long* kept, uint tile, int lookback,
                        __global const uint* offsets, __global uint* state,
                        __global uint* aggregates, __global uint* prefixes, uint epoch,
                        __local T* tileValues, __local int* tileIndices, __local uint* sums,
                        __local uint* tileBefore, int plain) {
  uint tid = get_local_id(0);
  ulong base = (ulong)tile * SELECT_TILE;
  uint valid = (uint)min((ulong)SELECT_TILE, n - base);
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    uint j = k * BLOCK_SIZE + tid;
    if (j < valid) tileValues[SELECT_PAD(j)] = values[base + j];
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  T x[ITEMS_PER_THREAD];
  int flag[ITEMS_PER_THREAD];
  uint in_tile = 0;
  uint first = tid * ITEMS_PER_THREAD;
#pragma unroll
  for (uint i = 0; i < ITEMS_PER_THREAD; i++) {
    uint j = first + i;
    x[i] = j < valid ? tileValues[SELECT_PAD(j)] : (T)0;
    flag[i] = has_flags && j < valid ? flags_in[base + j] : 0;
    in_tile |= (uint)(j < valid) << i;
  }
  uint holds = select_holds(x, flag, program, instructions, plain) & in_tile;
  uint count = popcount(holds);
  uint tileKept;
  // its barriers also end every read of tileValues above
  uint rank = group_exclusive_sum(count, sums, &tileKept);
#if defined(LOOKBACK_PTX) || defined(LOOKBACK_ATOMICS)
  if (lookback) {
    if (tid < LOOKBACK_LANES) {
      uint before = select_look_back(state, aggregates, prefixes, epoch, tile, tileKept);
      if (tid == 0) {
        if (base + valid == n) kept[0] = (long)before + tileKept;
        *tileBefore = before;
      }
    }
  } else if (tid == 0) {
    *tileBefore = offsets[tile];
  }
#else
  if (tid == 0) *tileBefore = offsets[tile];
#endif
  uint rejected = first - rank;
#pragma unroll
  for (uint i = 0; i < ITEMS_PER_THREAD; i++) {
    uint j = first + i;
    if (j >= valid) continue;
    if ((holds >> i) & 1u) {
      tileValues[SELECT_PAD(rank)] = x[i];
      if (has_indices_out) tileIndices[rank] = has_indices ? indices[base + j] : (int)(base + j);
      rank++;
    } else if (partition) {
      tileValues[SELECT_PAD(tileKept + rejected)] = x[i];
      rejected++;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  ulong before = *tileBefore;
  ulong room = capacity > before ? capacity - before : 0;
  uint writes = (uint)min((ulong)tileKept, room);
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    uint j = k * BLOCK_SIZE + tid;
    if (j < writes) {
      values_out[at + before + j] = tileValues[SELECT_PAD(j)];
      if (has_indices_out) indices_out[at + before + j] = tileIndices[j];
    }
  }
  if (partition) {
    // rejected values before this tile's
    ulong rejectedBefore = base - before;
    for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
      uint j = k * BLOCK_SIZE + tid;
      if (j >= tileKept && j < valid) {
        ulong r = rejectedBefore + j - tileKept;
        values_out[lookback ? n - 1 - r : (ulong)kept[0] + r] = tileValues[SELECT_PAD(j)];
      }
    }
  }
}

/* Writes each tile at offsets[tile] (select_tile_offsets), a work-group per tile by group id. */
__kernel REQUIRE_BLOCK void select_tile_scatter(
    __global const T* values, __global const int* indices, int has_indices, ulong n,
    __constant const long* program, int instructions, __global const int* flags_in, int has_flags,
    __global const uint* offsets, __global long* kept, __global T* values_out,
    __global int* indices_out, int has_indices_out, ulong at, ulong capacity,
    int partition OP_PARAM) {
  __local T tileValues[SELECT_PADDED_TILE];
  __local int tileIndices[SELECT_TILE];
  __local uint sums[BLOCK_SIZE];
  __local uint tileBefore;
  select_tile(values, indices, has_indices, n, program, instructions, flags_in, has_flags,
              values_out, indices_out, has_indices_out, at, capacity, partition, kept,
              get_group_id(0), 0, offsets, 0, 0, 0, 0, tileValues, tileIndices, sums, &tileBefore, 0);
}

#if defined(LOOKBACK_PTX) || defined(LOOKBACK_ATOMICS)
/*
 * The one-pass compaction: tiles numbered by a ticket in start order (so every tile a work-group
 * waits for has started), each finding its offset by look-back; state, aggregates and prefixes as
 * select_publish says. A partition's rejected values land last first (select_reverse_tail).
 */
__kernel REQUIRE_BLOCK void select_compact(
    __global const T* values, __global const int* indices, int has_indices, ulong n,
    __constant const long* program, int instructions, __global const int* flags_in, int has_flags,
    __global T* values_out, __global int* indices_out, int has_indices_out, ulong at,
    ulong capacity, int partition, __global long* kept, __global uint* state,
    __global uint* aggregates, __global uint* prefixes, uint epoch, uint ticketBase OP_PARAM) {
  __local T tileValues[SELECT_PADDED_TILE];
  __local int tileIndices[SELECT_TILE];
  __local uint sums[BLOCK_SIZE];
  __local uint tileBefore;
  __local uint tileId;
  if (get_local_id(0) == 0) tileId = atomic_inc((volatile __global uint*)state) - ticketBase;
  barrier(CLK_LOCAL_MEM_FENCE);
  select_tile(values, indices, has_indices, n, program, instructions, flags_in, has_flags,
              values_out, indices_out, has_indices_out, at, capacity, partition, kept, tileId, 1, 0,
              state, aggregates, prefixes, epoch, tileValues, tileIndices, sums, &tileBefore, 0);
}

/*
 * select_compact without input indices, flags, output indices or partition (the common select):
 * known here, so that the compiler drops their loads and branches, and no local array holds
 * indices.
 */
__kernel REQUIRE_BLOCK void select_compact_plain(
    __global const T* values, ulong n, __constant const long* program, int instructions,
    __global T* values_out, ulong at, ulong capacity, __global long* kept, __global uint* state,
    __global uint* aggregates, __global uint* prefixes, uint epoch, uint ticketBase OP_PARAM) {
  __local T tileValues[SELECT_PADDED_TILE];
  __local uint sums[BLOCK_SIZE];
  __local uint tileBefore;
  __local uint tileId;
  if (get_local_id(0) == 0) tileId = atomic_inc((volatile __global uint*)state) - ticketBase;
  barrier(CLK_LOCAL_MEM_FENCE);
  select_tile(values, 0, 0, n, program, instructions, 0, 0, values_out, 0, 0, at, capacity, 0,
              kept, tileId, 1, 0, state, aggregates, prefixes, epoch, tileValues,
              (__local int*)sums, sums, &tileBefore, 1);
}

/* Reverses values[kept[0], n) in place: a one-pass partition's rejected values, written last first. */
__kernel REQUIRE_BLOCK void select_reverse_tail(__global T* values, ulong n,
                                                __global const long* kept OP_PARAM) {
  ulong from = (ulong)kept[0];
  ulong pairs = (n - from) / 2;
  ulong threads = get_global_size(0);
  for (ulong i = get_global_id(0); i < pairs; i += threads) {
    T a = values[from + i];
    values[from + i] = values[n - 1 - i];
    values[n - 1 - i] = a;
  }
}
#endif

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
 * With low_at >= 0 also counts[low_at + d] += the values whose lowest digit is d, and with bits_at
 * >= 0 the AND and OR of the counted radix bits go to counts[bits_at..bits_at + 3] (see
 * merge_and_or).
 */
__kernel REQUIRE_BLOCK void select_digit_counts(__global const T* values, ulong n, int shift,
                                                int bits, RADIX_T prefix, int descending,
                                                __global uint* counts, int at, int low_at,
                                                int bits_at OP_PARAM) {
  __local uint bins[TOPK_BINS];
  __local uint low_bins[TOPK_BINS];
  __local RADIX_T ands[BLOCK_SIZE];
  __local RADIX_T ors[BLOCK_SIZE];
  const int lid = get_local_id(0);
  for (int b = lid; b < TOPK_BINS; b += BLOCK_SIZE) {
    bins[b] = 0;
    low_bins[b] = 0;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  int high = shift + bits;
  int all = high >= RADIX_WIDTH;
  RADIX_T mask = ((RADIX_T)1 << bits) - 1;
  RADIX_T all_and = ~(RADIX_T)0;
  RADIX_T all_or = 0;
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
      if (low_at >= 0) atomic_inc(&low_bins[(uint)r & (TOPK_BINS - 1)]);
      all_and &= r;
      all_or |= r;
    }
  }
  if (run) atomic_add(&bins[run_bin], run);
  if (bits_at >= 0) merge_and_or(all_and, all_or, ands, ors, counts + bits_at);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int b = lid; b < TOPK_BINS; b += BLOCK_SIZE) {
    if (bins[b]) atomic_add(&counts[at + b], bins[b]);
    if (low_at >= 0 && low_bins[b]) atomic_add(&counts[low_at + b], low_bins[b]);
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
