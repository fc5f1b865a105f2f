// LSD radix sort entry points, the twin of the OpenCL backend's sort.cl (same kernels, parameters
// and tuning constants; dev.prims.spi.DeviceSorter mirrors the constants). Keys are sorted by their
// radix bits (an unsigned integer whose order is the sort order, see dev.prims.spi.Sorter),
// DIGIT_BITS-wide digits from the lowest bit asked for. The first pass reads the keys and turns
// them into radix bits as it loads them (transform_in), the last turns them back as it writes them
// (transform_out); where the last pass cannot write the output (a sort in place with an odd number
// of passes), sort_bits_to_keys does. One pass over bits [shift, shift + digit_bits) is three
// steps:
//  sort_tile_histograms: every block counts the digits of its tile of TILE keys and writes the
//    counts digit-major (counts[digit * tiles + tile]);
//  the driver's exclusive scan of those counts (the reduce-then-scan kernels of int sums) gives
//    every tile the first output slot of each of its digits, tiles in order within a digit;
//  sort_scatter: every block sorts its tile by the digit in shared memory, stably
//    (block_radix_split_sort), and writes each key to its digit's slot plus its rank among the
//    tile's keys of that digit.
// Keys past the end of the input are padded with all-ones radix bits: they sort after every real
// key of the tile and are not written. Entry points are suffixed with the key type (int, long,
// float, double) and, for sort_scatter with values, the value type (int, long).
#include "../common.cuh"
#include "../block/block_radix_split.cuh"
#include "../block/radix_key.cuh"

#define ITEMS_PER_THREAD 8
#define DIGIT_BITS 8
#define TILE (BLOCK_SIZE * ITEMS_PER_THREAD)
#define RADIX (1 << DIGIT_BITS)
#define PADDED_TILE RADIX_PAD(TILE)

typedef unsigned u32;

// keys[i] = key bits of bits[i] (bits may be keys).
template <typename R, bool FLOATING>
__device__ void sort_bits_to_keys(const R* bits, R* keys, i64 n, int descending) {
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  for (i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += stride) {
    keys[i] = RadixKey<R, FLOATING>::key_of(bits[i], descending);
  }
}

// counts[digit * tiles + tile]: keys of the tile whose digit at shift is digit (the input turned
// into radix bits first when transform_in).
template <typename R, bool FLOATING>
__device__ void sort_tile_histograms(const R* bits, i64 n, int shift, int digit_bits, u32* counts, i64 tiles,
                                     int transform_in, int descending) {
  __shared__ u32 tile_counts[RADIX];
  for (int d = threadIdx.x; d < RADIX; d += BLOCK_SIZE) tile_counts[d] = 0;
  __syncthreads();
  const i64 tile = blockIdx.x;
  const i64 base = tile * TILE;
  const unsigned mask = (1u << digit_bits) - 1;
#pragma unroll
  for (int k = 0; k < ITEMS_PER_THREAD; ++k) {
    const i64 i = base + k * BLOCK_SIZE + threadIdx.x;
    if (i < n) {
      const R x = transform_in ? RadixKey<R, FLOATING>::bits_of(bits[i], descending) : bits[i];
      atomicAdd(&tile_counts[radix_digit(x, shift, mask)], 1u);
    }
  }
  __syncthreads();
  for (int d = threadIdx.x; d < RADIX; d += BLOCK_SIZE) counts[d * tiles + tile] = tile_counts[d];
}

// Moves every key of the tile (and its value) to offsets[digit * tiles + tile] plus its stable rank
// among the tile's keys of that digit; offsets is the exclusive scan of sort_tile_histograms.
// transform_in: the input holds keys, turned into radix bits as they load; transform_out: the output
// gets keys, turned back from radix bits as they are written.
template <typename R, bool FLOATING, typename V, bool HAS_VALUES>
__device__ void sort_scatter(const R* bits_in, R* bits_out, const V* values_in, V* values_out, i64 n,
                             int shift, int digit_bits, const u32* offsets, i64 tiles, int transform_in,
                             int transform_out, int descending) {
  __shared__ R tile_keys[PADDED_TILE];
  __shared__ V tile_values[HAS_VALUES ? PADDED_TILE : 1];
  __shared__ u32 digit_start[RADIX];
  __shared__ u32 digit_offset[RADIX];
  const unsigned tid = threadIdx.x;
  const i64 tile = blockIdx.x;
  const i64 base = tile * TILE;
  const unsigned valid = (unsigned)(n - base < TILE ? n - base : TILE);
  const unsigned mask = (1u << digit_bits) - 1;

  // striped (coalesced) loads into shared memory; each thread then takes consecutive items
#pragma unroll
  for (int k = 0; k < ITEMS_PER_THREAD; ++k) {
    const unsigned j = k * BLOCK_SIZE + tid;
    R x = ~(R)0;
    if (j < valid) {
      x = bits_in[base + j];
      if (transform_in) x = RadixKey<R, FLOATING>::bits_of(x, descending);
    }
    tile_keys[RADIX_PAD(j)] = x;
    if (HAS_VALUES) tile_values[RADIX_PAD(j)] = j < valid ? values_in[base + j] : (V)0;
  }
  for (int d = tid; d < RADIX; d += BLOCK_SIZE) digit_offset[d] = offsets[d * tiles + tile];
  __syncthreads();
  R key[ITEMS_PER_THREAD];
  V value[ITEMS_PER_THREAD];
#pragma unroll
  for (int k = 0; k < ITEMS_PER_THREAD; ++k) {
    key[k] = tile_keys[RADIX_PAD(tid * ITEMS_PER_THREAD + k)];
    value[k] = HAS_VALUES ? tile_values[RADIX_PAD(tid * ITEMS_PER_THREAD + k)] : (V)0;
  }
  __syncthreads();
  block_radix_split_sort<ITEMS_PER_THREAD, R, V, HAS_VALUES>(key, value, tile_keys, tile_values, shift,
                                                             digit_bits);

  // the first slot of each digit in the sorted tile, then the striped (coalesced) writes
#pragma unroll
  for (int k = 0; k < ITEMS_PER_THREAD; ++k) {
    const unsigned j = k * BLOCK_SIZE + tid;
    if (j < valid) {
      const unsigned d = radix_digit(tile_keys[RADIX_PAD(j)], shift, mask);
      if (j == 0 || radix_digit(tile_keys[RADIX_PAD(j - 1)], shift, mask) != d) digit_start[d] = j;
    }
  }
  __syncthreads();
#pragma unroll
  for (int k = 0; k < ITEMS_PER_THREAD; ++k) {
    const unsigned j = k * BLOCK_SIZE + tid;
    if (j < valid) {
      const R x = tile_keys[RADIX_PAD(j)];
      const unsigned d = radix_digit(x, shift, mask);
      const i64 at = (i64)digit_offset[d] + (j - digit_start[d]);
      bits_out[at] = transform_out ? RadixKey<R, FLOATING>::key_of(x, descending) : x;
      if (HAS_VALUES) values_out[at] = tile_values[RADIX_PAD(j)];
    }
  }
}

#define PRIMS_SORT_SCATTER_ARGS                                                                         \
  i64 n, int shift, int digit_bits, const u32 *offsets, i64 tiles, int transform_in, int transform_out, \
      int descending
#define PRIMS_SORT_SCATTER_PASS n, shift, digit_bits, offsets, tiles, transform_in, transform_out, descending

#define PRIMS_SORT_KEY_ENTRIES(R, KID, FLOATING)                                                         \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) sort_bits_to_keys_##KID(                     \
      const R* bits, R* keys, i64 n, int descending) {                                                   \
    sort_bits_to_keys<R, FLOATING>(bits, keys, n, descending);                                          \
  }                                                                                                      \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) sort_tile_histograms_##KID(                  \
      const R* bits, i64 n, int shift, int digit_bits, u32* counts, i64 tiles, int transform_in,         \
      int descending) {                                                                                  \
    sort_tile_histograms<R, FLOATING>(bits, n, shift, digit_bits, counts, tiles, transform_in,          \
                                      descending);                                                       \
  }                                                                                                      \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) sort_scatter_##KID(                          \
      const R* bits_in, R* bits_out, PRIMS_SORT_SCATTER_ARGS) {                                          \
    sort_scatter<R, FLOATING, u32, false>(bits_in, bits_out, nullptr, nullptr, PRIMS_SORT_SCATTER_PASS); \
  }                                                                                                      \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) sort_scatter_##KID##_int(                    \
      const R* bits_in, R* bits_out, const u32* values_in, u32* values_out, PRIMS_SORT_SCATTER_ARGS) {   \
    sort_scatter<R, FLOATING, u32, true>(bits_in, bits_out, values_in, values_out,                      \
                                         PRIMS_SORT_SCATTER_PASS);                                       \
  }                                                                                                      \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) sort_scatter_##KID##_long(                   \
      const R* bits_in, R* bits_out, const u64* values_in, u64* values_out, PRIMS_SORT_SCATTER_ARGS) {   \
    sort_scatter<R, FLOATING, u64, true>(bits_in, bits_out, values_in, values_out,                      \
                                         PRIMS_SORT_SCATTER_PASS);                                       \
  }

PRIMS_SORT_KEY_ENTRIES(u32, int, false)
PRIMS_SORT_KEY_ENTRIES(u64, long, false)
PRIMS_SORT_KEY_ENTRIES(u32, float, true)
PRIMS_SORT_KEY_ENTRIES(u64, double, true)
