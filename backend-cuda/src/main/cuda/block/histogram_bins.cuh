// The bins of the histogram kernels (histogram.cu, histogram_bulk.cu): integer keys and even bins
// in the data's own type (dev.prims.EvenBins), and the block's out-of-range count.
#pragma once
#include "../common.cuh"
#include "block_reduce.cuh"

// Integer keys: key k is bin k when 0 <= k < bins.
struct KeyBins {
  int bins;
  __device__ __forceinline__ int bin_of(int key) const { return key >= 0 && key < bins ? key : -1; }
  __device__ __forceinline__ int bin_of(i64 key) const { return key >= 0 && key < (i64)bins ? (int)key : -1; }
};

// (v - lo) * scale from two separately rounded operations.
__device__ __forceinline__ float even_bin_position(float v, float lo, float scale) {
  return __fmul_rn(__fsub_rn(v, lo), scale);
}
__device__ __forceinline__ double even_bin_position(double v, double lo, double scale) {
  return __dmul_rn(__dsub_rn(v, lo), scale);
}

// Even bins, exactly dev.prims.EvenBins: in range when v >= lo && v < hi; t = (v - lo) * scale from
// two separately rounded operations; bin t < bins ? (int)t : bins - 1, and a NaN t is out of range.
template <typename T>
struct EvenBins {
  int bins;
  T lo, hi, scale;
  __device__ __forceinline__ int bin_of(T v) const {
    if (!(v >= lo && v < hi)) return -1;
    const T t = even_bin_position(v, lo, scale);
    if (!(t >= 0)) return -1;
    return t < bins ? (int)t : bins - 1;
  }
};
typedef EvenBins<float> EvenBinsFloat;
typedef EvenBins<double> EvenBinsDouble;

__device__ __forceinline__ void add_out_of_range(u64 count, u64* out_of_range) {
  count = block_reduce<OpSum>((i64)count);
  if (threadIdx.x == 0 && count != 0) atomicAdd(out_of_range, count);
}

// Counts x into a block's private 32-bit counters, bin b at mine[b * bin_stride] (or one more
// outside every bin).
template <typename Bins, typename T>
__device__ __forceinline__ void count_privately(const Bins& bins, T x, unsigned* mine, int bin_stride,
                                                u64& outside) {
  const int b = bins.bin_of(x);
  if (b >= 0) atomicAdd(mine + b * bin_stride, 1u);
  else ++outside;
}

// Adds the block's `copies` private sub-histograms (copy k's bin b at k * copy_stride + b *
// bin_stride) into the global counts (one 64-bit atomic per non-empty bin), after the block's
// barrier. Thread b starts at copy b, so neighbouring threads read different banks in either
// layout.
__device__ __forceinline__ void merge_private_counts(const unsigned* private_counts, int bins, int copies,
                                                     int copy_stride, int bin_stride, u64* counts) {
  for (int b = threadIdx.x; b < bins; b += BLOCK_SIZE) {
    u64 c = 0;
    for (int k = 0; k < copies; ++k) c += private_counts[(k + b) % copies * copy_stride + b * bin_stride];
    if (c != 0) atomicAdd(counts + b, c);
  }
}
