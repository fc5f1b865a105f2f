// prims-ptx-arch: compute_90
// Histogram with Hopper bulk copies: each block streams its tiles of the input through
// shared-memory stages (block_bulk_tiles.cuh), so the copy engine keeps whole tiles in flight while
// the threads count the stage that has arrived into private 32-bit counters, merged into the 64-bit
// global counts at the end; the elements after the last whole tile are read directly. Two layouts
// of the private counters:
//   histogram_bulk_<type>        `copies` sub-histograms, warp w counting into copy w % copies
//                                (BULK_HISTOGRAM_COUNTERS counters in all, up to 2048 bins)
//   histogram_bulk_lanes_<type>  one sub-histogram per lane, shared by the block's warps, bin b of
//                                lane l at b * 32 + l: a warp's 32 atomics fall in 32 different
//                                banks whatever the bins (up to BULK_LANE_MAX_BINS bins)
// Counts are zero on entry; values outside every bin are added to *out_of_range. Launch with
// BULK_STAGES * BULK_STAGE_BYTES bytes of dynamic shared memory; the input must be 16-byte aligned
// and each block must count under 2^32 elements.
#include "../common.cuh"
#include "../block/block_bulk_tiles.cuh"
#include "../block/histogram_bins.cuh"

#define BULK_HISTOGRAM_COUNTERS 2048
#define BULK_LANE_MAX_BINS 256

// Counts into `copies` private sub-histograms of bins.bins counters, copy k's bin b at
// k * copy_stride + b * bin_stride; the thread counts into copy `mine`. COUNTERS >= copies * bins.
template <int COUNTERS, typename T, typename Bins>
__device__ void histogram_bulk(const T* input, i64 n, Bins bins, int copies, int mine, int copy_stride,
                               int bin_stride, u64* counts, u64* out_of_range) {
  __shared__ unsigned private_counts[COUNTERS];
  for (int b = threadIdx.x; b < bins.bins * copies; b += BLOCK_SIZE) private_counts[b] = 0;
  __syncthreads();
  unsigned* own = private_counts + mine * copy_stride;
  u64 outside = 0;
  for_each_bulk_element(input, n, [&](int, T x) { count_privately(bins, x, own, bin_stride, outside); });
  __syncthreads();
  merge_private_counts(private_counts, bins.bins, copies, copy_stride, bin_stride, counts);
  add_out_of_range(outside, out_of_range);
}

#define PRIMS_HISTOGRAM_BULK_ENTRY(C, TID, PARAMS, MAKE)                                               \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) histogram_bulk_##TID(                       \
      const C* input, i64 n, PARAMS, int copies, u64* counts, u64* out_of_range) {                     \
    histogram_bulk<BULK_HISTOGRAM_COUNTERS, C>(input, n, MAKE, copies, threadIdx.x / WARP_SIZE % copies, \
                                               bins, 1, counts, out_of_range);                          \
  }                                                                                                    \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) histogram_bulk_lanes_##TID(                 \
      const C* input, i64 n, PARAMS, u64* counts, u64* out_of_range) {                                 \
    histogram_bulk<BULK_LANE_MAX_BINS * WARP_SIZE, C>(input, n, MAKE, WARP_SIZE, threadIdx.x % WARP_SIZE, 1, \
                                                      WARP_SIZE, counts, out_of_range);                 \
  }

#define COMMA ,
PRIMS_HISTOGRAM_BULK_ENTRY(int, int, int bins, (KeyBins{bins}))
PRIMS_HISTOGRAM_BULK_ENTRY(i64, long, int bins, (KeyBins{bins}))
PRIMS_HISTOGRAM_BULK_ENTRY(float, float, int bins COMMA float lo COMMA float hi COMMA float scale,
                           (EvenBinsFloat{bins COMMA lo COMMA hi COMMA scale}))
PRIMS_HISTOGRAM_BULK_ENTRY(double, double, int bins COMMA double lo COMMA double hi COMMA double scale,
                           (EvenBinsDouble{bins COMMA lo COMMA hi COMMA scale}))
