// Histogram race: prims' 256-bin histogram kernels against CUB 3's DeviceHistogram::HistogramEven
// with 32-bit counters, in one process, on the data `prims bench`'s cub_reference.cu measures
// (floats in [0, 1) from hash32 of the index, 256 even bins over [0, 1); ints hash32 mod 256).
// Candidates are compiled into this binary from the backend's own sources:
//   bulk-warps       histogram_bulk.cu's histogram_bulk_<type> (bulk-copy tiles, one sub-histogram
//                    per warp: CudaHistogrammer's choice above 256 bins, and for every bin count
//                    before 2026-11-27), launched as CudaHistogrammer launches it
//   bulk-lanes       histogram_bulk.cu's histogram_bulk_lanes_<type>: the same tiles counted into
//                    one sub-histogram per lane, bin b of lane l at b * 32 + l, so a warp's 32
//                    atomics fall in 32 banks (CudaHistogrammer's choice up to 256 bins)
//   direct-LAYOUT-U  16-byte loads straight from global memory, U in flight per thread, counted
//                    into per-warp copies (warps), per-lane counters (lanes32) or per half-warp lane
//                    (lanes16)
// Each full call (zeroing the 64-bit counts and the out-of-range count, the kernel, the 8-byte
// out-of-range count copied to pinned host memory, as the Java side does) is checked against CUB's
// counts first, then timed: a pair of events around the call, best of 20 after 3 warm-up calls;
// rounds interleave the candidates and each figure is the best over the rounds. Ratio = CUB ms /
// prims ms. "read gauge" is CUB's DeviceReduce::Sum of the same floats (a streaming read).
//
// Build (here, no GPU needed):
//   nvcc -O3 -std=c++17 -arch=sm_90 -fmad=false -o target/histogram_race tools/cuda-experiments/histogram_race.cu
// Run (GPU machine): target/histogram_race [log2 sizes = 24,28] [rounds = 5]
#include <cub/cub.cuh>

#include "harness_driver.cuh"
#include "../../backend-cuda/src/main/cuda/device/histogram_bulk.cu"

#include <cstring>
#include <vector>

// ---- data, as cub_reference.cu fills it -----------------------------------------------------------
__global__ void fill_floats(float* f, i64 n) {
  for (i64 i = blockIdx.x * (i64)blockDim.x + threadIdx.x; i < n; i += (i64)gridDim.x * blockDim.x) {
    const float v = (float)((double)(hash32((unsigned long long)i) >> 8) / 16777216.0);
    f[i] = v < 1.0f ? v : 0.0f;
  }
}
__global__ void fill_ints(int* k, i64 n) {
  for (i64 i = blockIdx.x * (i64)blockDim.x + threadIdx.x; i < n; i += (i64)gridDim.x * blockDim.x) {
    k[i] = (int)(hash32((unsigned long long)i) % 256u);
  }
}

// ---- candidates ----------------------------------------------------------------------------------
#define RACE_BINS 256

// Counter layouts of the direct candidates, in the terms of histogram_bins.cuh's count_privately
// and merge_private_counts (copy k's bin b at k * COPY_STRIDE + b * BIN_STRIDE):
//   LAYOUT 0   one 256-bin copy per warp (the layout of bulk-warps)
//   LAYOUT L   one copy per lane l % L, shared by the block's warps, bin b at b * L + l % L
template <int LAYOUT>
struct Counters {
  static constexpr bool PER_WARP = LAYOUT == 0;
  static constexpr int COPIES = PER_WARP ? WARPS_PER_BLOCK : LAYOUT;
  static constexpr int SIZE = RACE_BINS * COPIES;
  static constexpr int COPY_STRIDE = PER_WARP ? RACE_BINS : 1;
  static constexpr int BIN_STRIDE = PER_WARP ? 1 : LAYOUT;
  // the copy this thread counts into
  static __device__ __forceinline__ int mine() { return PER_WARP ? threadIdx.x / WARP_SIZE : threadIdx.x % LAYOUT; }
};

// 16-byte loads from global memory, U of them in flight per thread.
template <int LAYOUT, int U, typename T, typename Bins>
__device__ void direct(const T* input, i64 n, Bins bins, u64* counts, u64* out_of_range) {
  typedef Counters<LAYOUT> C;
  __shared__ unsigned counters[C::SIZE];
  for (int b = threadIdx.x; b < C::SIZE; b += BLOCK_SIZE) counters[b] = 0;
  __syncthreads();
  unsigned* own = counters + C::mine() * C::COPY_STRIDE;
  typedef typename Vec<T>::type V;
  const int W = Vec<T>::width;
  const V* vectors = reinterpret_cast<const V*>(input);
  const i64 vector_count = n / W;
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  u64 outside = 0;
  i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  for (; i + (U - 1) * stride < vector_count; i += U * stride) {
    V v[U];
#pragma unroll
    for (int u = 0; u < U; ++u) v[u] = __ldcs(vectors + i + u * stride);
#pragma unroll
    for (int u = 0; u < U; ++u) {
#pragma unroll
      for (int w = 0; w < W; ++w) count_privately(bins, vec_lane(v[u], w), own, C::BIN_STRIDE, outside);
    }
  }
  for (; i < vector_count; i += stride) {
    const V v = __ldcs(vectors + i);
#pragma unroll
    for (int w = 0; w < W; ++w) count_privately(bins, vec_lane(v, w), own, C::BIN_STRIDE, outside);
  }
  const i64 tail = vector_count * W + (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x;
  if (tail < n) count_privately(bins, input[tail], own, C::BIN_STRIDE, outside);
  __syncthreads();
  merge_private_counts(counters, RACE_BINS, C::COPIES, C::COPY_STRIDE, C::BIN_STRIDE, counts);
  add_out_of_range(outside, out_of_range);
}

template <int LAYOUT, int U>
__global__ void __launch_bounds__(BLOCK_SIZE)
    race_direct_float(const float* in, i64 n, EvenBinsFloat bins, u64* counts, u64* oor) {
  direct<LAYOUT, U, float>(in, n, bins, counts, oor);
}
template <int LAYOUT, int U>
__global__ void __launch_bounds__(BLOCK_SIZE)
    race_direct_int(const int* in, i64 n, KeyBins bins, u64* counts, u64* oor) {
  direct<LAYOUT, U, int>(in, n, bins, counts, oor);
}

// ---- harness -------------------------------------------------------------------------------------
struct Candidate {
  std::string name;
  // launches the kernel (counts and out-of-range zeroed before) on the stream
  std::function<void(cudaStream_t)> kernel;
};

static int sms() {
  int device, count;
  CK(cudaGetDevice(&device));
  CK(cudaDeviceGetAttribute(&count, cudaDevAttrMultiProcessorCount, device));
  return count;
}

// Resident blocks of f with `shared` dynamic bytes (opting in above 48 KiB), times the SMs.
template <typename F>
static int resident(F f, int shared) {
  if (shared > 48 * 1024) CK(cudaFuncSetAttribute(f, cudaFuncAttributeMaxDynamicSharedMemorySize, shared));
  int per_sm = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, f, BLOCK_SIZE, shared));
  return std::max(1, per_sm) * sms();
}

int main(int argc, char** argv) {
  std::vector<int> logs = {24, 28};
  if (argc > 1) {
    logs.clear();
    std::stringstream s(argv[1]);
    std::string part;
    while (std::getline(s, part, ',')) logs.push_back(std::atoi(part.c_str()));
  }
  const int rounds = argc > 2 ? std::atoi(argv[2]) : 5;
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  std::printf("# device %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  cudaStream_t stream;
  CK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  cudaEvent_t start, stop;
  CK(cudaEventCreate(&start));
  CK(cudaEventCreate(&stop));
  u64* host_slot;
  CK(cudaMallocHost(&host_slot, sizeof(u64)));

  struct Row {
    std::string label;
    double best = 1e30;
    bool wrong = false;
  };
  struct Case {
    std::string title;
    std::vector<Row> rows;
    double cub = 1e30, gauge = 1e30;
    i64 bytes;
  };
  std::vector<Case> cases;

  for (int lg : logs) {
    for (int type = 0; type < 2; ++type) {
      const bool is_float = type == 0;
      const i64 n = 1LL << lg;
      void* input;
      CK(cudaMalloc(&input, n * 4));
      if (is_float) fill_floats<<<1024, 256>>>((float*)input, n);
      else fill_ints<<<1024, 256>>>((int*)input, n);
      CK(cudaDeviceSynchronize());
      u64 *counts, *oor;
      CK(cudaMalloc(&counts, RACE_BINS * sizeof(u64)));
      CK(cudaMalloc(&oor, sizeof(u64)));
      int* counts32;
      CK(cudaMalloc(&counts32, RACE_BINS * sizeof(int)));
      // CUB: HistogramEven with int counters
      size_t cub_bytes = 0;
      const float flo = 0.0f, fhi = 1.0f;
      const int ilo = 0, ihi = RACE_BINS;
      auto cub_call = [&](void* tmp, size_t& bytes, cudaStream_t s) {
        if (is_float) {
          CK(cub::DeviceHistogram::HistogramEven(tmp, bytes, (const float*)input, counts32, RACE_BINS + 1, flo,
                                                 fhi, n, s));
        } else {
          CK(cub::DeviceHistogram::HistogramEven(tmp, bytes, (const int*)input, counts32, RACE_BINS + 1, ilo, ihi,
                                                 n, s));
        }
      };
      cub_call(nullptr, cub_bytes, stream);
      void* cub_tmp;
      CK(cudaMalloc(&cub_tmp, std::max<size_t>(cub_bytes, 1)));
      cub_call(cub_tmp, cub_bytes, stream);
      CK(cudaStreamSynchronize(stream));
      std::vector<int> expect(RACE_BINS);
      CK(cudaMemcpy(expect.data(), counts32, RACE_BINS * sizeof(int), cudaMemcpyDeviceToHost));
      // the read gauge: CUB's float sum of the same bytes
      float* sum_out;
      CK(cudaMalloc(&sum_out, sizeof(float)));
      size_t sum_bytes = 0;
      CK(cub::DeviceReduce::Sum(nullptr, sum_bytes, (const float*)input, sum_out, n, stream));
      void* sum_tmp;
      CK(cudaMalloc(&sum_tmp, sum_bytes));

      const float fscale = (float)(RACE_BINS / ((double)fhi - (double)flo));
      const EvenBinsFloat fbins{RACE_BINS, flo, fhi, fscale};
      const KeyBins kbins{RACE_BINS};
      std::vector<Candidate> cands;
      const int bulk_shared = BULK_STAGES * BULK_STAGE_BYTES;
      const i64 tile = BULK_STAGE_BYTES / 4;
      auto bulk_grid = [&](int res) { return (int)std::max<i64>(1, std::min<i64>(n / tile, res)); };
      if (is_float) {
        const int g = bulk_grid(resident(histogram_bulk_float, bulk_shared));
        cands.push_back({"bulk-warps", [=](cudaStream_t s) {
                           histogram_bulk_float<<<g, BLOCK_SIZE, bulk_shared, s>>>((const float*)input, n, RACE_BINS,
                                                                                   flo, fhi, fscale, 8, counts, oor);
                         }});
        const int gl = bulk_grid(resident(histogram_bulk_lanes_float, bulk_shared));
        cands.push_back({"bulk-lanes", [=](cudaStream_t s) {
                           histogram_bulk_lanes_float<<<gl, BLOCK_SIZE, bulk_shared, s>>>(
                               (const float*)input, n, RACE_BINS, flo, fhi, fscale, counts, oor);
                         }});
      } else {
        const int g = bulk_grid(resident(histogram_bulk_int, bulk_shared));
        cands.push_back({"bulk-warps", [=](cudaStream_t s) {
                           histogram_bulk_int<<<g, BLOCK_SIZE, bulk_shared, s>>>((const int*)input, n, RACE_BINS, 8,
                                                                                 counts, oor);
                         }});
        const int gl = bulk_grid(resident(histogram_bulk_lanes_int, bulk_shared));
        cands.push_back({"bulk-lanes", [=](cudaStream_t s) {
                           histogram_bulk_lanes_int<<<gl, BLOCK_SIZE, bulk_shared, s>>>((const int*)input, n, RACE_BINS,
                                                                                        counts, oor);
                         }});
      }
#define RACE_DIRECT(LAYOUT, U, NAME)                                                                          \
  if (is_float) {                                                                                             \
    const int g = resident(race_direct_float<LAYOUT, U>, 0);                                                 \
    cands.push_back({NAME, [=](cudaStream_t s) {                                                             \
                       race_direct_float<LAYOUT, U><<<g, BLOCK_SIZE, 0, s>>>((const float*)input, n, fbins, counts, \
                                                                             oor);                           \
                     }});                                                                                     \
  } else {                                                                                                    \
    const int g = resident(race_direct_int<LAYOUT, U>, 0);                                                   \
    cands.push_back({NAME, [=](cudaStream_t s) {                                                             \
                       race_direct_int<LAYOUT, U><<<g, BLOCK_SIZE, 0, s>>>((const int*)input, n, kbins, counts,   \
                                                                           oor);                             \
                     }});                                                                                     \
  }
      RACE_DIRECT(0, 2, "direct-warps-2")
      RACE_DIRECT(0, 4, "direct-warps-4")
      RACE_DIRECT(32, 2, "direct-lanes32-2")
      RACE_DIRECT(32, 4, "direct-lanes32-4")
      RACE_DIRECT(16, 2, "direct-lanes16-2")
      RACE_DIRECT(16, 4, "direct-lanes16-4")
      RACE_DIRECT(16, 8, "direct-lanes16-8")

      Case c;
      c.title = std::string("histogram ") + (is_float ? "float" : "int") + " 2^" + std::to_string(lg);
      c.bytes = n * 4;
      std::vector<std::function<void()>> calls;
      for (auto& cand : cands) {
        auto k = cand.kernel;
        calls.push_back([=]() {
          CK(cudaMemsetAsync(counts, 0, RACE_BINS * sizeof(u64), stream));
          CK(cudaMemsetAsync(oor, 0, sizeof(u64), stream));
          k(stream);
          CK(cudaMemcpyAsync(host_slot, oor, sizeof(u64), cudaMemcpyDeviceToHost, stream));
        });
        Row r{cand.name};
        // check first
        calls.back()();
        CK(cudaStreamSynchronize(stream));
        CK(cudaGetLastError());
        std::vector<u64> got(RACE_BINS);
        CK(cudaMemcpy(got.data(), counts, RACE_BINS * sizeof(u64), cudaMemcpyDeviceToHost));
        for (int b = 0; b < RACE_BINS; ++b) {
          if (got[b] != (u64)(unsigned)expect[b]) {
            std::printf("# WRONG %s %s: bin %d %llu, CUB %d\n", c.title.c_str(), cand.name.c_str(), b,
                        (unsigned long long)got[b], expect[b]);
            r.wrong = true;
            break;
          }
        }
        if (*host_slot != 0) {
          std::printf("# WRONG %s %s: out of range %llu\n", c.title.c_str(), cand.name.c_str(),
                      (unsigned long long)*host_slot);
          r.wrong = true;
        }
        c.rows.push_back(r);
      }
      for (int round = 0; round < rounds; ++round) {
        c.cub = std::min(c.cub, best_event_ms([&]() { cub_call(cub_tmp, cub_bytes, stream); }, 20, stream, start, stop));
        c.gauge = std::min(c.gauge, best_event_ms([&]() {
                                       CK(cub::DeviceReduce::Sum(sum_tmp, sum_bytes, (const float*)input, sum_out, n,
                                                                 stream));
                                     },
                                     20, stream, start, stop));
        for (size_t k = 0; k < calls.size(); ++k) {
          if (!c.rows[k].wrong) c.rows[k].best = std::min(c.rows[k].best, best_event_ms(calls[k], 20, stream, start, stop));
        }
      }
      cases.push_back(c);
      CK(cudaFree(input));
      CK(cudaFree(counts));
      CK(cudaFree(oor));
      CK(cudaFree(counts32));
      CK(cudaFree(cub_tmp));
      CK(cudaFree(sum_out));
      CK(cudaFree(sum_tmp));
    }
  }
  std::printf("\n%-22s %-32s %10s %10s %7s %9s\n", "case", "candidate", "ms", "CUB ms", "ratio", "GB/s");
  for (const auto& c : cases) {
    double best = 1e30;
    for (const auto& r : c.rows) if (!r.wrong) best = std::min(best, r.best);
    for (const auto& r : c.rows) {
      if (r.wrong) {
        std::printf("%-22s %-32s %10s\n", c.title.c_str(), r.label.c_str(), "WRONG");
        continue;
      }
      std::printf("%-22s %-32s %10.4f %10.4f %7.3f %9.0f %s\n", c.title.c_str(), r.label.c_str(), r.best, c.cub,
                  c.cub / r.best, c.bytes / r.best / 1e6, r.best == best ? "*" : "");
    }
    std::printf("%-22s %-32s %10.4f %10s %7s %9.0f\n", c.title.c_str(), "cub HistogramEven (int32)", c.cub, "", "",
                c.bytes / c.cub / 1e6);
    std::printf("%-22s %-32s %10.4f %10s %7s %9.0f\n", c.title.c_str(), "read gauge (cub Reduce::Sum)", c.gauge, "",
                "", c.bytes / c.gauge / 1e6);
  }
  return 0;
}
