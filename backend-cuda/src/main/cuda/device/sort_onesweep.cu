// Onesweep LSD radix sort (Adinets & Merrill, "Onesweep: A Faster Least Significant Digit Radix Sort
// for GPUs", 2022), the algorithm of CUB's DeviceRadixSort. Keys are sorted by their radix bits
// (RadixKey: an unsigned integer whose order is the sort order), ONESWEEP_DIGIT_BITS-wide digits
// from begin_bit up to end_bit; the first pass turns keys into radix bits as it loads them, the last
// turns them back as it writes them. Two kernels:
//  onesweep_histograms: reads the keys once (grid-stride 16-byte loads) and counts the digits of
//    every pass of the key type (one shared atomic per key and pass, into ONESWEEP_HIST_COPIES
//    shared histograms per block, as CUB's histogram kernel), added to the global counts at the
//    end; the last block to finish turns the counts into each pass's exclusive digit offsets (the
//    first output slot of each digit).
//  onesweep_pass: one launch per pass. Each block takes the next tile in launch order (a tile
//    counter, so every earlier tile is already running), counts its keys' digits (per-warp
//    counters in shared memory) and publishes the counts at once in a decoupled look-back over
//    the tiles (one 32-bit status word per tile and digit: a 2-bit flag and a 30-bit count,
//    written and read whole, so no fence is needed); then it ranks its keys into a tile sorted by
//    digit in shared memory (the keys of one digit of a warp found with a ballot per digit bit,
//    their leader advancing the warp's counter with a shared atomic, as CUB's
//    BlockRadixRankMatchEarlyCounts; keys alone are stored into the tile as they are ranked),
//    looks back for the digits' counts in the earlier tiles
//    (ONESWEEP_LOOKBACK_WINDOW status words loaded at once), adds the pass's digit offsets and
//    writes every key (and value) to its final slot: consecutive threads write consecutive slots
//    of a digit. Ranks follow input order, so the sort is stable.
// Passes whose digit is the same in every key (keys in a small range, or sharing their high bits)
// are skipped: the histogram kernel's last block finds them from the counts (one digit holds all n
// keys) and writes each pass's plan (whether it runs, whether it is the first or last that does,
// and which of the input, scratch and output buffers it reads and writes, so that the last pass
// that runs writes the output); the pass kernels of skipped passes return at once, and a sort in
// place whose running passes are odd in number ends in scratch, copied by onesweep_finish. At
// least one pass runs (it turns the radix bits back into keys).
// The look-back counts are 30 bits: tiles are grouped into portions of portion_tiles tiles (at
// most 2^30 - 1 keys; the driver uses 2^28 as CUB does), and the look-back stops at the first tile
// of a portion. Each portion of a pass has its own digit offsets: portion 0's come from the
// histograms; the last tile of portion q adds the portion's inclusive digit counts (known only in
// the pass: a pass's portions hold the keys in the order the previous pass left them) to portion
// q's offsets, stores them as portion q + 1's and then raises the pass's ready counter to q + 1;
// the tiles of portion q + 1 wait for it (tiles start in order, so the wait always ends). The
// driver zeroes the scratch words before the histograms and the look-back words before every
// pass; output slots are 32-bit (n < 2^32).
// Scratch words: [0] blocks done (histograms), [1 + pass] tile counter of the pass,
// [ONESWEEP_READY + pass] portions of the pass whose digit offsets are ready, less one,
// [ONESWEEP_PLAN + pass] the pass's plan (ONESWEEP_PLAN_* bits), [ONESWEEP_FINISH] bit 0: the keys
// end in scratch, bit 1: the values do; then from
// ONESWEEP_SCRATCH_HEADER the digit offsets at [(portion * passes + pass) * RADIX + digit] (the
// histograms' counts at portion 0's place before they become its offsets).
// Entry points are suffixed with the key type (int, long, float, double) and, for onesweep_pass
// with values, the value type (int, long); onesweep_pass's then with its tile, threads x items
// (onesweep_pass_int_int_384x20). The tiles per type follow CUB's sm_90 tuning where the registers
// allow: 384 threads with 23 keys for 4-byte keys alone (int or float), and 20 for 4-byte keys
// with int values (CUB's 23 spills under the 80 registers of two 384-thread blocks per SM); 8-byte
// keys or values keep 256 x 16. Every tile fits the 48 KiB of static shared memory. The tuning
// macros may be overridden (-D) for experiments (tools/cuda-experiments/sort_race.cu);
// dev.prims.cuda.CudaSortPolicy mirrors them.
#include "../common.cuh"
#include "../block/radix_key.cuh"
#include "../warp/warp_scan.cuh"

// Pass tiles, threads x items: 4-byte keys alone (int, float), 4-byte keys with int values,
// 8-byte keys or values.
#ifndef ONESWEEP_THREADS_4
#define ONESWEEP_THREADS_4 384
#endif
#ifndef ONESWEEP_ITEMS_INT
#define ONESWEEP_ITEMS_INT 23
#endif
#ifndef ONESWEEP_ITEMS_FLOAT
#define ONESWEEP_ITEMS_FLOAT 23
#endif
#ifndef ONESWEEP_ITEMS_4_PAIRS
#define ONESWEEP_ITEMS_4_PAIRS 20
#endif
#ifndef ONESWEEP_THREADS_8
#define ONESWEEP_THREADS_8 256
#endif
#ifndef ONESWEEP_ITEMS_8
#define ONESWEEP_ITEMS_8 16
#endif
#ifndef ONESWEEP_DIGIT_BITS
#define ONESWEEP_DIGIT_BITS 8
#endif
// Blocks per SM the pass kernel's registers must allow (__launch_bounds__; 1: no constraint; 2
// caps 256-thread blocks at 128 registers, 384-thread blocks at 80, 3 caps 384-thread blocks at
// 56). Int and float keys alone take 3 (a few words spill, and a third tile per SM hides more of
// the look-back: on an H100, 2^28 random int keys 5.54 ms against 6.21 ms at 2, floats 5.75 against
// 6.56; tools/cuda-experiments/sort_race.cu, 2026-11-27); with values 3 lost (int pairs 13.9
// against 9.6 ms, 2026-11-26), and 8-byte keys keep 2 (not measured at 3).
#ifndef ONESWEEP_MIN_BLOCKS
#define ONESWEEP_MIN_BLOCKS 2
#endif
#ifndef ONESWEEP_MIN_BLOCKS_KEYS_4
#define ONESWEEP_MIN_BLOCKS_KEYS_4 3
#endif
// Histogram kernel: threads per block; the driver launches at most one block per
// ONESWEEP_HIST_THREADS * ONESWEEP_HIST_ITEMS keys, and at most as many as run at once
// (ONESWEEP_HIST_BLOCKS_PER_SM per SM at most), which stride over the keys.
#ifndef ONESWEEP_HIST_THREADS
#define ONESWEEP_HIST_THREADS 256
#endif
#ifndef ONESWEEP_HIST_ITEMS
#define ONESWEEP_HIST_ITEMS 128
#endif
#ifndef ONESWEEP_HIST_BLOCKS_PER_SM
#define ONESWEEP_HIST_BLOCKS_PER_SM 8
#endif
// Further tuning knobs (tools/cuda-experiments/build-sort-variants.sh builds candidates with them;
// the defaults, the best of the H100 races of 2026-11-26 and 2026-11-27, are the production kernels):
//  ONESWEEP_HIST_COPIES    shared histograms per histogram block (warp w counts into copy
//                          w % COPIES), summed before the global atomics: fewer same-address
//                          atomics between warps (CUB's NUM_PARTS)
//  ONESWEEP_HIST_UNROLL    16-byte loads in flight per thread in the histogram kernel
//  ONESWEEP_EARLY_PLAIN    1: the pass kernel's early counts are one shared atomic per key (CUB's
//                          ComputeHistogramsWarp); 0: a warp whose keys share one digit adds them
//                          at once, with a __syncwarp per key
//  ONESWEEP_RANK_ATOMIC    1: in the ranking, the leader of a digit's lanes advances the warp's
//                          counter with a shared atomicAdd (no __syncwarp per key), and the keys go
//                          to the sorted tile after every key is ranked, as CUB's
//                          BlockRadixRankMatchEarlyCounts and ScatterKeysShared; 0: a plain read
//                          and write of the counter, each key stored as it is ranked
//  ONESWEEP_LOOKBACK_WINDOW  tiles whose status words a digit's thread loads at once in the
//                          look-back (1: one load at a time, each after the previous one's answer)
//  ONESWEEP_LOAD_STREAMING  1: the pass kernel loads keys and values with ld.global.cs (evict
//                          first: each is read once per pass), leaving L2 to the scattered writes
//  ONESWEEP_SHARED_UNION   1: the pass kernel's per-warp digit counters share shared memory with
//                          the sorted tile (as CUB's rank storage), a barrier between the ranking
//                          and the keys' stores into the tile (needs ONESWEEP_RANK_ATOMIC)
//  ONESWEEP_FULL_TILES     1: a whole tile loads and writes its keys without a bound check per key
//  ONESWEEP_STORE_RANKED   1: keys alone (no values) go to the sorted tile as each is ranked, so no
//                          rank is kept per key (fewer registers); with values, after the ranking
//  ONESWEEP_VALUES_LATE    1: the pass kernel loads the values after it has written the keys (as
//                          CUB's GatherScatterValues), so they take no registers through the
//                          ranking and look-back; 0: with the keys
#ifndef ONESWEEP_HIST_COPIES
#define ONESWEEP_HIST_COPIES 4
#endif
#ifndef ONESWEEP_HIST_UNROLL
#define ONESWEEP_HIST_UNROLL 4
#endif
#ifndef ONESWEEP_EARLY_PLAIN
#define ONESWEEP_EARLY_PLAIN 1
#endif
#ifndef ONESWEEP_RANK_ATOMIC
#define ONESWEEP_RANK_ATOMIC 1
#endif
#ifndef ONESWEEP_LOOKBACK_WINDOW
#define ONESWEEP_LOOKBACK_WINDOW 8
#endif
#ifndef ONESWEEP_LOAD_STREAMING
#define ONESWEEP_LOAD_STREAMING 0
#endif
#ifndef ONESWEEP_VALUES_LATE
#define ONESWEEP_VALUES_LATE 0
#endif
#ifndef ONESWEEP_SHARED_UNION
#define ONESWEEP_SHARED_UNION 0
#endif
#ifndef ONESWEEP_FULL_TILES
#define ONESWEEP_FULL_TILES 1
#endif
#ifndef ONESWEEP_STORE_RANKED
#define ONESWEEP_STORE_RANKED 1
#endif
#define ONESWEEP_RADIX (1 << ONESWEEP_DIGIT_BITS)
#define ONESWEEP_MAX_PASSES ((64 + ONESWEEP_DIGIT_BITS - 1) / ONESWEEP_DIGIT_BITS)
#define ONESWEEP_SCRATCH_HEADER 32
#define ONESWEEP_READY (1 + ONESWEEP_MAX_PASSES)
#define ONESWEEP_PLAN (ONESWEEP_READY + ONESWEEP_MAX_PASSES)
#define ONESWEEP_FINISH (ONESWEEP_PLAN + ONESWEEP_MAX_PASSES)
// A pass's plan: bit 0 it runs, bits 1 and 2 it is the first or the last that does; bits 3-4 the
// buffer its keys are read from and bits 5-6 the one they are written to (ONESWEEP_INPUT,
// ONESWEEP_SCRATCH or ONESWEEP_OUTPUT), bits 7-10 the same for the values.
#define ONESWEEP_PLAN_RUNS 1u
#define ONESWEEP_PLAN_FIRST 2u
#define ONESWEEP_PLAN_LAST 4u
#define ONESWEEP_PLAN_KEYS_SHIFT 3
#define ONESWEEP_PLAN_VALUES_SHIFT 7
#define ONESWEEP_INPUT 0u
#define ONESWEEP_SCRATCH 1u
#define ONESWEEP_OUTPUT 2u
#define LOOKBACK_AGGREGATE (1u << 30)
#define LOOKBACK_PREFIX (2u << 30)
#define LOOKBACK_FLAGS (3u << 30)
#define LOOKBACK_COUNT (LOOKBACK_AGGREGATE - 1)

static_assert(ONESWEEP_HIST_THREADS >= ONESWEEP_RADIX, "one thread per digit");
static_assert(ONESWEEP_FINISH < ONESWEEP_SCRATCH_HEADER, "counters and plans fit the scratch header");

typedef unsigned u32;

template <typename R>
__device__ __forceinline__ u32 onesweep_digit(R bits, int shift, u32 mask) {
  return (u32)(bits >> shift) & mask;
}

// A key or value of the pass kernel's input (ld.global.cs with ONESWEEP_LOAD_STREAMING).
template <typename T>
__device__ __forceinline__ T onesweep_load(const T* at) {
#if ONESWEEP_LOAD_STREAMING
  return __ldcs(at);
#else
  return *at;
#endif
}

// Digit bits of pass p: ONESWEEP_DIGIT_BITS, fewer in a last pass that reaches end_bit.
__device__ __forceinline__ u32 onesweep_mask(int begin_bit, int end_bit, int pass) {
  const int bits = min(ONESWEEP_DIGIT_BITS, end_bit - (begin_bit + pass * ONESWEEP_DIGIT_BITS));
  return (1u << bits) - 1;
}

// Experiments (-DONESWEEP_PROFILE): per phase of the pass kernel, the sum over its tiles of
// thread 0's clock cycles (tools/cuda-experiments/sort_race.cu prints the mean per tile).
#ifdef ONESWEEP_PROFILE
#define ONESWEEP_PHASES 7
__device__ unsigned long long onesweep_profile[ONESWEEP_PHASES];
#define ONESWEEP_STAMP(phase)                                                                \
  do {                                                                                       \
    if (threadIdx.x == 0) {                                                                  \
      const long long now = clock64();                                                       \
      atomicAdd(&onesweep_profile[phase], (unsigned long long)(now - stamp));                \
      stamp = now;                                                                           \
    }                                                                                        \
  } while (0)
#else
#define ONESWEEP_STAMP(phase) \
  do {                        \
  } while (0)
#endif

// The lanes of the warp whose digit equals d: one ballot per digit bit (CUB's MatchAny), cheaper
// than __match_any_sync. Each bit is a predicated AND, the ballot and a predicated NOT (the
// compiler makes seven instructions of the same step written in C++). Every lane of the warp must
// call it.
__device__ __forceinline__ u32 onesweep_match_digit(u32 d) {
  u32 peers = FULL_MASK;
#pragma unroll
  for (int b = 0; b < ONESWEEP_DIGIT_BITS; ++b) {
    u32 same;
    asm("{\n\t.reg .pred set;\n\t"
        "and.b32 %0, %1, %2;\n\t"
        "setp.ne.u32 set, %0, 0;\n\t"
        "vote.sync.ballot.b32 %0, set, 0xffffffff;\n\t"
        "@!set not.b32 %0, %0;\n\t}"
        : "=r"(same)
        : "r"(d), "r"(1u << b));
    peers &= same;
  }
  return peers;
}

// Exclusive scan of one value per thread over the block (threads past the digits pass 0);
// warp_sums holds a word per warp. Every thread must call it.
__device__ __forceinline__ u32 onesweep_block_exclusive_scan(u32 value, u32* warp_sums) {
  const int lane = threadIdx.x % WARP_SIZE, warp = threadIdx.x / WARP_SIZE;
  const u32 inclusive = (u32)warp_inclusive_scan<OpSum>((int)value, lane);
  if (lane == WARP_SIZE - 1) warp_sums[warp] = inclusive;
  __syncthreads();
  u32 before = 0;
  for (int w = 0; w < warp; ++w) before += warp_sums[w];
  __syncthreads();
  return before + inclusive - value;
}

__host__ __device__ constexpr int onesweep_copies_fitting(int copies, int copy_bytes) {
  return copies > 1 && copies * copy_bytes > 40960 ? onesweep_copies_fitting(copies / 2, copy_bytes) : copies;
}

// Buffers of the j-th of k running passes, read (bits 0-1) and written (bits 2-3): the first reads
// the input; out of place the last writes the output and earlier ones alternate back from it; in
// place (the input is the output) the first writes scratch and they alternate from there.
__device__ __forceinline__ u32 onesweep_buffers(int j, int k, int in_place) {
  const auto written = [&](int i) -> u32 {
    return (in_place ? i % 2 == 0 : (k - 1 - i) % 2 == 1) ? ONESWEEP_SCRATCH : ONESWEEP_OUTPUT;
  };
  return (j == 0 ? ONESWEEP_INPUT : written(j - 1)) | written(j) << 2;
}

// Writes the plan of every pass (thread 0 of the last histogram block): bit p of `constant` says
// every key has the same digit in pass p.
__device__ void onesweep_plan(u32* scratch, u32 constant, int passes, int keys_in_place, int values_in_place) {
  int running[ONESWEEP_MAX_PASSES];
  int k = 0;
  for (int p = 0; p < passes; ++p) {
    scratch[ONESWEEP_PLAN + p] = 0;
    if (!((constant >> p) & 1u)) running[k++] = p;
  }
  if (k == 0) running[k++] = passes - 1;
  for (int j = 0; j < k; ++j) {
    scratch[ONESWEEP_PLAN + running[j]] = ONESWEEP_PLAN_RUNS | (j == 0 ? ONESWEEP_PLAN_FIRST : 0u) |
                                          (j == k - 1 ? ONESWEEP_PLAN_LAST : 0u) |
                                          onesweep_buffers(j, k, keys_in_place) << ONESWEEP_PLAN_KEYS_SHIFT |
                                          onesweep_buffers(j, k, values_in_place) << ONESWEEP_PLAN_VALUES_SHIFT;
  }
  scratch[ONESWEEP_FINISH] = k % 2 == 1 ? (keys_in_place ? 1u : 0u) | (values_in_place ? 2u : 0u) : 0u;
}

template <typename R, bool FLOATING>
__device__ void onesweep_histograms(const R* keys, i64 n, int begin_bit, int end_bit, int descending,
                                    int keys_in_place, int values_in_place, u32* scratch) {
  // the passes of the key type; a copy of the histograms holds them all
  constexpr int KEY_PASSES = (8 * (int)sizeof(R) + ONESWEEP_DIGIT_BITS - 1) / ONESWEEP_DIGIT_BITS;
  constexpr int COPY_WORDS = KEY_PASSES * ONESWEEP_RADIX;
  // as many copies as asked for, halved until they fit 40 KiB
  constexpr int COPIES = onesweep_copies_fitting(ONESWEEP_HIST_COPIES, COPY_WORDS * 4);
  static_assert(COPIES >= 1 && (ONESWEEP_HIST_THREADS / WARP_SIZE) % COPIES == 0, "whole warps per copy");
  __shared__ u32 hist_copies[COPIES * COPY_WORDS];
  __shared__ u32 warp_sums[ONESWEEP_HIST_THREADS / WARP_SIZE];
  __shared__ bool last_block;
  __shared__ u32 constant_passes;  // bit p: one digit holds every key in pass p
  const int tid = threadIdx.x;
  const int passes = (end_bit - begin_bit + ONESWEEP_DIGIT_BITS - 1) / ONESWEEP_DIGIT_BITS;
  for (int i = tid; i < (COPIES - 1) * COPY_WORDS + passes * ONESWEEP_RADIX; i += ONESWEEP_HIST_THREADS) {
    hist_copies[i] = 0;
  }
  __syncthreads();
  u32* hist = hist_copies + (COPIES > 1 ? (tid / WARP_SIZE) % COPIES * COPY_WORDS : 0);

  auto count = [&](R raw) {
    const R x = RadixKey<R, FLOATING>::bits_of(raw, descending);
#pragma unroll
    for (int p = 0; p < KEY_PASSES; ++p) {
      if (p < passes) {
        const u32 d =
            onesweep_digit(x, begin_bit + p * ONESWEEP_DIGIT_BITS, onesweep_mask(begin_bit, end_bit, p));
        atomicAdd(&hist[p * ONESWEEP_RADIX + d], 1u);
      }
    }
  };
  // grid-stride 16-byte loads, ONESWEEP_HIST_UNROLL in flight per thread, from the first 16-byte
  // boundary on; the keys before it and after the last whole vector are counted one by one
  constexpr int VEC = 16 / sizeof(R);
  union Vector {
    uint4 bits;
    R keys[VEC];
  };
  const i64 head = min(n, (i64)(((16 - ((unsigned long long)keys & 15)) & 15) / sizeof(R)));
  const i64 vectors = (n - head) / VEC;
  const i64 rest = head + vectors * VEC;
  const uint4* body = reinterpret_cast<const uint4*>(keys + head);
  const i64 stride = (i64)gridDim.x * ONESWEEP_HIST_THREADS;
  const i64 g = (i64)blockIdx.x * ONESWEEP_HIST_THREADS + tid;
  constexpr int UNROLL = ONESWEEP_HIST_UNROLL;
  i64 v = g;
  for (; v + (UNROLL - 1) * stride < vectors; v += UNROLL * stride) {
    Vector x[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) x[u].bits = body[v + u * stride];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) {
#pragma unroll
      for (int k = 0; k < VEC; ++k) count(x[u].keys[k]);
    }
  }
  for (; v < vectors; v += stride) {
    Vector x;
    x.bits = body[v];
#pragma unroll
    for (int k = 0; k < VEC; ++k) count(x.keys[k]);
  }
  if (g < head) count(keys[g]);
  if (rest + g < n) count(keys[rest + g]);
  __syncthreads();

  u32* counts = scratch + ONESWEEP_SCRATCH_HEADER;
  for (int j = tid; j < passes * ONESWEEP_RADIX; j += ONESWEEP_HIST_THREADS) {
    u32 c = 0;
#pragma unroll
    for (int copy = 0; copy < COPIES; ++copy) c += hist_copies[copy * COPY_WORDS + j];
    if (c) atomicAdd(&counts[j], c);
  }

  // the last block turns the counts into offsets: digit d of a pass starts after every key of a
  // smaller digit
  __threadfence();
  __syncthreads();
  if (tid == 0) last_block = atomicAdd(&scratch[0], 1u) == gridDim.x - 1;
  __syncthreads();
  if (!last_block) return;
  __threadfence();
  if (tid == 0) constant_passes = 0;
  __syncthreads();
  for (int p = 0; p < passes; ++p) {
    u32* at = &counts[p * ONESWEEP_RADIX + tid];
    const u32 total = tid < ONESWEEP_RADIX ? load_coherent(at) : 0;
    if (tid < ONESWEEP_RADIX && total == (u32)n) atomicOr(&constant_passes, 1u << p);
    const u32 offset = onesweep_block_exclusive_scan(total, warp_sums);
    if (tid < ONESWEEP_RADIX) *at = offset;
  }
  if (tid == 0) onesweep_plan(scratch, constant_passes, passes, keys_in_place, values_in_place);
}

// Copies a sort in place that ended in scratch to its output (keys and values as the plan says):
// 32-bit words, grid-stride.
__device__ void onesweep_finish_copy(const u32* keys_scratch, u32* keys_out, i64 key_words, const u32* values_scratch,
                                u32* values_out, i64 value_words, const u32* scratch) {
  const u32 finish = scratch[ONESWEEP_FINISH];
  const i64 stride = (i64)gridDim.x * blockDim.x;
  const i64 first = (i64)blockIdx.x * blockDim.x + threadIdx.x;
  if (finish & 1u) {
    for (i64 i = first; i < key_words; i += stride) keys_out[i] = keys_scratch[i];
  }
  if (finish & 2u) {
    for (i64 i = first; i < value_words; i += stride) values_out[i] = values_scratch[i];
  }
}

// One of the three buffers of a plan (ONESWEEP_INPUT, _SCRATCH, _OUTPUT).
template <typename T>
__device__ __forceinline__ T* onesweep_buffer(u32 which, const T* input, T* scratch, T* output) {
  return which == ONESWEEP_INPUT ? const_cast<T*>(input) : which == ONESWEEP_SCRATCH ? scratch : output;
}

template <typename R, bool FLOATING, typename V, bool HAS_VALUES, int THREADS, int ITEMS>
__device__ void onesweep_pass(const R* keys_input, R* keys_scratch, R* keys_output, const V* values_input,
                              V* values_scratch, V* values_output, i64 n, int pass, int begin_bit, int end_bit,
                              int descending, i64 portion_tiles, u32* scratch, u32* lookback) {
  // the pass's plan, written by the histogram kernel (an earlier launch): a skipped pass returns
  const u32 plan = scratch[ONESWEEP_PLAN + pass];
  if (!(plan & ONESWEEP_PLAN_RUNS)) return;
  const u32 key_buffers = plan >> ONESWEEP_PLAN_KEYS_SHIFT, value_buffers = plan >> ONESWEEP_PLAN_VALUES_SHIFT;
  const R* keys_in = onesweep_buffer(key_buffers & 3u, keys_input, keys_scratch, keys_output);
  R* keys_out = onesweep_buffer((key_buffers >> 2) & 3u, keys_input, keys_scratch, keys_output);
  const V* values_in = onesweep_buffer(value_buffers & 3u, values_input, values_scratch, values_output);
  V* values_out = onesweep_buffer((value_buffers >> 2) & 3u, values_input, values_scratch, values_output);
  static_assert(THREADS % WARP_SIZE == 0, "whole warps");
  static_assert(THREADS >= ONESWEEP_RADIX, "one thread per digit");
  constexpr int WARPS = THREADS / WARP_SIZE;
  constexpr int TILE = THREADS * ITEMS;
  // per warp and digit (warp_digits): the warp's count, then the digit's first slot in the sorted
  // tile for the warp
#if ONESWEEP_SHARED_UNION
  static_assert(ONESWEEP_RANK_ATOMIC, "the tile is stored after the ranking");
  __shared__ union {
    R keys[TILE];
    V values[HAS_VALUES ? TILE : 1];
    u32 warp_digits[WARPS * ONESWEEP_RADIX];
  } sorted;
  u32* const warp_digits = sorted.warp_digits;
#else
  __shared__ union {
    R keys[TILE];
    V values[HAS_VALUES ? TILE : 1];
  } sorted;
  __shared__ u32 warp_digits[WARPS * ONESWEEP_RADIX];
#endif
  // per digit: output slot of the sorted tile's slot 0 (mod 2^32; slot j of digit d goes to base + j)
  __shared__ u32 digit_base[ONESWEEP_RADIX];
  __shared__ u32 warp_sums[WARPS];
  __shared__ u32 tile_slot;
  const int tid = threadIdx.x, lane = tid % WARP_SIZE, warp = tid / WARP_SIZE;
  const int passes = (end_bit - begin_bit + ONESWEEP_DIGIT_BITS - 1) / ONESWEEP_DIGIT_BITS;
  const int shift = begin_bit + pass * ONESWEEP_DIGIT_BITS;
  const u32 mask = onesweep_mask(begin_bit, end_bit, pass);
  const bool transform_in = plan & ONESWEEP_PLAN_FIRST, transform_out = plan & ONESWEEP_PLAN_LAST;
#ifdef ONESWEEP_PROFILE
  long long stamp = clock64();
#endif

  if (tid == 0) tile_slot = atomicAdd(&scratch[1 + pass], 1u);
  for (int i = tid; i < WARPS * ONESWEEP_RADIX; i += THREADS) warp_digits[i] = 0;
  __syncthreads();
  ONESWEEP_STAMP(0);
  const i64 tile = tile_slot;
  const i64 base = tile * TILE;
  const u32 valid = (u32)min((i64)TILE, n - base);
  const i64 portion = tile / portion_tiles;
  u32* offsets = scratch + ONESWEEP_SCRATCH_HEADER + (portion * passes + pass) * ONESWEEP_RADIX;
  // portion 0's digit offsets come from the histogram kernel: loaded now, they arrive during the
  // ranking (a later portion's are loaded once the previous portion has stored them)
  u32 offset = 0;
  if (portion == 0 && tid < ONESWEEP_RADIX) offset = load_coherent(offsets + tid);

  // warp-striped loads: item k of a lane is key warp * 32 * ITEMS + k * 32 + lane of the tile, so
  // a warp's keys in (k, lane) order are in input order. Keys past the end get all-ones bits: they
  // rank after every real key and are not written.
  R key[ITEMS];
  V value[ITEMS];
  const bool full = ONESWEEP_FULL_TILES && valid == (u32)TILE;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const u32 j = (warp * ITEMS + k) * WARP_SIZE + lane;
    key[k] = ~(R)0;
    if (full || j < valid) {
      key[k] = onesweep_load(keys_in + base + j);
      if (transform_in) key[k] = RadixKey<R, FLOATING>::bits_of(key[k], descending);
    }
    if (HAS_VALUES && !ONESWEEP_VALUES_LATE) {
      value[k] = j < valid ? onesweep_load(values_in + base + j) : (V)0;
    }
  }

  // early counts: each warp counts its digits (shared atomics; a warp whose keys share one digit
  // adds them at once), so that the tile's counts are published before the keys are ranked
  u32* counters = warp_digits + warp * ONESWEEP_RADIX;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const u32 d = onesweep_digit(key[k], shift, mask);
    if (ONESWEEP_EARLY_PLAIN) {
      atomicAdd(counters + d, 1u);
    } else if (__all_sync(FULL_MASK, d == __shfl_sync(FULL_MASK, d, 0))) {
      if (lane == 0) counters[d] += WARP_SIZE;
    } else {
      atomicAdd(counters + d, 1u);
    }
    if (!ONESWEEP_EARLY_PLAIN) __syncwarp();
  }
  __syncthreads();
  ONESWEEP_STAMP(1);

  // thread d: the tile's count of digit d, published at once for the tiles after this one
  const u32 d = tid;
  const bool portion_first = tile % portion_tiles == 0;
  const i64 tiles = (n + TILE - 1) / TILE;
  // the last tile of a portion followed by another hands on the digit offsets
  const bool hands_on = (tile + 1) % portion_tiles == 0 && tile + 1 < tiles;
  u32 prefix = 0;
  u32 tile_count = 0;
  if (d < ONESWEEP_RADIX) {
    for (int w = 0; w < WARPS; ++w) {
      const u32 c = warp_digits[w * ONESWEEP_RADIX + d];
      warp_digits[w * ONESWEEP_RADIX + d] = tile_count;
      tile_count += c;
    }
    volatile u32* mine = lookback + tile * ONESWEEP_RADIX + d;
    *mine = (portion_first ? LOOKBACK_PREFIX : LOOKBACK_AGGREGATE) | tile_count;
  }
  // digit d's keys of warp w go to the sorted tile from warp_digits[w][d] on
  const u32 local_start = onesweep_block_exclusive_scan(d < ONESWEEP_RADIX ? tile_count : 0, warp_sums);
  if (d < ONESWEEP_RADIX) {
    for (int w = 0; w < WARPS; ++w) warp_digits[w * ONESWEEP_RADIX + d] += local_start;
  }
  __syncthreads();
  ONESWEEP_STAMP(2);

  // rank and sort the tile in shared memory: the lanes holding digit d take consecutive slots after
  // the warp's earlier keys of d; the highest of them advances the warp's counter
  u32 rank[ITEMS];
  const u32 lanes_below = (1u << lane) - 1;
  // keys alone go to the sorted tile as each is ranked (the union's counters are in use until the
  // whole tile is ranked)
  constexpr bool STORE_AS_RANKED = ONESWEEP_STORE_RANKED && !HAS_VALUES && !ONESWEEP_SHARED_UNION;
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const u32 d = onesweep_digit(key[k], shift, mask);
    const u32 peers = onesweep_match_digit(d);
    const int leader = 31 - __clz(peers);
    u32 before = 0;
#if ONESWEEP_RANK_ATOMIC
    if (lane == leader) before = atomicAdd(counters + d, (u32)__popc(peers));
    rank[k] = __shfl_sync(FULL_MASK, before, leader) + __popc(peers & lanes_below);
    if (STORE_AS_RANKED) sorted.keys[rank[k]] = key[k];
#else
    if (lane == leader) {
      before = counters[d];
      counters[d] = before + __popc(peers);
    }
    rank[k] = __shfl_sync(FULL_MASK, before, leader) + __popc(peers & lanes_below);
    sorted.keys[rank[k]] = key[k];
    __syncwarp();
#endif
  }
#if ONESWEEP_RANK_ATOMIC
#if ONESWEEP_SHARED_UNION
  __syncthreads();
#endif
  if (!STORE_AS_RANKED) {
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) sorted.keys[rank[k]] = key[k];
  }
#endif
  ONESWEEP_STAMP(3);

  // thread d: the digit's output slots, after looking back over the earlier tiles
  if (d < ONESWEEP_RADIX) {
    // look back over the earlier tiles of the portion until one has published its inclusive prefix
    if (!portion_first) {
      const i64 first = tile - tile % portion_tiles;
      // WINDOW status words loaded at once (the tiles from t down, none before the portion's
      // first), then taken in order; a word not yet published is polled alone (WINDOW 1: one load
      // at a time)
      constexpr int WINDOW = ONESWEEP_LOOKBACK_WINDOW;
      for (i64 t = tile - 1;; t -= WINDOW) {
        u32 words[WINDOW];
#pragma unroll
        for (int i = 0; i < WINDOW; ++i) {
          words[i] = t - i >= first ? *(const volatile u32*)(lookback + (t - i) * ONESWEEP_RADIX + d) : 0;
        }
        bool done = false;
#pragma unroll
        for (int i = 0; i < WINDOW; ++i) {
          if (!done) {
            u32 word = words[i];
            while ((word & LOOKBACK_FLAGS) == 0) word = *(const volatile u32*)(lookback + (t - i) * ONESWEEP_RADIX + d);
            prefix += word & LOOKBACK_COUNT;
            done = (word & LOOKBACK_PREFIX) || t - i == first;
          }
        }
        if (done) break;
      }
      volatile u32* mine = lookback + tile * ONESWEEP_RADIX + d;
      *mine = LOOKBACK_PREFIX | (prefix + tile_count);
    }
  }
  ONESWEEP_STAMP(4);
  // the portion's digit offsets: wait until the previous portion's last tile has stored them
  if (portion > 0) {
    if (tid == 0) {
      const volatile u32* ready = scratch + ONESWEEP_READY + pass;
      while (*ready < (u32)portion) {
      }
      __threadfence();
    }
    __syncthreads();
  }
  if (d < ONESWEEP_RADIX) {
    if (portion > 0) offset = load_coherent(offsets + d);
    digit_base[d] = offset + prefix - local_start;
    if (hands_on) {
      offsets[passes * ONESWEEP_RADIX + d] = offset + prefix + tile_count;
      __threadfence();
    }
  }
  __syncthreads();
  if (hands_on && tid == 0) {
    volatile u32* ready = scratch + ONESWEEP_READY + pass;
    *ready = (u32)(portion + 1);
  }
  ONESWEEP_STAMP(5);

  // striped writes of the sorted tile: consecutive slots of a digit go to consecutive output slots
  u32 slot[ITEMS];
#pragma unroll
  for (int k = 0; k < ITEMS; ++k) {
    const u32 j = k * THREADS + tid;
    if (full || j < valid) {
      const R x = sorted.keys[j];
      slot[k] = digit_base[onesweep_digit(x, shift, mask)] + j;
      keys_out[slot[k]] = transform_out ? RadixKey<R, FLOATING>::key_of(x, descending) : x;
    }
  }
  if (HAS_VALUES) {
    if (ONESWEEP_VALUES_LATE) {
#pragma unroll
      for (int k = 0; k < ITEMS; ++k) {
        const u32 j = (warp * ITEMS + k) * WARP_SIZE + lane;
        value[k] = j < valid ? onesweep_load(values_in + base + j) : (V)0;
      }
    }
    __syncthreads();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) sorted.values[rank[k]] = value[k];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < ITEMS; ++k) {
      const u32 j = k * THREADS + tid;
      if (j < valid) values_out[slot[k]] = sorted.values[j];
    }
  }
  ONESWEEP_STAMP(6);
}

#define PRIMS_ONESWEEP_PASS_ARGS \
  i64 n, int pass, int begin_bit, int end_bit, int descending, i64 portion_tiles, u32 *scratch, u32 *lookback
#define PRIMS_ONESWEEP_PASS_PASS n, pass, begin_bit, end_bit, descending, portion_tiles, scratch, lookback

#define PRIMS_ONESWEEP_HISTOGRAMS_ENTRY(R, KID, FLOATING)                                            \
  extern "C" __global__ void __launch_bounds__(ONESWEEP_HIST_THREADS) onesweep_histograms_##KID(       \
      const R* keys, i64 n, int begin_bit, int end_bit, int descending, int keys_in_place,           \
      int values_in_place, u32* scratch) {                                                          \
    onesweep_histograms<R, FLOATING>(keys, n, begin_bit, end_bit, descending, keys_in_place,        \
                                     values_in_place, scratch);                                      \
  }
PRIMS_ONESWEEP_HISTOGRAMS_ENTRY(u32, int, false)
PRIMS_ONESWEEP_HISTOGRAMS_ENTRY(u32, float, true)
PRIMS_ONESWEEP_HISTOGRAMS_ENTRY(u64, long, false)
PRIMS_ONESWEEP_HISTOGRAMS_ENTRY(u64, double, true)

// onesweep_pass_<key>[_<value>]_<threads>x<items> (the tuning macros expanded before the name is
// pasted)
#define PRIMS_ONESWEEP_PASS_ENTRY(R, FLOATING, NAME, THREADS, ITEMS, MIN_BLOCKS) \
  PRIMS_ONESWEEP_PASS_ENTRY_(R, FLOATING, NAME, THREADS, ITEMS, MIN_BLOCKS)
#define PRIMS_ONESWEEP_PASS_ENTRY_(R, FLOATING, NAME, THREADS, ITEMS, MIN_BLOCKS)                      \
  extern "C" __global__ void __launch_bounds__(THREADS, MIN_BLOCKS)                                    \
      onesweep_pass_##NAME##_##THREADS##x##ITEMS(const R* keys_in, R* keys_scratch, R* keys_out,        \
                                                 PRIMS_ONESWEEP_PASS_ARGS) {                            \
    onesweep_pass<R, FLOATING, u32, false, THREADS, ITEMS>(keys_in, keys_scratch, keys_out, nullptr,    \
                                                           nullptr, nullptr, PRIMS_ONESWEEP_PASS_PASS);  \
  }
#define PRIMS_ONESWEEP_PAIRS_ENTRY(R, FLOATING, KID, V, VID, THREADS, ITEMS) \
  PRIMS_ONESWEEP_PAIRS_ENTRY_(R, FLOATING, V, KID##_##VID, THREADS, ITEMS)
#define PRIMS_ONESWEEP_PAIRS_ENTRY_(R, FLOATING, V, NAME, THREADS, ITEMS)                              \
  extern "C" __global__ void __launch_bounds__(THREADS, ONESWEEP_MIN_BLOCKS)                           \
      onesweep_pass_##NAME##_##THREADS##x##ITEMS(const R* keys_in, R* keys_scratch, R* keys_out,        \
                                                 const V* values_in, V* values_scratch, V* values_out,  \
                                                 PRIMS_ONESWEEP_PASS_ARGS) {                            \
    onesweep_pass<R, FLOATING, V, true, THREADS, ITEMS>(keys_in, keys_scratch, keys_out, values_in,     \
                                                        values_scratch, values_out,                     \
                                                        PRIMS_ONESWEEP_PASS_PASS);                      \
  }

// Every pass kernel, in order: KEYS(R, FLOATING, KID, THREADS, ITEMS, MIN_BLOCKS) for keys alone,
// PAIRS(R, FLOATING, KID, V, VID, THREADS, ITEMS) for keys with values (KID, VID the type ids);
// tools/cuda-experiments/sort_race.cu goes through the same list.
#define PRIMS_ONESWEEP_PASSES(KEYS, PAIRS)                                                          \
  KEYS(u32, false, int, ONESWEEP_THREADS_4, ONESWEEP_ITEMS_INT, ONESWEEP_MIN_BLOCKS_KEYS_4)         \
  KEYS(u32, true, float, ONESWEEP_THREADS_4, ONESWEEP_ITEMS_FLOAT, ONESWEEP_MIN_BLOCKS_KEYS_4)      \
  PAIRS(u32, false, int, u32, int, ONESWEEP_THREADS_4, ONESWEEP_ITEMS_4_PAIRS)                      \
  PAIRS(u32, true, float, u32, int, ONESWEEP_THREADS_4, ONESWEEP_ITEMS_4_PAIRS)                     \
  PAIRS(u32, false, int, u64, long, ONESWEEP_THREADS_8, ONESWEEP_ITEMS_8)                           \
  PAIRS(u32, true, float, u64, long, ONESWEEP_THREADS_8, ONESWEEP_ITEMS_8)                          \
  KEYS(u64, false, long, ONESWEEP_THREADS_8, ONESWEEP_ITEMS_8, ONESWEEP_MIN_BLOCKS)                 \
  KEYS(u64, true, double, ONESWEEP_THREADS_8, ONESWEEP_ITEMS_8, ONESWEEP_MIN_BLOCKS)                \
  PAIRS(u64, false, long, u32, int, ONESWEEP_THREADS_8, ONESWEEP_ITEMS_8)                           \
  PAIRS(u64, true, double, u32, int, ONESWEEP_THREADS_8, ONESWEEP_ITEMS_8)                          \
  PAIRS(u64, false, long, u64, long, ONESWEEP_THREADS_8, ONESWEEP_ITEMS_8)                          \
  PAIRS(u64, true, double, u64, long, ONESWEEP_THREADS_8, ONESWEEP_ITEMS_8)

PRIMS_ONESWEEP_PASSES(PRIMS_ONESWEEP_PASS_ENTRY, PRIMS_ONESWEEP_PAIRS_ENTRY)

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) onesweep_finish(const u32* keys_scratch, u32* keys_out,
                                                                         i64 key_words, const u32* values_scratch,
                                                                         u32* values_out, i64 value_words,
                                                                         const u32* scratch) {
  onesweep_finish_copy(keys_scratch, keys_out, key_words, values_scratch, values_out, value_words, scratch);
}
