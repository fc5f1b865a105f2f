// prims-ptx-arch: compute_90
// Histogram with Hopper bulk copies: each block streams its tiles of the input through
// shared-memory stages (block_bulk_tiles.cuh), so the copy engine keeps whole tiles in flight while
// the threads count the stage that has arrived into `copies` private 32-bit sub-histograms (warp w
// uses copy w % copies, BULK_HISTOGRAM_COUNTERS counters in all), merged into the 64-bit global
// counts at the end; the elements after the last whole tile are read directly. Counts are zero on
// entry; values outside every bin are added to *out_of_range. Launch with BULK_STAGES *
// BULK_STAGE_BYTES bytes of dynamic shared memory; the input must be 16-byte aligned and each block
// must count under 2^32 elements.
#include "../common.cuh"
#include "../block/block_bulk_tiles.cuh"
#include "../block/histogram_bins.cuh"

#define BULK_HISTOGRAM_COUNTERS 2048

template <typename T, typename Bins>
__device__ void histogram_bulk(const T* input, i64 n, Bins bins, int copies, u64* counts, u64* out_of_range) {
  __shared__ unsigned private_counts[BULK_HISTOGRAM_COUNTERS];
  for (int b = threadIdx.x; b < bins.bins * copies; b += BLOCK_SIZE) private_counts[b] = 0;
  __syncthreads();
  unsigned* mine = private_counts + (threadIdx.x / WARP_SIZE % copies) * bins.bins;
  u64 outside = 0;
  for_each_bulk_element(input, n, [&](int, T x) { count_privately(bins, x, mine, outside); });
  __syncthreads();
  merge_private_counts(private_counts, bins.bins, copies, counts);
  add_out_of_range(outside, out_of_range);
}

#define PRIMS_HISTOGRAM_BULK_ENTRY(C, TID, PARAMS, MAKE)                                               \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) histogram_bulk_##TID(                       \
      const C* input, i64 n, PARAMS, int copies, u64* counts, u64* out_of_range) {                     \
    histogram_bulk<C>(input, n, MAKE, copies, counts, out_of_range);                                   \
  }

#define COMMA ,
PRIMS_HISTOGRAM_BULK_ENTRY(int, int, int bins, (KeyBins{bins}))
PRIMS_HISTOGRAM_BULK_ENTRY(i64, long, int bins, (KeyBins{bins}))
PRIMS_HISTOGRAM_BULK_ENTRY(float, float, int bins COMMA float lo COMMA float hi COMMA float scale,
                           (EvenBinsFloat{bins COMMA lo COMMA hi COMMA scale}))
PRIMS_HISTOGRAM_BULK_ENTRY(double, double, int bins COMMA double lo COMMA double hi COMMA double scale,
                           (EvenBinsDouble{bins COMMA lo COMMA hi COMMA scale}))
