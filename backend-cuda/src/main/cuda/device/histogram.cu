// Histogram entry points: global atomics, privatised shared-memory atomics merged into the
// global counts, and sort-reduce (each block sorts a tile of bin numbers in shared memory and adds
// one count per run of equal bins, so many-bin histograms need far fewer global atomics). Counts
// are 64-bit and zero on entry; values outside every bin are added to *out_of_range.
#include "../common.cuh"
#include "../warp/warp_reduce.cuh"
#include "../block/block_reduce.cuh"
#include "../block/block_scan.cuh"
#include "../block/block_sort.cuh"
#include "../block/histogram_bins.cuh"

// One atomic add to the global counts per element.
template <typename T, typename Bins>
__device__ void histogram_global_atomics(const T* input, i64 n, Bins bins, u64* counts, u64* out_of_range) {
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  u64 outside = 0;
  for (i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += stride) {
    const int b = bins.bin_of(input[i]);
    if (b >= 0) atomicAdd(counts + b, 1ull);
    else ++outside;
  }
  add_out_of_range(outside, out_of_range);
}

// Privatised: `copies` 32-bit sub-histograms per block in dynamic shared memory (warp w uses copy
// w % copies), 16-byte loads, then one 64-bit atomic per non-empty bin and block. The driver keeps
// each block under 2^32 elements.
template <typename T, typename Bins>
__device__ void histogram_shared_atomics(const T* input, i64 n, Bins bins, int copies, u64* counts, u64* out_of_range) {
  extern __shared__ unsigned private_counts[];
  const int total_bins = bins.bins * copies;
  for (int b = threadIdx.x; b < total_bins; b += BLOCK_SIZE) private_counts[b] = 0;
  __syncthreads();
  unsigned* mine = private_counts + (threadIdx.x / WARP_SIZE % copies) * bins.bins;
  typedef typename Vec<T>::type V;
  const int W = Vec<T>::width;
  const V* vectors = reinterpret_cast<const V*>(input);
  const i64 vector_count = n / W;
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  u64 outside = 0;
  for (i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < vector_count; i += stride) {
    const V v = __ldg(vectors + i);
#pragma unroll
    for (int w = 0; w < W; ++w) count_privately(bins, vec_lane(v, w), mine, 1, outside);
  }
  const i64 tail = vector_count * W + (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (tail < n) count_privately(bins, input[tail], mine, 1, outside);
  __syncthreads();
  merge_private_counts(private_counts, bins.bins, copies, bins.bins, 1, counts);
  add_out_of_range(outside, out_of_range);
}

#define SORT_TILE (BLOCK_SIZE * SORT_ITEMS_PER_THREAD)
#define NO_BIN 0x7fffffff

// Sort-reduce: per tile, bin numbers are sorted in shared memory; each run of equal bins is
// counted with one atomic (its length comes from a max-scan of the run starts).
template <typename T, typename Bins>
__device__ void histogram_sort_reduce(const T* input, i64 n, Bins bins, u64* counts, u64* out_of_range) {
  __shared__ int keys[SORT_TILE];
  u64 outside = 0;
  for (i64 base = (i64)blockIdx.x * SORT_TILE; base < n; base += (i64)SORT_TILE * gridDim.x) {
    for (int j = threadIdx.x; j < SORT_TILE; j += BLOCK_SIZE) {
      int b = NO_BIN;
      if (base + j < n) {
        b = bins.bin_of(input[base + j]);
        if (b < 0) {
          ++outside;
          b = NO_BIN;
        }
      }
      keys[j] = b;
    }
    block_bitonic_sort(keys, SORT_TILE);
    // Thread t owns positions [t * ITEMS, (t + 1) * ITEMS): find each run's start by a max-scan.
    const int first = threadIdx.x * SORT_ITEMS_PER_THREAD;
    int starts[SORT_ITEMS_PER_THREAD];
    int running = 0;
#pragma unroll
    for (int k = 0; k < SORT_ITEMS_PER_THREAD; ++k) {
      const int p = first + k;
      const int start = (p == 0 || keys[p] != keys[p - 1]) ? p : 0;
      running = start > running ? start : running;
      starts[k] = running;
    }
    int tile_max;
    const int before = block_exclusive_scan<OpMax>(running, tile_max);
#pragma unroll
    for (int k = 0; k < SORT_ITEMS_PER_THREAD; ++k) {
      const int p = first + k;
      const int start = starts[k] > before ? starts[k] : before;
      const int key = keys[p];
      const bool run_end = p == SORT_TILE - 1 || keys[p + 1] != key;
      if (run_end && key != NO_BIN) atomicAdd(counts + key, (u64)(p + 1 - start));
    }
    __syncthreads();
  }
  add_out_of_range(outside, out_of_range);
}

#define PRIMS_HISTOGRAM_VARIANTS(C, TID, BINS, PARAMS, MAKE)                                          \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) histogram_global_atomics_##TID(             \
      const C* input, i64 n, PARAMS, u64* counts, u64* out_of_range) {                                 \
    histogram_global_atomics<C>(input, n, MAKE, counts, out_of_range);                                 \
  }                                                                                                    \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) histogram_shared_atomics_##TID(             \
      const C* input, i64 n, PARAMS, int copies, u64* counts, u64* out_of_range) {                     \
    histogram_shared_atomics<C>(input, n, MAKE, copies, counts, out_of_range);                         \
  }                                                                                                    \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) histogram_sort_reduce_##TID(                \
      const C* input, i64 n, PARAMS, u64* counts, u64* out_of_range) {                                 \
    histogram_sort_reduce<C>(input, n, MAKE, counts, out_of_range);                                    \
  }

#define COMMA ,
PRIMS_HISTOGRAM_VARIANTS(int, int, KeyBins, int bins, (KeyBins{bins}))
PRIMS_HISTOGRAM_VARIANTS(i64, long, KeyBins, int bins, (KeyBins{bins}))
PRIMS_HISTOGRAM_VARIANTS(float, float, EvenBinsFloat, int bins COMMA float lo COMMA float hi COMMA float scale,
                         (EvenBinsFloat{bins COMMA lo COMMA hi COMMA scale}))
PRIMS_HISTOGRAM_VARIANTS(double, double, EvenBinsDouble, int bins COMMA double lo COMMA double hi COMMA double scale,
                         (EvenBinsDouble{bins COMMA lo COMMA hi COMMA scale}))
