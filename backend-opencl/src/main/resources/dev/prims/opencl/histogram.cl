// Histogram kernels. Needs common.cl (built with OP_SUM; T is the input type). EVEN_BINS selects
// the even-bin formula of dev.prims.EvenBins (lo, hi, scale computed on the host in T);
// otherwise the input holds integer keys and key k counts in bin k when 0 <= k < bins.
// Slot `bins` of every count array collects the values that fall outside every bin.
//
//  global-atomics: every work-item increments the global totals (64-bit atom_inc with
//    USE_INT64_ATOMICS, else 32-bit counts of one slice that the host merges).
//  shared-atomics: one privatised histogram per work-group in local memory (four-wide grid-stride
//    loads), merged at the end
//    (64-bit atom_add into totals with USE_INT64_ATOMICS, else one partial row per work-group).
//  per-thread: one private histogram per work-item (rows in global memory, no atomics),
//    summed per bin by histogram_merge.

inline int bin_of(T v, T lo, T hi, T scale, int bins) {
#ifdef EVEN_BINS
  if (!(v >= lo && v < hi)) return bins;
  T offset = v - lo;
  T scaled = offset * scale;
  // (int) of a value outside int's range or of NaN is undefined in OpenCL C: convert only [0, bins)
  if (!(scaled >= 0)) return bins;
  return scaled < bins ? (int)scaled : bins - 1;
#else
  return (v >= 0 && v < bins) ? (int)v : bins;
#endif
}

/* The global counts of global-atomics: 64-bit totals with USE_INT64_ATOMICS, else 32-bit counts. */
#ifdef USE_INT64_ATOMICS
#define GLOBAL_COUNT_T ulong
#define GLOBAL_COUNT_INC atom_inc
#else
#define GLOBAL_COUNT_T uint
#define GLOBAL_COUNT_INC atomic_inc
#endif

__kernel REQUIRE_BLOCK void histogram_global_atomics(__global const T* input, ulong n, T lo,
                                                     T hi, T scale, int bins,
                                                     __global GLOBAL_COUNT_T* counts OP_PARAM) {
  ulong threads = get_global_size(0);
  for (ulong i = get_global_id(0); i < n; i += threads) {
    GLOBAL_COUNT_INC(&counts[bin_of(input[i], lo, hi, scale, bins)]);
  }
}

__kernel REQUIRE_BLOCK void histogram_shared_atomics(__global const T* input, ulong n, T lo,
                                                     T hi, T scale, int bins,
                                                     __local uint* local_counts,
#ifdef USE_INT64_ATOMICS
                                                     __global ulong* totals
#else
                                                     __global uint* partials
#endif
 OP_PARAM) {
  uint tid = get_local_id(0);
  for (int b = tid; b <= bins; b += BLOCK_SIZE) local_counts[b] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  ulong gid = get_global_id(0);
  ulong threads = get_global_size(0);
  ulong quads = n / 4;
  __global const T4* input4 = (__global const T4*)input;
  for (ulong q = gid; q < quads; q += threads) {
    T4 v = input4[q];
    atomic_inc(&local_counts[bin_of(v.x, lo, hi, scale, bins)]);
    atomic_inc(&local_counts[bin_of(v.y, lo, hi, scale, bins)]);
    atomic_inc(&local_counts[bin_of(v.z, lo, hi, scale, bins)]);
    atomic_inc(&local_counts[bin_of(v.w, lo, hi, scale, bins)]);
  }
  ulong tail = quads * 4 + gid;
  if (tail < n) atomic_inc(&local_counts[bin_of(input[tail], lo, hi, scale, bins)]);
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int b = tid; b <= bins; b += BLOCK_SIZE) {
    uint c = local_counts[b];
#ifdef USE_INT64_ATOMICS
    if (c != 0) atom_add(&totals[b], (ulong)c);
#else
    partials[(ulong)get_group_id(0) * (bins + 1) + b] = c;
#endif
  }
}

/* rows: one private histogram of bins + 1 counts per work-item, zeroed by the host. */
__kernel REQUIRE_BLOCK void histogram_per_thread(__global const T* input, ulong n, T lo, T hi,
                                                 T scale, int bins, __global uint* rows OP_PARAM) {
  ulong gid = get_global_id(0);
  ulong threads = get_global_size(0);
  __global uint* mine = rows + gid * (bins + 1);
  for (ulong i = gid; i < n; i += threads) {
    mine[bin_of(input[i], lo, hi, scale, bins)]++;
  }
}

/* totals[b] += sum over rows of partials[row][b], for b in 0..bins. */
__kernel REQUIRE_BLOCK void histogram_merge(__global const uint* partials, ulong rows, int bins,
                                            __global ulong* totals OP_PARAM) {
  ulong b = get_global_id(0);
  if (b <= (ulong)bins) {
    ulong sum = 0;
    for (ulong r = 0; r < rows; r++) sum += partials[r * (bins + 1) + b];
    totals[b] += sum;
  }
}
