// LSD radix sort kernels. Needs common.cl (built with T int or long, the keys' width, and OP_SUM;
// no kernel combines, OP_PARAM only keeps the argument list of a runtime-operator build).
//   RADIX_T      uint or ulong: the radix bits of a key, RADIX_WIDTH (32 or 64) wide
//   FLOATING_KEYS  the keys are float (RADIX_WIDTH 32) or double (64) bits
//   VALUE_T      uint or ulong: values moving with their keys (absent: keys alone)
//   DIGIT_BITS   bits of one pass's digit (8: RADIX counters per tile)
//
// Keys are sorted by their radix bits (an unsigned integer whose order is the sort order, see
// dev.prims.spi.Sorter), DIGIT_BITS-wide digits from the lowest bit asked for. The first pass reads
// the keys and turns them into radix bits as it loads them (transform_in), the last turns them back
// as it writes them (transform_out); where the last pass cannot write the output (a sort in place
// with an odd number of passes), sort_bits_to_keys does. One pass over bits
// [shift, shift + digit_bits) is three steps:
//  sort_tile_histograms: every work-group counts the digits of its tile of TILE keys and writes the
//    counts digit-major (counts[digit * tiles + tile]);
//  the host's exclusive scan of those counts (the scan kernels, reduce-then-scan) gives every
//    tile the first output slot of each of its digits, tiles in order within a digit;
//  sort_scatter: every work-group sorts its tile by the digit in local memory, stably, and writes
//    each key to its digit's slot plus its rank among the tile's keys of that digit. Two ways:
//    with LOOKBACK_PTX (NVIDIA's platform: warp votes and shuffles as inline PTX, as lookback.cl
//    and the CUDA backend's onesweep) each warp counts its digits, one work-group scan gives every
//    warp's first slot of each digit, and the keys of one digit of a warp (found with a ballot per
//    digit bit) take consecutive slots; elsewhere two bits at a time, one work-group scan of four
//    16-bit counters packed in a ulong per split.
// Keys past the end of the input are padded with all-ones radix bits: they sort after every real
// key of the tile and are not written.

#define TILE (BLOCK_SIZE * ITEMS_PER_THREAD)
#define RADIX (1 << DIGIT_BITS)
#define SIGN_BIT ((RADIX_T)1 << (RADIX_WIDTH - 1))
#if RADIX_WIDTH == 32
#define EXPONENT_BITS ((RADIX_T)0x7f800000u)
#define CANONICAL_NAN ((RADIX_T)0x7fc00000u)
#else
#define EXPONENT_BITS ((RADIX_T)0x7ff0000000000000ul)
#define CANONICAL_NAN ((RADIX_T)0x7ff8000000000000ul)
#endif
// Local tiles get one padding word per 32 so that the striped loads (j = k * BLOCK_SIZE + tid) and
// each work-item's walk over its consecutive items avoid bank conflicts.
#define PAD(j) ((j) + ((j) >> 5))
#define PADDED_TILE PAD(TILE)
#define COUNTER_BITS 16
#if TILE >= 65536
#error "a tile's ranks must fit the 16-bit counters of sort_scatter"
#endif

/* Radix bits of the key bits `raw` (see dev.prims.spi.Sorter). */
inline RADIX_T radix_bits_of(RADIX_T raw, int descending) {
#ifdef FLOATING_KEYS
  if ((raw & ~SIGN_BIT) > EXPONENT_BITS) raw = CANONICAL_NAN;
  raw = (raw & SIGN_BIT) ? ~raw : (raw | SIGN_BIT);
#else
  raw ^= SIGN_BIT;
#endif
  return descending ? ~raw : raw;
}

/* The key bits of radix bits `bits` (the inverse of radix_bits_of, NaNs canonical). */
inline RADIX_T key_bits_of(RADIX_T bits, int descending) {
  if (descending) bits = ~bits;
#ifdef FLOATING_KEYS
  return (bits & SIGN_BIT) ? (bits ^ SIGN_BIT) : ~bits;
#else
  return bits ^ SIGN_BIT;
#endif
}

inline uint digit_of(RADIX_T bits, int shift, uint mask) {
  return (uint)(bits >> shift) & mask;
}

/* keys[i] = key bits of bits[i] (bits may be keys). */
__kernel REQUIRE_BLOCK void sort_bits_to_keys(__global const RADIX_T* bits,
                                              __global RADIX_T* keys, ulong n,
                                              int descending OP_PARAM) {
  ulong threads = get_global_size(0);
  for (ulong i = get_global_id(0); i < n; i += threads) {
    keys[i] = key_bits_of(bits[i], descending);
  }
}

/* The AND and the OR of every key's radix bits (the passes whose digit every key shares are those
   where they agree, and are skipped): work-group reductions, then one atomic per 32-bit word into
   and_or (AND of the low half, OR of the low half, then the same of the high half for 64-bit
   keys), which the host starts at all-ones, zero, all-ones, zero. Any grid; grid-stride. */
__kernel REQUIRE_BLOCK void sort_shared_bits(__global const RADIX_T* keys, ulong n, int descending,
                                             __global volatile uint* and_or OP_PARAM) {
  __local RADIX_T ands[BLOCK_SIZE];
  __local RADIX_T ors[BLOCK_SIZE];
  RADIX_T a = ~(RADIX_T)0;
  RADIX_T o = 0;
  for (ulong i = get_global_id(0); i < n; i += get_global_size(0)) {
    const RADIX_T x = radix_bits_of(keys[i], descending);
    a &= x;
    o |= x;
  }
  merge_and_or(a, o, ands, ors, and_or);
}

/*
 * counts[digit * tiles + tile]: keys of the tile whose digit at shift is digit (the input turned
 * into radix bits first when transform_in).
 */
__kernel REQUIRE_BLOCK void sort_tile_histograms(__global const RADIX_T* bits, ulong n, int shift,
                                                 int digit_bits, __global uint* counts,
                                                 ulong tiles, int transform_in,
                                                 int descending OP_PARAM) {
  __local uint tile_counts[RADIX];
  uint tid = get_local_id(0);
  for (uint d = tid; d < RADIX; d += BLOCK_SIZE) tile_counts[d] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  ulong tile = get_group_id(0);
  ulong base = tile * TILE;
  uint mask = (1u << digit_bits) - 1;
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    ulong i = base + k * BLOCK_SIZE + tid;
    if (i < n) {
      RADIX_T x = transform_in ? radix_bits_of(bits[i], descending) : bits[i];
      atomic_inc(&tile_counts[digit_of(x, shift, mask)]);
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint d = tid; d < RADIX; d += BLOCK_SIZE) counts[d * tiles + tile] = tile_counts[d];
}

/*
 * Exclusive sum of one ulong per work-item across the work-group (Hillis-Steele, ping-pong in
 * scratch of 2 * BLOCK_SIZE); sets *total to the work-group's sum.
 */
inline ulong sort_block_exclusive_sum(ulong value, __local ulong* scratch, ulong* total) {
  uint tid = get_local_id(0);
  __local ulong* src = scratch;
  __local ulong* dst = scratch + BLOCK_SIZE;
  src[tid] = value;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (uint offset = 1; offset < BLOCK_SIZE; offset <<= 1) {
    ulong v = src[tid];
    if (tid >= offset) v += src[tid - offset];
    dst[tid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    __local ulong* t = src;
    src = dst;
    dst = t;
  }
  ulong inclusive = src[tid];
  *total = src[BLOCK_SIZE - 1];
  barrier(CLK_LOCAL_MEM_FENCE);
  return inclusive - value;
}

#ifdef LOOKBACK_PTX
#if BLOCK_SIZE < RADIX || BLOCK_SIZE % WARP_SIZE != 0
#error "the warp ranking takes whole warps and a work-item per digit"
#endif

/* The lanes of the warp (32 consecutive work-items) whose digit equals d: a ballot per digit bit. */
inline uint sort_match_digit(uint d) {
  uint peers = 0xffffffffu;
  for (int b = 0; b < DIGIT_BITS; b++) {
    uint same;
    asm volatile(
        "{\n\t.reg .pred set;\n\tand.b32 %0, %1, %2;\n\tsetp.ne.u32 set, %0, 0;\n\t"
        "vote.sync.ballot.b32 %0, set, 0xffffffff;\n\t@!set not.b32 %0, %0;\n\t}"
        : "=r"(same)
        : "r"(d), "r"(1u << b));
    peers &= same;
  }
  return peers;
}
#endif

/*
 * Moves every key of the tile (and its value) to offsets[digit * tiles + tile] plus its stable
 * rank among the tile's keys of that digit; offsets is the exclusive scan of sort_tile_histograms.
 * transform_in: the input holds keys, turned into radix bits as they load; transform_out: the
 * output gets keys, turned back from radix bits as they are written.
 */
__kernel REQUIRE_BLOCK void sort_scatter(__global const RADIX_T* bits_in, __global RADIX_T* bits_out,
#ifdef VALUE_T
                                         __global const VALUE_T* values_in,
                                         __global VALUE_T* values_out,
#endif
                                         ulong n, int shift, int digit_bits,
                                         __global const uint* offsets, ulong tiles,
                                         int transform_in, int transform_out,
                                         int descending OP_PARAM) {
  __local RADIX_T tile_keys[PADDED_TILE];
#ifdef VALUE_T
  __local VALUE_T tile_values[PADDED_TILE];
#endif
  __local ulong scan_scratch[2 * BLOCK_SIZE];
  __local uint digit_start[RADIX];
  __local uint digit_offset[RADIX];
  uint tid = get_local_id(0);
  ulong tile = get_group_id(0);
  ulong base = tile * TILE;
  uint valid = (uint)min((ulong)TILE, n - base);
  uint mask = (1u << digit_bits) - 1;
#ifdef LOOKBACK_PTX
  // per warp and digit: the warp's count, then the warp's next slot of the digit in the tile
  __local uint warp_digits[WARPS_PER_BLOCK * RADIX];
  uint lane = tid % WARP_SIZE;
  uint warp = tid / WARP_SIZE;
  for (uint i = tid; i < WARPS_PER_BLOCK * RADIX; i += BLOCK_SIZE) warp_digits[i] = 0;
  for (uint d = tid; d < RADIX; d += BLOCK_SIZE) digit_offset[d] = offsets[d * tiles + tile];
  barrier(CLK_LOCAL_MEM_FENCE);
  // warp-striped loads: item k of a lane is key (warp * ITEMS_PER_THREAD + k) * 32 + lane, so a
  // warp's keys in (k, lane) order are in input order; the warp counts its digits
  RADIX_T key[ITEMS_PER_THREAD];
#ifdef VALUE_T
  VALUE_T value[ITEMS_PER_THREAD];
#endif
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    uint j = (warp * ITEMS_PER_THREAD + k) * WARP_SIZE + lane;
    RADIX_T x = ~(RADIX_T)0;
    if (j < valid) {
      x = bits_in[base + j];
      if (transform_in) x = radix_bits_of(x, descending);
    }
    key[k] = x;
#ifdef VALUE_T
    value[k] = j < valid ? values_in[base + j] : (VALUE_T)0;
#endif
    atomic_inc(&warp_digits[warp * RADIX + digit_of(x, shift, mask)]);
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  // thread d: the digit's count over the warps, each warp's count turned into its offset among them
  ulong digit_count = 0;
  for (uint d = tid; d < RADIX; d += BLOCK_SIZE) {
    for (uint w = 0; w < WARPS_PER_BLOCK; w++) {
      uint c = warp_digits[w * RADIX + d];
      warp_digits[w * RADIX + d] = (uint)digit_count;
      digit_count += c;
    }
  }
  ulong total;
  uint first = (uint)sort_block_exclusive_sum(digit_count, scan_scratch, &total);
  for (uint d = tid; d < RADIX; d += BLOCK_SIZE) {
    digit_start[d] = first;
    for (uint w = 0; w < WARPS_PER_BLOCK; w++) warp_digits[w * RADIX + d] += first;
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  // rank: the lanes holding digit d take consecutive slots after the warp's earlier keys of d; the
  // highest of them advances the warp's counter
  uint lanes_below = (1u << lane) - 1;
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    uint d = digit_of(key[k], shift, mask);
    uint peers = sort_match_digit(d);
    uint leader = 31 - clz(peers);
    uint before = 0;
    if (lane == leader) before = atomic_add(&warp_digits[warp * RADIX + d], popcount(peers));
    uint rank = shfl_idx_word(before, leader) + popcount(peers & lanes_below);
    tile_keys[PAD(rank)] = key[k];
#ifdef VALUE_T
    tile_values[PAD(rank)] = value[k];
#endif
  }
  barrier(CLK_LOCAL_MEM_FENCE);
#else

  // striped (coalesced) loads into local memory; each work-item then takes consecutive items
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    uint j = k * BLOCK_SIZE + tid;
    RADIX_T x = ~(RADIX_T)0;
    if (j < valid) {
      x = bits_in[base + j];
      if (transform_in) x = radix_bits_of(x, descending);
    }
    tile_keys[PAD(j)] = x;
#ifdef VALUE_T
    tile_values[PAD(j)] = j < valid ? values_in[base + j] : (VALUE_T)0;
#endif
  }
  for (uint d = tid; d < RADIX; d += BLOCK_SIZE) digit_offset[d] = offsets[d * tiles + tile];
  barrier(CLK_LOCAL_MEM_FENCE);
  RADIX_T key[ITEMS_PER_THREAD];
#ifdef VALUE_T
  VALUE_T value[ITEMS_PER_THREAD];
#endif
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    key[k] = tile_keys[PAD(tid * ITEMS_PER_THREAD + k)];
#ifdef VALUE_T
    value[k] = tile_values[PAD(tid * ITEMS_PER_THREAD + k)];
#endif
  }

  // stable local sort by the digit, two bits per split
  for (int b = 0; b < digit_bits; b += 2) {
    int split_shift = shift + b;
    uint split_mask = digit_bits - b >= 2 ? 3u : 1u;
    ulong mine = 0;
    for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
      mine += 1ul << (COUNTER_BITS * digit_of(key[k], split_shift, split_mask));
    }
    ulong total;
    ulong running = sort_block_exclusive_sum(mine, scan_scratch, &total);
    // first slot of each split value: the counts of the smaller values before it
    ulong starts = (total << COUNTER_BITS) + (total << (2 * COUNTER_BITS)) +
                   (total << (3 * COUNTER_BITS));
    for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
      uint d = digit_of(key[k], split_shift, split_mask);
      uint field = COUNTER_BITS * d;
      uint slot = (uint)(((starts + running) >> field) & 0xFFFF);
      running += 1ul << field;
      tile_keys[PAD(slot)] = key[k];
#ifdef VALUE_T
      tile_values[PAD(slot)] = value[k];
#endif
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
      key[k] = tile_keys[PAD(tid * ITEMS_PER_THREAD + k)];
#ifdef VALUE_T
      value[k] = tile_values[PAD(tid * ITEMS_PER_THREAD + k)];
#endif
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }

  // the first slot of each digit in the sorted tile, then the striped (coalesced) writes
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    uint j = k * BLOCK_SIZE + tid;
    if (j < valid) {
      uint d = digit_of(tile_keys[PAD(j)], shift, mask);
      if (j == 0 || digit_of(tile_keys[PAD(j - 1)], shift, mask) != d) digit_start[d] = j;
    }
  }
  barrier(CLK_LOCAL_MEM_FENCE);
#endif
  for (uint k = 0; k < ITEMS_PER_THREAD; k++) {
    uint j = k * BLOCK_SIZE + tid;
    if (j < valid) {
      RADIX_T x = tile_keys[PAD(j)];
      uint d = digit_of(x, shift, mask);
      ulong at = (ulong)digit_offset[d] + (j - digit_start[d]);
      bits_out[at] = transform_out ? key_bits_of(x, descending) : x;
#ifdef VALUE_T
      values_out[at] = tile_values[PAD(j)];
#endif
    }
  }
}
