// Sort race: prims' onesweep radix sort (sort_onesweep.cu) against CUB's DeviceRadixSort on the
// same input, checked bit-exact and timed in one process. Three prims candidates run:
//   prims-ptx  the committed PTX (sort_onesweep.ptx), loaded with the CUDA driver API as the Java backend
//        loads it, with the tiles per type that dev.prims.cuda.CudaSortPolicy gives (ptx_tile
//        below mirrors it; the pass kernels' names carry their tiles, so a mismatch fails to load);
//   prims-src  the same source compiled into this binary, with the tuning macros given at build time
//        (per type -DONESWEEP_THREADS_4=..., -DONESWEEP_ITEMS_INT=..., -DONESWEEP_ITEMS_FLOAT=...,
//        -DONESWEEP_ITEMS_4_PAIRS=..., -DONESWEEP_THREADS_8=..., -DONESWEEP_ITEMS_8=...; and
//        -DONESWEEP_DIGIT_BITS=..., -DONESWEEP_HIST_ITEMS=..., -DONESWEEP_HIST_BLOCKS_PER_SM=...,
//        -DONESWEEP_MIN_BLOCKS=..., the knobs of sort_onesweep.cu such as -DONESWEEP_LOOKBACK_WINDOW=...,
//        -DONESWEEP_PROFILE to print the pass kernel's clock cycles per phase and tile after the
//        stages), so that tunings can be tried without regenerating the PTX. A tile must fit 48 KiB
//        of static shared memory (THREADS * ITEMS * max(key, value bytes) + THREADS / 32 *
//        2^DIGIT_BITS * 4 bytes and a little more);
//   variant PTX  (with a variants directory) every sort_onesweep__*.ptx there, as
//        tools/cuda-experiments/build-sort-variants.sh compiles them from the same source with -D
//        overrides named in the file name (sort_onesweep__ONESWEEP_LOOKBACK_WINDOW_8.ptx: macro
//        ONESWEEP_LOOKBACK_WINDOW = 8), loaded like prims-ptx; the launch side takes the tiles,
//        digit bits and histogram grid from the overrides (the committed values otherwise). The
//        candidate's name is the overrides without the ONESWEEP_ prefixes (LOOKBACK_WINDOW=8);
//   lsd-radix-ptx  today's default CUDA sort (the committed sort.ptx): per pass tile histograms,
//        the scan of the counts (CUB's DeviceScan::ExclusiveSum standing in for the backend's
//        reduce-then-scan) and a scatter.
// Every timed case, and a set of checks at small sizes (odd sizes, several portions, descending,
// bit ranges, 64-bit keys, long values, many equal keys), compares each candidate's keys (and
// values) with CUB's SortKeys/SortPairs (stable, so the values pin down stability); any difference
// prints MISMATCH with the first differing index and the run exits 1 at the end.
// Timing: CUDA events around one whole sort call (the memsets and every launch included), best of
// 20 after 3 warm-up calls. For the int keys of the largest size, each candidate's row is followed
// by its stages (events between the memsets and launches: histograms, look-back memsets, passes;
// for lsd-radix per pass histograms, scan, scatter), each the best of the reps, and their sum. CUB's uint32 SortKeys is timed as well for reference (prims has no
// unsigned keys; its int keys are sorted by the same radix bits with the sign bit flipped, as CUB
// does for int32).
// Inputs: int keys random 32-bit; float keys random finite bit patterns of both signs (no NaN,
// no zeros: CUB and prims may order -0.0/0.0 or NaN payloads differently); values = index; the
// timed "int<1000" row sorts int keys in [0, 1000) (all 32 bits), where the high digits are the
// same for every key.
//
// Build (from the repository root; needs CUB from the CUDA toolkit; takes minutes):
//   nvcc -O3 -std=c++17 -arch=sm_90 -o /tmp/sort_race tools/cuda-experiments/sort_race.cu
//   (the driver API is reached through the runtime, so libcuda is not needed at link time; adding
//   -lcuda is harmless where libcuda is installed)
//   (tunings of the src candidate: add e.g. -DONESWEEP_THREADS_4=512 -DONESWEEP_ITEMS_INT=15)
// Run (from the repository root, or give the PTX directory):
//   /tmp/sort_race [ptx directory with sort_onesweep.ptx and sort.ptx
//                   = backend-cuda/src/main/resources/dev/prims/cuda/ptx]
//                  [log2 sizes = 24,28, comma-separated] [reps = 20]
//                  [variants directory = none; "-" for none]
//                  [timed rows = int,float,int+int,int<1000, comma-separated; also float+int]
//   e.g. the candidates of build-sort-variants.sh:
//   /tmp/sort_race backend-cuda/src/main/resources/dev/prims/cuda/ptx 24,28 20 target/sort-variants
//   (a short race: 2^28 alone, 10 reps, the int and int+int rows:
//   /tmp/sort_race backend-cuda/src/main/resources/dev/prims/cuda/ptx 28 10 target/sort-variants int,int+int)
// Exit status: 0 when every check matched CUB, 1 on any MISMATCH or CUDA error, 2 on bad arguments.
#include <cub/cub.cuh>
#include <cuda.h>
#include <cuda_runtime.h>

// the src candidate: the production kernels compiled here
#include "../../backend-cuda/src/main/cuda/device/sort_onesweep.cu"
#include "harness_driver.cuh"

#include <algorithm>
#include <filesystem>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

// The driver API functions used, taken from the runtime (harness_driver.cuh).
static decltype(&::cuModuleLoadData) drv_cuModuleLoadData;
static decltype(&::cuModuleGetFunction) drv_cuModuleGetFunction;
static decltype(&::cuLaunchKernel) drv_cuLaunchKernel;
static decltype(&::cuMemsetD32Async) drv_cuMemsetD32Async;
static decltype(&::cuMemAlloc) drv_cuMemAlloc;
static decltype(&::cuMemFree) drv_cuMemFree;
static decltype(&::cuOccupancyMaxActiveBlocksPerMultiprocessor) drv_cuOccupancyMaxActiveBlocksPerMultiprocessor;
static int sm_count;  // the device's SMs

static void load_driver() {
  driver_entry("cuModuleLoadData", drv_cuModuleLoadData);
  driver_entry("cuModuleGetFunction", drv_cuModuleGetFunction);
  driver_entry("cuLaunchKernel", drv_cuLaunchKernel);
  driver_entry("cuMemsetD32Async", drv_cuMemsetD32Async);
  driver_entry("cuMemAlloc", drv_cuMemAlloc);
  driver_entry("cuMemFree", drv_cuMemFree);
  driver_entry("cuOccupancyMaxActiveBlocksPerMultiprocessor", drv_cuOccupancyMaxActiveBlocksPerMultiprocessor);
}

// ---------------------------------------------------------------------------------------------
// Inputs
enum Dist { RANDOM = 0, FINITE_FLOAT = 1, FEW = 2 };

__device__ __forceinline__ unsigned mix32(unsigned long long i, unsigned seed) {
  unsigned long long z = i * 0x9E3779B97F4A7C15ull + seed * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (unsigned)(z ^ (z >> 31));
}

template <typename U>
__global__ void fill_keys(U* keys, long long n, int dist, unsigned seed) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x) {
    U x = (U)mix32(i, seed);
    if (sizeof(U) == 8) x = (U)(((unsigned long long)x << 32) | mix32(i, seed ^ 0x5bd1e995u));
    if (dist == FEW) x = (U)(mix32(i, seed) % 1000u);
    if (dist == FINITE_FLOAT) {
      const U exponent = sizeof(U) == 4 ? (U)0x7f800000u : (U)0x7ff0000000000000ull;
      const U magnitude = ~((U)1 << (sizeof(U) * 8 - 1));
      if ((x & exponent) == exponent) x ^= (U)1 << (sizeof(U) * 8 - 3);  // no Inf/NaN
      if ((x & magnitude) == 0) x |= 1;                                    // no zeros
    }
    keys[i] = x;
  }
}

template <typename V>
__global__ void fill_index(V* values, long long n) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)gridDim.x * blockDim.x)
    values[i] = (V)i;
}

// ---------------------------------------------------------------------------------------------
// prims' onesweep driver, as the Java backend runs it: zero the scratch words, the histogram
// kernel, then per pass zero the look-back words and launch the pass kernel with the input, alt
// (scratch) and output buffers; the plan the histogram kernel writes has the last running pass
// write keys_out.
struct Tile {
  int threads, items;
  int keys() const { return threads * items; }
  // tiles of one look-back portion: at most 2^28 keys
  long long portion_tiles() const { return (1LL << 28) / keys(); }
  std::string suffix() const { return "_" + std::to_string(threads) + "x" + std::to_string(items); }
};

// The pass tile per key and value type (kid, vid: "int", "float", "long", "double"; vid "" for keys
// alone) as dev.prims.cuda.CudaSortPolicy gives it: the committed PTX's tiles.
static Tile ptx_tile(const std::string& kid, const std::string& vid) {
  const bool eight = kid == "long" || kid == "double" || vid == "long";
  if (eight) return {256, 16};
  if (!vid.empty()) return {384, 20};
  return {384, 23};
}

// The same for the kernels compiled here, from the tuning macros.
static Tile src_tile(const std::string& kid, const std::string& vid) {
  const bool eight = kid == "long" || kid == "double" || vid == "long";
  if (eight) return {ONESWEEP_THREADS_8, ONESWEEP_ITEMS_8};
  if (!vid.empty()) return {ONESWEEP_THREADS_4, ONESWEEP_ITEMS_4_PAIRS};
  return {ONESWEEP_THREADS_4, kid == "float" ? ONESWEEP_ITEMS_FLOAT : ONESWEEP_ITEMS_INT};
}

struct Candidate {
  std::string name;
  int digit_bits;
  int hist_threads, hist_items;  // onesweep: the histogram kernel's block (lsd: the tile, threads x items)
  int hist_blocks_per_sm;        // onesweep: the histogram grid's cap per SM
  std::function<Tile(const std::string&, const std::string&)> tile;  // onesweep: the pass tile per type
  std::function<CUfunction(const std::string&)> function;
  bool lsd = false;  // the LSD radix sort (sort.ptx) rather than onesweep
};

// Per-stage timing: when a sort is given Marks, it records an event after each of its launches
// and memsets; stage i lasts from event i - 1 (or the start event) to event i.
struct Marks {
  std::vector<std::string> labels;
  std::vector<cudaEvent_t> events;
  size_t used = 0;
  void begin(cudaStream_t s) {
    used = 0;
    mark("start", s);
  }
  void mark(const std::string& label, cudaStream_t s) {
    if (used == events.size()) {
      cudaEvent_t event;
      CK(cudaEventCreate(&event));
      events.push_back(event);
      labels.push_back(label);
    }
    labels[used] = label;
    CK(cudaEventRecord(events[used++], s));
  }
};

struct Buffers {
  CUdeviceptr scratch = 0, lookback = 0;
  size_t scratch_words = 0, lookback_words = 0;
};

static void prims_sort(const Candidate& c, Buffers& b, const std::string& kid, const std::string& vid,
                       CUdeviceptr keys_in, CUdeviceptr keys_out, CUdeviceptr keys_alt, CUdeviceptr values_in,
                       CUdeviceptr values_out, CUdeviceptr values_alt, long long n, int begin_bit, int end_bit,
                       int descending, long long portion_tiles, cudaStream_t stream, Marks* marks = nullptr) {
  const CUstream s = (CUstream)stream;
  const auto mark = [&](const std::string& label) {
    if (marks) marks->mark(label, stream);
  };
  const int radix = 1 << c.digit_bits;
  const int passes = (end_bit - begin_bit + c.digit_bits - 1) / c.digit_bits;
  const Tile tile = c.tile(kid, vid);
  const long long tiles = (n + tile.keys() - 1) / tile.keys();
  const long long portions = (tiles + portion_tiles - 1) / portion_tiles;
  const size_t scratch_words = ONESWEEP_SCRATCH_HEADER + (size_t)portions * passes * radix;
  const size_t lookback_words = (size_t)tiles * radix;
  if (scratch_words > b.scratch_words) {  // grows in the warm-up calls, never while timed
    if (b.scratch) CD(drv_cuMemFree(b.scratch));
    CD(drv_cuMemAlloc(&b.scratch, scratch_words * 4));
    b.scratch_words = scratch_words;
  }
  if (lookback_words > b.lookback_words) {
    if (b.lookback) CD(drv_cuMemFree(b.lookback));
    CD(drv_cuMemAlloc(&b.lookback, lookback_words * 4));
    b.lookback_words = lookback_words;
  }
  CD(drv_cuMemsetD32Async(b.scratch, 0, scratch_words, s));
  mark("memset scratch");
  CUfunction hist = c.function("onesweep_histograms_" + kid);
  CUfunction pass = c.function("onesweep_pass_" + kid + (vid.empty() ? "" : "_" + vid) + tile.suffix());
  {
    int keys_in_place = 0, values_in_place = 0;  // the harness sorts out of place
    void* params[] = {&keys_in, &n, &begin_bit, &end_bit, &descending, &keys_in_place, &values_in_place, &b.scratch};
    // as CudaSorter: a block per hist_threads * hist_items keys, at most the blocks that run at once
    const long long block_keys = (long long)c.hist_threads * c.hist_items;
    int per_sm = 0;
    CD(drv_cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, hist, c.hist_threads, 0));
    const long long resident = (long long)sm_count * std::min(std::max(per_sm, 1), c.hist_blocks_per_sm);
    const unsigned grid = (unsigned)std::min((n + block_keys - 1) / block_keys, resident);
    CD(drv_cuLaunchKernel(hist, grid, 1, 1, c.hist_threads, 1, 1, 0, s, params, nullptr));
  }
  mark("histograms");
  // every pass gets the input, scratch and output buffers; the histogram kernel's plan routes them
  // (and skips the passes whose digit every key shares)
  for (int p = 0; p < passes; ++p) {
    CD(drv_cuMemsetD32Async(b.lookback, 0, lookback_words, s));
    mark("memset look-back " + std::to_string(p));
    if (vid.empty()) {
      void* params[] = {&keys_in,   &keys_alt, &keys_out,   &n,          &p,          &begin_bit,
                        &end_bit, &descending, &portion_tiles, &b.scratch, &b.lookback};
      CD(drv_cuLaunchKernel(pass, (unsigned)tiles, 1, 1, tile.threads, 1, 1, 0, s, params, nullptr));
    } else {
      void* params[] = {&keys_in,  &keys_alt,   &keys_out,   &values_in,     &values_alt, &values_out,
                        &n,        &p,          &begin_bit,  &end_bit,       &descending, &portion_tiles,
                        &b.scratch, &b.lookback};
      CD(drv_cuLaunchKernel(pass, (unsigned)tiles, 1, 1, tile.threads, 1, 1, 0, s, params, nullptr));
    }
    mark("pass " + std::to_string(p));
  }
}

// Today's LSD radix sort (sort.ptx, DeviceSorter's tuning: 256 threads x 8 keys, 8-bit digits),
// per pass: tile histograms, the exclusive scan of the counts (CUB's DeviceScan::ExclusiveSum here,
// where the Java backend runs its own reduce-then-scan kernels), the scatter.
struct LsdBuffers {
  CUdeviceptr counts = 0, offsets = 0;
  size_t words = 0;
  void* scan_temp = nullptr;
  size_t scan_bytes = 0;
};

static void lsd_sort(const Candidate& c, LsdBuffers& b, const std::string& kid, const std::string& vid,
                     CUdeviceptr keys_in, CUdeviceptr keys_out, CUdeviceptr keys_alt, CUdeviceptr values_in,
                     CUdeviceptr values_out, CUdeviceptr values_alt, long long n, int begin_bit, int end_bit,
                     int descending, cudaStream_t stream, Marks* marks = nullptr) {
  const CUstream s = (CUstream)stream;
  const auto mark = [&](const std::string& label) {
    if (marks) marks->mark(label, stream);
  };
  const int tile = 256 * 8, radix = 256, digit_bits = 8;
  long long tiles = (n + tile - 1) / tile;
  const size_t words = (size_t)radix * tiles;
  if (words > b.words) {  // grows in the warm-up calls, never while timed
    if (b.counts) CD(drv_cuMemFree(b.counts));
    if (b.offsets) CD(drv_cuMemFree(b.offsets));
    CD(drv_cuMemAlloc(&b.counts, words * 4));
    CD(drv_cuMemAlloc(&b.offsets, words * 4));
    b.words = words;
  }
  size_t need = 0;
  CK(cub::DeviceScan::ExclusiveSum(nullptr, need, (unsigned*)b.counts, (unsigned*)b.offsets, (int)words, stream));
  if (need > b.scan_bytes) {
    if (b.scan_temp) CK(cudaFree(b.scan_temp));
    CK(cudaMalloc(&b.scan_temp, need));
    b.scan_bytes = need;
  }
  CUfunction hist = c.function("sort_tile_histograms_" + kid);
  CUfunction scatter = c.function("sort_scatter_" + kid + (vid.empty() ? "" : "_" + vid));
  const int passes = (end_bit - begin_bit + digit_bits - 1) / digit_bits;
  CUdeviceptr kin = keys_in, vin = values_in;
  for (int p = 0; p < passes; ++p) {
    int shift = begin_bit + p * digit_bits, bits = std::min(digit_bits, end_bit - shift);
    int transform_in = p == 0, transform_out = p == passes - 1;
    const bool to_out = (passes - 1 - p) % 2 == 0;
    CUdeviceptr kout = to_out ? keys_out : keys_alt, vout = to_out ? values_out : values_alt;
    void* hist_params[] = {&kin, &n, &shift, &bits, &b.counts, &tiles, &transform_in, &descending};
    CD(drv_cuLaunchKernel(hist, (unsigned)tiles, 1, 1, 256, 1, 1, 0, s, hist_params, nullptr));
    mark("histograms " + std::to_string(p));
    size_t bytes = b.scan_bytes;
    CK(cub::DeviceScan::ExclusiveSum(b.scan_temp, bytes, (unsigned*)b.counts, (unsigned*)b.offsets, (int)words,
                                     stream));
    mark("scan " + std::to_string(p));
    if (vid.empty()) {
      void* params[] = {&kin, &kout, &n, &shift, &bits, &b.offsets, &tiles, &transform_in, &transform_out, &descending};
      CD(drv_cuLaunchKernel(scatter, (unsigned)tiles, 1, 1, 256, 1, 1, 0, s, params, nullptr));
    } else {
      void* params[] = {&kin,      &kout,  &vin,          &vout,          &n,         &shift,
                        &bits,     &b.offsets, &tiles, &transform_in, &transform_out, &descending};
      CD(drv_cuLaunchKernel(scatter, (unsigned)tiles, 1, 1, 256, 1, 1, 0, s, params, nullptr));
    }
    mark("scatter " + std::to_string(p));
    kin = kout;
    vin = vout;
  }
}

// ---------------------------------------------------------------------------------------------
// CUB
template <typename K, typename V>
static void cub_sort(void* temp, size_t& temp_bytes, const K* keys_in, K* keys_out, const V* values_in, V* values_out,
                     long long n, int begin_bit, int end_bit, bool descending, cudaStream_t s) {
  if (values_in == nullptr) {
    if (descending)
      CK(cub::DeviceRadixSort::SortKeysDescending(temp, temp_bytes, keys_in, keys_out, (int)n, begin_bit, end_bit, s));
    else
      CK(cub::DeviceRadixSort::SortKeys(temp, temp_bytes, keys_in, keys_out, (int)n, begin_bit, end_bit, s));
  } else {
    if (descending)
      CK(cub::DeviceRadixSort::SortPairsDescending(temp, temp_bytes, keys_in, keys_out, values_in, values_out, (int)n,
                                                   begin_bit, end_bit, s));
    else
      CK(cub::DeviceRadixSort::SortPairs(temp, temp_bytes, keys_in, keys_out, values_in, values_out, (int)n, begin_bit,
                                         end_bit, s));
  }
}

// ---------------------------------------------------------------------------------------------
struct Race {
  cudaStream_t stream;
  cudaEvent_t start, stop;
  int reps = 20;
  Buffers buffers;
  LsdBuffers lsd_buffers;
  void* temp = nullptr;
  size_t temp_bytes = 0;
  // device buffers, each of max_bytes
  void *keys_in, *keys_out, *keys_alt, *cub_keys, *values_in, *values_out, *values_alt, *cub_values;
  size_t max_bytes;
  int failures = 0;

  double best_ms(const std::function<void()>& call) { return best_event_ms(call, reps, stream, start, stop); }

  // Each stage's best time over reps calls (after a warm-up call) and the sum of the bests.
  void print_breakdown(const std::function<void(Marks*)>& call) {
    Marks marks;
    call(nullptr);
    std::vector<float> best;
    for (int r = 0; r < reps; ++r) {
      marks.begin(stream);
      call(&marks);
      CK(cudaStreamSynchronize(stream));
      best.resize(marks.used, 1e30f);
      for (size_t i = 1; i < marks.used; ++i) {
        float ms;
        CK(cudaEventElapsedTime(&ms, marks.events[i - 1], marks.events[i]));
        best[i] = std::min(best[i], ms);
      }
    }
    float sum = 0;
    for (size_t i = 1; i < marks.used; ++i) {
      std::printf("    %-24s %10.3f ms\n", marks.labels[i].c_str(), best[i]);
      sum += best[i];
    }
    std::printf("    %-24s %10.3f ms\n", "sum of stages", sum);
    for (cudaEvent_t event : marks.events) CK(cudaEventDestroy(event));
  }

  void ensure_temp(size_t need) {
    if (need <= temp_bytes) return;
    if (temp) CK(cudaFree(temp));
    CK(cudaMalloc(&temp, need));
    temp_bytes = need;
  }

  // true when equal; else prints MISMATCH with the first differing index
  template <typename T>
  bool same(const char* what, const std::string& label, const void* expected, const void* actual, long long n) {
    std::vector<T> want(n), got(n);
    CK(cudaMemcpy(want.data(), expected, n * sizeof(T), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(got.data(), actual, n * sizeof(T), cudaMemcpyDeviceToHost));
    if (std::memcmp(want.data(), got.data(), n * sizeof(T)) == 0) return true;
    long long i = 0;
    while (std::memcmp(&want[i], &got[i], sizeof(T)) == 0) ++i;
    unsigned long long eb = 0, ab = 0;
    std::memcpy(&eb, &want[i], sizeof(T));
    std::memcpy(&ab, &got[i], sizeof(T));
    std::printf("MISMATCH %s %s: first difference at index %lld of %lld: CUB 0x%llx, prims 0x%llx\n", label.c_str(), what,
                i, n, eb, ab);
    return false;
  }

  // Sorts one input with CUB and every candidate, checks each against CUB, and (when timed) prints
  // a table row per candidate.
  template <typename K, typename V>
  void run(const std::vector<Candidate>& candidates, const std::string& kid, const std::string& vid, long long n,
           int dist, bool descending, int begin_bit, int end_bit, long long portion_tiles, bool timed,
           const std::string& type_label, double uint32_ms = 0, bool breakdown = false) {
    typedef typename std::conditional<sizeof(K) == 4, unsigned, unsigned long long>::type U;
    const bool pairs = !vid.empty();
    if (n * (long long)std::max(sizeof(K), sizeof(V)) > (long long)max_bytes) {
      std::fprintf(stderr, "size too large for the buffers\n");
      std::exit(1);
    }
    fill_keys<U><<<4096, 256, 0, stream>>>((U*)keys_in, n, dist, (unsigned)(n * 7 + dist * 131 + sizeof(K)));
    if (pairs) fill_index<V><<<4096, 256, 0, stream>>>((V*)values_in, n);
    CK(cudaGetLastError());
    size_t need = 0;
    cub_sort<K, V>(nullptr, need, (const K*)keys_in, (K*)cub_keys, pairs ? (const V*)values_in : nullptr,
                   (V*)cub_values, n, begin_bit, end_bit, descending, stream);
    ensure_temp(need);
    auto cub_call = [&]() {
      size_t bytes = temp_bytes;
      cub_sort<K, V>(temp, bytes, (const K*)keys_in, (K*)cub_keys, pairs ? (const V*)values_in : nullptr,
                     (V*)cub_values, n, begin_bit, end_bit, descending, stream);
    };
    cub_call();
    CK(cudaStreamSynchronize(stream));
    double cub_ms = timed ? best_ms(cub_call) : 0;
    char label[256];
    std::snprintf(label, sizeof label, "%s n=%lld bits=[%d,%d) %s%s portion_tiles=%lld", type_label.c_str(), n,
                  begin_bit, end_bit, descending ? "desc" : "asc", dist == FEW ? " few-distinct" : "", portion_tiles);
    for (const Candidate& c : candidates) {
      const long long portion = c.lsd ? 0 : portion_tiles > 0 ? portion_tiles : c.tile(kid, vid).portion_tiles();
      auto marked_call = [&](Marks* marks) {
        if (c.lsd) {
          lsd_sort(c, lsd_buffers, kid, vid, (CUdeviceptr)keys_in, (CUdeviceptr)keys_out, (CUdeviceptr)keys_alt,
                   (CUdeviceptr)values_in, (CUdeviceptr)values_out, (CUdeviceptr)values_alt, n, begin_bit, end_bit,
                   descending ? 1 : 0, stream, marks);
        } else {
          prims_sort(c, buffers, kid, vid, (CUdeviceptr)keys_in, (CUdeviceptr)keys_out, (CUdeviceptr)keys_alt,
                     (CUdeviceptr)values_in, (CUdeviceptr)values_out, (CUdeviceptr)values_alt, n, begin_bit,
                     end_bit, descending ? 1 : 0, portion, stream, marks);
        }
      };
      auto prims_call = [&]() { marked_call(nullptr); };
      // CUB's result again: an earlier candidate that wrote out of bounds must not fail this one
      cub_call();
      CK(cudaMemsetAsync(keys_out, 0xA5, n * sizeof(K), stream));
      if (pairs) CK(cudaMemsetAsync(values_out, 0xA5, n * sizeof(V), stream));
      prims_call();
      CK(cudaStreamSynchronize(stream));
      CK(cudaGetLastError());
      const std::string who = c.name + " " + label;
      bool ok = same<K>("keys", who, cub_keys, keys_out, n);
      if (pairs) ok = same<V>("values", who, cub_values, values_out, n) && ok;
      if (!ok) ++failures;
      if (timed) {
        const double ms = best_ms(prims_call);
        std::printf("%-12lld %-10s %-40s %10.3f %10.3f %8.3f %10.3f %s\n", n, type_label.c_str(), c.name.c_str(), ms,
                    cub_ms, cub_ms / ms, uint32_ms, ok ? "" : "MISMATCH");
        if (breakdown) print_breakdown(marked_call);
#ifdef ONESWEEP_PROFILE
        if (breakdown && c.name == "prims-src") {
          const char* phases[ONESWEEP_PHASES] = {"tile counter",         "load + early counts", "publish + scan",
                                                 "rank into shared",     "look-back (digit 0)", "offsets + barrier",
                                                 "write out"};
          unsigned long long sums[ONESWEEP_PHASES] = {};
          CK(cudaMemcpyToSymbol(onesweep_profile, sums, sizeof sums));
          prims_call();
          CK(cudaStreamSynchronize(stream));
          CK(cudaMemcpyFromSymbol(sums, onesweep_profile, sizeof sums));
          const long long tile_keys = c.tile(kid, vid).keys();
          const long long tiles = (n + tile_keys - 1) / tile_keys;
          const int passes = (end_bit - begin_bit + c.digit_bits - 1) / c.digit_bits;
          for (int i = 0; i < ONESWEEP_PHASES; ++i)
            std::printf("    pass phase %-22s %10.0f cycles per tile (thread 0)\n", phases[i],
                        (double)sums[i] / (tiles * passes));
        }
#endif
      } else {
        std::printf("check %-4s %-5s %s\n", ok ? "ok" : "FAIL", c.name.c_str(), label);
      }
      std::fflush(stdout);
    }
  }
};

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : "backend-cuda/src/main/resources/dev/prims/cuda/ptx";
  std::vector<int> log2s;
  {
    std::stringstream list(argc > 2 ? argv[2] : "24,28");
    std::string item;
    while (std::getline(list, item, ',')) {
      const int l = std::atoi(item.c_str());
      if (l < 1 || l > 30) {
        std::fprintf(stderr, "sort_race: log2 size %s is not in [1, 30]\n", item.c_str());
        return 2;
      }
      log2s.push_back(l);
    }
  }
  Race race;
  race.reps = argc > 3 ? std::atoi(argv[3]) : 20;
  std::set<std::string> rows;
  {
    std::stringstream list(argc > 5 ? argv[5] : "int,float,int+int,int<1000");
    std::string item;
    while (std::getline(list, item, ',')) {
      if (item != "int" && item != "float" && item != "int+int" && item != "float+int" && item != "int<1000") {
        std::fprintf(stderr, "sort_race: timed row %s is not one of int, float, int+int, float+int, int<1000\n",
                     item.c_str());
        return 2;
      }
      rows.insert(item);
    }
  }
  if (race.reps < 1) {
    std::fprintf(stderr, "sort_race: reps must be at least 1\n");
    return 2;
  }
  const int max_log2 = std::max(*std::max_element(log2s.begin(), log2s.end()), 22);

  CK(cudaSetDevice(0));
  CK(cudaFree(0));
  load_driver();
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  sm_count = prop.multiProcessorCount;
  std::printf(
      "# device %s, %d SMs; CUB %d.%d.%d; src tuning int %dx%d float %dx%d 4-byte pairs %dx%d 8-byte %dx%d "
      "digit_bits=%d hist_items=%d hist_blocks_per_sm=%d min_blocks=%d\n",
      prop.name, prop.multiProcessorCount, CUB_MAJOR_VERSION, CUB_MINOR_VERSION, CUB_SUBMINOR_VERSION,
      ONESWEEP_THREADS_4, ONESWEEP_ITEMS_INT, ONESWEEP_THREADS_4, ONESWEEP_ITEMS_FLOAT, ONESWEEP_THREADS_4,
      ONESWEEP_ITEMS_4_PAIRS, ONESWEEP_THREADS_8, ONESWEEP_ITEMS_8, ONESWEEP_DIGIT_BITS, ONESWEEP_HIST_ITEMS,
      ONESWEEP_HIST_BLOCKS_PER_SM, ONESWEEP_MIN_BLOCKS);
  CK(cudaStreamCreateWithFlags(&race.stream, cudaStreamNonBlocking));
  CK(cudaEventCreate(&race.start));
  CK(cudaEventCreate(&race.stop));

  // candidates: the committed PTX with its default constants, and the source compiled here
  const std::string ptx = read_file(dir + "/sort_onesweep.ptx", 2);
  CUmodule module;
  CD(drv_cuModuleLoadData(&module, ptx.c_str()));
  // the src kernels by their names (a name's tile from the tuning macros, as the kernel's own)
  std::map<std::string, const void*> src;
#define SRC_HIST(KID) src["onesweep_histograms_" #KID] = (const void*)onesweep_histograms_##KID;
#define SRC_PASS(KID, VID, NAME, THREADS, ITEMS)                                  \
  src["onesweep_pass_" #NAME + src_tile(#KID, VID).suffix()] =                   \
      (const void*)onesweep_pass_##NAME##_##THREADS##x##ITEMS;
#define SRC_KEYS(R, FLOATING, KID, THREADS, ITEMS, MIN_BLOCKS) SRC_PASS(KID, "", KID, THREADS, ITEMS)
#define SRC_PAIRS(R, FLOATING, KID, V, VID, THREADS, ITEMS) SRC_PASS(KID, #VID, KID##_##VID, THREADS, ITEMS)
  SRC_HIST(int) SRC_HIST(float) SRC_HIST(long) SRC_HIST(double)
  PRIMS_ONESWEEP_PASSES(SRC_KEYS, SRC_PAIRS)
#undef SRC_PAIRS
#undef SRC_KEYS
#undef SRC_PASS
#undef SRC_HIST
  const std::string lsd_ptx = read_file(dir + "/sort.ptx", 2);
  CUmodule lsd_module;
  CD(drv_cuModuleLoadData(&lsd_module, lsd_ptx.c_str()));
  std::vector<Candidate> candidates;
  // prims-ptx: CudaSortPolicy's constants (8-bit digits, histogram blocks of 256 threads, one per
  // 256 x 128 keys at most, at most 8 per SM)
  candidates.push_back({"prims-ptx", 8, 256, 128, 8, ptx_tile, [module](const std::string& name) {
                          CUfunction f;
                          CD(drv_cuModuleGetFunction(&f, module, name.c_str()));
                          return f;
                        }});
  candidates.push_back({"prims-src", ONESWEEP_DIGIT_BITS, ONESWEEP_HIST_THREADS, ONESWEEP_HIST_ITEMS,
                        ONESWEEP_HIST_BLOCKS_PER_SM, src_tile,
                        [src](const std::string& name) {
                          cudaFunction_t f;
                          CK(cudaGetFuncBySymbol(&f, src.at(name)));
                          return (CUfunction)f;
                        }});

  candidates.push_back({"lsd-radix-ptx", 8, 256, 8, 0, nullptr,
                        [lsd_module](const std::string& name) {
                          CUfunction f;
                          CD(drv_cuModuleGetFunction(&f, lsd_module, name.c_str()));
                          return f;
                        },
                        true});

  // variant PTX: the overrides from the file name, the rest the committed PTX's constants
  const std::string variants = argc > 4 ? argv[4] : "-";
  if (variants != "-") {
    std::vector<std::string> files;
    for (const auto& entry : std::filesystem::directory_iterator(variants)) {
      const std::string file = entry.path().filename().string();
      if (file.rfind("sort_onesweep__", 0) == 0 && entry.path().extension() == ".ptx") files.push_back(file);
    }
    std::sort(files.begin(), files.end());
    if (files.empty()) {
      std::fprintf(stderr, "sort_race: no sort_onesweep__*.ptx in %s\n", variants.c_str());
      return 2;
    }
    for (const std::string& file : files) {
      // overrides: the parts after "sort_onesweep", joined by "__", each MACRO_VALUE
      std::map<std::string, int> set;
      std::string name, rest = file.substr(std::string("sort_onesweep").size(), file.size() - 4 - 13);
      for (size_t at = 0; (at = rest.find("__", at)) != std::string::npos;) {
        const size_t end = rest.find("__", at + 2);
        const std::string part = rest.substr(at + 2, end == std::string::npos ? std::string::npos : end - at - 2);
        const size_t cut = part.rfind('_');
        const std::string macro = part.substr(0, cut);
        set[macro] = std::atoi(part.c_str() + cut + 1);
        name += (name.empty() ? "" : ",") + (macro.rfind("ONESWEEP_", 0) == 0 ? macro.substr(9) : macro) + "=" +
                part.substr(cut + 1);
        at = end == std::string::npos ? rest.size() : end;
      }
      const auto get = [set](const char* macro, int otherwise) {
        const auto it = set.find(macro);
        return it == set.end() ? otherwise : it->second;
      };
      const int threads_4 = get("ONESWEEP_THREADS_4", 384), items_int = get("ONESWEEP_ITEMS_INT", 23),
                items_float = get("ONESWEEP_ITEMS_FLOAT", 23), items_pairs = get("ONESWEEP_ITEMS_4_PAIRS", 20),
                threads_8 = get("ONESWEEP_THREADS_8", 256), items_8 = get("ONESWEEP_ITEMS_8", 16);
      const auto tile = [=](const std::string& kid, const std::string& vid) -> Tile {
        const bool eight = kid == "long" || kid == "double" || vid == "long";
        if (eight) return {threads_8, items_8};
        if (!vid.empty()) return {threads_4, items_pairs};
        return {threads_4, kid == "float" ? items_float : items_int};
      };
      const std::string text = read_file(variants + "/" + file, 2);
      CUmodule m;
      CD(drv_cuModuleLoadData(&m, text.c_str()));
      candidates.push_back({name, get("ONESWEEP_DIGIT_BITS", 8), get("ONESWEEP_HIST_THREADS", 256),
                            get("ONESWEEP_HIST_ITEMS", 128), get("ONESWEEP_HIST_BLOCKS_PER_SM", 8), tile,
                            [m](const std::string& name) {
                              CUfunction f;
                              CD(drv_cuModuleGetFunction(&f, m, name.c_str()));
                              return f;
                            }});
      std::printf("# variant %s: %s\n", name.c_str(), file.c_str());
    }
  }

  // buffers for the largest size (8-byte checks run at 2^20 and below)
  const long long max_n = 1LL << max_log2;
  race.max_bytes = (size_t)max_n * 4;
  for (void** p : {&race.keys_in, &race.keys_out, &race.keys_alt, &race.cub_keys, &race.values_in, &race.values_out,
                   &race.values_alt, &race.cub_values})
    CK(cudaMalloc(p, race.max_bytes));
  // checks: odd and tiny sizes, several portions (portion_tiles = 8), descending, bit ranges,
  // 64-bit keys, long values, many equal keys
  const long long odd = (1LL << 20) + 12345;
  // SORT_RACE_SKIP_CHECKS=1: the timed rows only (for a profiler that counts launches)
  const bool checks = std::getenv("SORT_RACE_SKIP_CHECKS") == nullptr;
  if (checks) {
  for (long long n : {1LL, 2LL, 100LL, 4095LL, 4097LL, odd}) race.run<int, int>(candidates, "int", "int", n, RANDOM, false, 0, 32, 0, false, "int+int");
  race.run<int, int>(candidates, "int", "int", odd, FEW, false, 0, 32, 0, false, "int+int");
  race.run<int, int>(candidates, "int", "int", odd, RANDOM, false, 0, 32, 8, false, "int+int");
  race.run<int, int>(candidates, "int", "int", odd, FEW, true, 0, 32, 8, false, "int+int");
  race.run<int, int>(candidates, "int", "", odd, RANDOM, true, 0, 32, 0, false, "int");
  race.run<int, int>(candidates, "int", "", odd, RANDOM, false, 3, 29, 0, false, "int");
  race.run<int, int>(candidates, "int", "int", odd, RANDOM, false, 5, 13, 0, false, "int+int");
  race.run<float, int>(candidates, "float", "", odd, FINITE_FLOAT, false, 0, 32, 0, false, "float");
  race.run<float, int>(candidates, "float", "", odd, FINITE_FLOAT, true, 0, 32, 8, false, "float");
  race.run<float, long long>(candidates, "float", "long", odd / 2, FINITE_FLOAT, false, 0, 32, 0, false, "float+long");
  race.run<long long, int>(candidates, "long", "", odd / 2, RANDOM, false, 0, 64, 0, false, "long");
  race.run<long long, int>(candidates, "long", "int", odd / 2, FEW, true, 0, 64, 8, false, "long+int");
  race.run<long long, long long>(candidates, "long", "long", odd / 2, RANDOM, false, 7, 50, 0, false, "long+long");
  race.run<double, int>(candidates, "double", "", odd / 2, FINITE_FLOAT, false, 0, 64, 0, false, "double");
  race.run<double, long long>(candidates, "double", "long", odd / 2, FINITE_FLOAT, true, 0, 64, 0, false, "double+long");
  }

  std::printf("%-12s %-10s %-40s %10s %10s %8s %10s\n", "size", "type", "candidate", "prims ms", "CUB ms", "CUB/prims",
              "CUB u32 ms");
  for (int l : log2s) {
    const long long n = 1LL << l;
    // the int rows of the largest size print each candidate's time per launch and memset
    const bool breakdown = l == *std::max_element(log2s.begin(), log2s.end());
    // CUB's uint32 SortKeys on random 32-bit keys, the reference of the int rows
    double u32_ms;
    {
      fill_keys<unsigned><<<4096, 256, 0, race.stream>>>((unsigned*)race.keys_in, n, RANDOM, 1u);
      size_t need = 0;
      cub_sort<unsigned, int>(nullptr, need, (unsigned*)race.keys_in, (unsigned*)race.cub_keys, nullptr, nullptr, n, 0,
                              32, false, race.stream);
      race.ensure_temp(need);
      u32_ms = race.best_ms([&]() {
        size_t bytes = race.temp_bytes;
        cub_sort<unsigned, int>(race.temp, bytes, (unsigned*)race.keys_in, (unsigned*)race.cub_keys, nullptr, nullptr,
                                n, 0, 32, false, race.stream);
      });
    }
    if (rows.count("int"))
      race.run<int, int>(candidates, "int", "", n, RANDOM, false, 0, 32, 0, true, "int", u32_ms, breakdown);
    if (rows.count("float"))
      race.run<float, int>(candidates, "float", "", n, FINITE_FLOAT, false, 0, 32, 0, true, "float", u32_ms);
    if (rows.count("int+int"))
      race.run<int, int>(candidates, "int", "int", n, RANDOM, false, 0, 32, 0, true, "int+int", u32_ms);
    if (rows.count("float+int"))
      race.run<float, int>(candidates, "float", "int", n, FINITE_FLOAT, false, 0, 32, 0, true, "float+int", u32_ms);
    // keys in [0, 1000): the high digits are one digit for every key
    if (rows.count("int<1000"))
      race.run<int, int>(candidates, "int", "", n, FEW, false, 0, 32, 0, true, "int<1000", u32_ms);
  }
  if (race.failures) {
    std::printf("MISMATCH: %d check(s) differ from CUB\n", race.failures);
    return 1;
  }
  std::printf("all checks match CUB bit-exact\n");
  return 0;
}
