// Reduce race: prims' reduce kernels (the committed PTX, loaded as the Java backend loads it, plus
// experimental variants compiled here) against CUB's DeviceReduce::Sum, all in one process and
// timed three ways, so that kernel speed and launch cost can be told apart:
//   events  start event, the call's launches, stop event (launch latency included, as prims bench)
//   gated   the same behind a blocking kernel that holds the stream until every launch of the call
//           is enqueued (nvbench's default method): device time alone, launch latency excluded
//   burst   20 calls between one pair of events, time per call
// Rounds interleave the candidates so that clock drift hits all of them alike.
//
// Build (sm_90, needs CUB from the CUDA toolkit):
//   nvcc -O3 -std=c++17 -arch=sm_90 -o reduce_race reduce_race.cu -lcuda
// Run: reduce_race <directory with reduce.ptx and reduce_bulk.ptx> [log2 sizes = 28, comma-separated]
//      [rounds = 3] [reps = 30]; RACE_VARIANTS=1 adds the experimental kernels compiled here (at the
//      largest size). int and double run at the largest size only. RACE_SCAN=1 races the
//      inclusive scans instead (scan_decoupled_lookback.ptx in the same directory).
#include <cub/cub.cuh>
#include <cuda.h>
#include <cuda_runtime.h>

// prims' last-block grid total, as the production kernels use it
#include "../../backend-cuda/src/main/cuda/block/block_grid_total.cuh"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <map>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

#include "harness_driver.cuh"

typedef long long i64;
#define BLOCK 256

// ---------------------------------------------------------------------------------------------
// The blocking kernel: spins until the host sets *flag (or 2 s pass).
__device__ __forceinline__ unsigned long long global_ns() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %globaltimer;" : "=l"(t));
  return t;
}
__global__ void gate_kernel(volatile int* flag) {
  const unsigned long long start = global_ns();
  while (*flag == 0 && global_ns() - start < 2000000000ull) __nanosleep(200);
}

__global__ void fill_kernel(float* f, int* k, double* d, i64 n) {
  for (i64 i = blockIdx.x * (i64)blockDim.x + threadIdx.x; i < n; i += (i64)gridDim.x * blockDim.x) {
    unsigned h = (unsigned)(i * 2654435761u) ^ (unsigned)(i >> 32);
    h ^= h >> 16;
    f[i] = (h >> 8) * (1.0f / 16777216.0f);
    k[i] = (int)(h % 1000u);
    if (i < n / 2) d[i] = (h >> 8) * (1.0 / 16777216.0);
  }
}

// ---------------------------------------------------------------------------------------------
// Variants. 16-byte loads of several kinds, one accumulator per lane, then prims' grid_total (a
// shuffle block reduction; the last block combines the partials).
enum LoadKind { LDG = 0, L2_256 = 1, NO_ALLOC = 2, STREAM = 3, PLAIN = 4 };

template <int KIND>
__device__ __forceinline__ uint4 load16(const uint4* p) {
  uint4 v;
  if (KIND == LDG) {
    asm volatile("ld.global.nc.v4.u32 {%0,%1,%2,%3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  } else if (KIND == L2_256) {
    asm volatile("ld.global.nc.L2::256B.v4.u32 {%0,%1,%2,%3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  } else if (KIND == NO_ALLOC) {
    asm volatile("ld.global.nc.L1::no_allocate.L2::256B.v4.u32 {%0,%1,%2,%3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  } else if (KIND == STREAM) {
    asm volatile("ld.global.cs.v4.u32 {%0,%1,%2,%3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  } else {
    asm volatile("ld.global.v4.u32 {%0,%1,%2,%3}, [%4];" : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w) : "l"(p));
  }
  return v;
}

template <typename T> struct Lanes;
template <> struct Lanes<float> {
  static const int W = 4;
  static __device__ __forceinline__ void add(float* a, uint4 v) {
    a[0] = __fadd_rn(a[0], __uint_as_float(v.x)); a[1] = __fadd_rn(a[1], __uint_as_float(v.y));
    a[2] = __fadd_rn(a[2], __uint_as_float(v.z)); a[3] = __fadd_rn(a[3], __uint_as_float(v.w));
  }
};
template <> struct Lanes<int> {
  static const int W = 4;
  static __device__ __forceinline__ void add(int* a, uint4 v) {
    a[0] += (int)v.x; a[1] += (int)v.y; a[2] += (int)v.z; a[3] += (int)v.w;
  }
};
template <> struct Lanes<double> {
  static const int W = 2;
  static __device__ __forceinline__ void add(double* a, uint4 v) {
    a[0] = __dadd_rn(a[0], __hiloint2double((int)v.y, (int)v.x));
    a[1] = __dadd_rn(a[1], __hiloint2double((int)v.w, (int)v.z));
  }
};

// Even share (chunk > 0 vectors per block) or grid stride (chunk == 0), UNROLL loads in flight.
template <typename T, int UNROLL, int KIND>
__global__ void __launch_bounds__(BLOCK) race_vec(const T* input, i64 n, i64 chunk, T* partials, unsigned* counter,
                                                  T* result) {
  const int W = Lanes<T>::W;
  const uint4* vectors = reinterpret_cast<const uint4*>(input);
  i64 count = n / W, stride = (i64)BLOCK * gridDim.x, i = (i64)blockIdx.x * BLOCK + threadIdx.x;
  if (chunk > 0) {
    const i64 begin = blockIdx.x * chunk;
    vectors += begin;
    count = begin >= count ? 0 : (chunk < count - begin ? chunk : count - begin);
    stride = BLOCK;
    i = threadIdx.x;
  }
  T acc[W];
#pragma unroll
  for (int w = 0; w < W; ++w) acc[w] = 0;
  for (; i + (UNROLL - 1) * stride < count; i += UNROLL * stride) {
    uint4 v[UNROLL];
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) v[u] = load16<KIND>(vectors + i + u * stride);
#pragma unroll
    for (int u = 0; u < UNROLL; ++u) Lanes<T>::add(acc, v[u]);
  }
  for (; i < count; i += stride) Lanes<T>::add(acc, load16<KIND>(vectors + i));
  const i64 tail = (n / W) * W + (i64)blockIdx.x * BLOCK + threadIdx.x;
  if (tail < n) acc[0] += input[tail];
  T v = acc[0];
#pragma unroll
  for (int w = 1; w < W; ++w) v += acc[w];
  grid_total<OpSum>(v, partials, counter, result);
}

// Hopper bulk copies (TMA, cp.async.bulk) of STAGE_BYTES tiles into STAGES shared-memory stages per
// block, tiles striding over the grid; the threads add up each stage once its mbarrier completes.
__device__ __forceinline__ unsigned smem_addr(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

template <typename T, int STAGES, int STAGE_BYTES, bool EVICT_FIRST = false>
__global__ void __launch_bounds__(BLOCK) race_bulk(const T* input, i64 n, i64 unused, T* partials, unsigned* counter,
                                                   T* result) {
  extern __shared__ __align__(128) unsigned char stage_memory[];
  __shared__ __align__(8) unsigned long long bars[STAGES];
  const int W = Lanes<T>::W;
  const i64 tiles = n * (i64)sizeof(T) / STAGE_BYTES;
  const i64 mine = tiles > blockIdx.x ? (tiles - 1 - blockIdx.x) / gridDim.x + 1 : 0;
  if (threadIdx.x == 0) {
    for (int s = 0; s < STAGES; ++s) asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_addr(&bars[s])));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  __syncthreads();
  auto issue = [&](int s, i64 k) {
    const unsigned char* src = reinterpret_cast<const unsigned char*>(input) + (blockIdx.x + k * gridDim.x) * (i64)STAGE_BYTES;
    const unsigned bar = smem_addr(&bars[s]);
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(bar), "r"(STAGE_BYTES) : "memory");
    if (EVICT_FIRST) {
      unsigned long long policy;
      asm volatile("createpolicy.fractional.L2::evict_first.b64 %0, 1.0;" : "=l"(policy));
      asm volatile(
          "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_hint [%0], [%1], %2, [%3], %4;" ::"r"(
              smem_addr(stage_memory + s * STAGE_BYTES)),
          "l"(src), "r"(STAGE_BYTES), "r"(bar), "l"(policy)
          : "memory");
    } else {
      asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                       smem_addr(stage_memory + s * STAGE_BYTES)),
                   "l"(src), "r"(STAGE_BYTES), "r"(bar)
                   : "memory");
    }
  };
  if (threadIdx.x == 0)
    for (int s = 0; s < STAGES && s < mine; ++s) issue(s, s);
  T acc[W];
#pragma unroll
  for (int w = 0; w < W; ++w) acc[w] = 0;
  for (i64 k = 0; k < mine; ++k) {
    const int s = (int)(k % STAGES);
    const unsigned parity = (unsigned)((k / STAGES) & 1);
    const unsigned bar = smem_addr(&bars[s]);
    unsigned done = 0;
    while (!done) {
      asm volatile("{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
                   : "=r"(done)
                   : "r"(bar), "r"(parity)
                   : "memory");
    }
    const uint4* stage = reinterpret_cast<const uint4*>(stage_memory + s * STAGE_BYTES);
#pragma unroll
    for (int j = threadIdx.x; j < STAGE_BYTES / 16; j += BLOCK) Lanes<T>::add(acc, stage[j]);
    __syncthreads();
    if (threadIdx.x == 0 && k + STAGES < mine) {
      asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
      issue(s, k + STAGES);
    }
  }
  for (i64 i = tiles * (STAGE_BYTES / (i64)sizeof(T)) + blockIdx.x * (i64)BLOCK + threadIdx.x; i < n;
       i += (i64)gridDim.x * BLOCK)
    acc[0] += input[i];
  T v = acc[0];
#pragma unroll
  for (int w = 1; w < W; ++w) v += acc[w];
  grid_total<OpSum>(v, partials, counter, result);
}

// ---------------------------------------------------------------------------------------------
struct Stats {
  double best, median;
};
static Stats stats(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  return {v.front(), v[v.size() / 2]};
}

struct Harness {
  cudaStream_t stream;
  cudaEvent_t start, stop;
  volatile int* flag;
  int reps;

  Stats time(const std::function<void()>& call, bool gated) {
    std::vector<float> ms;
    for (int r = 0; r < reps + 5; ++r) {
      if (gated) {
        *flag = 0;
        gate_kernel<<<1, 1, 0, stream>>>(flag);
      }
      CK(cudaEventRecord(start, stream));
      call();
      CK(cudaEventRecord(stop, stream));
      if (gated) {
        std::atomic_thread_fence(std::memory_order_seq_cst);
        *flag = 1;
      }
      CK(cudaEventSynchronize(stop));
      float t;
      CK(cudaEventElapsedTime(&t, start, stop));
      if (r >= 5) ms.push_back(t);
    }
    return stats(ms);
  }
  Stats burst(const std::function<void()>& call) {
    std::vector<float> ms;
    for (int r = 0; r < 8; ++r) {
      CK(cudaEventRecord(start, stream));
      for (int c = 0; c < 20; ++c) call();
      CK(cudaEventRecord(stop, stream));
      CK(cudaEventSynchronize(stop));
      float t;
      CK(cudaEventElapsedTime(&t, start, stop));
      if (r >= 2) ms.push_back(t / 20);
    }
    return stats(ms);
  }
};

struct Candidate {
  std::string name, type;
  i64 n;
  std::function<void()> call;
  std::function<double()> value;
  std::vector<Stats> events, gated, burst;
};

// The module of the PTX file at `path`, loaded with the driver API.
static CUmodule load_module(const std::string& path) {
  std::string ptx = read_file(path);
  CUmodule module;
  CD(cuModuleLoadData(&module, ptx.c_str()));
  return module;
}

// ---------------------------------------------------------------------------------------------
// Scan race (RACE_SCAN=1): inclusive sums of 2^log2n floats and of as many bytes of doubles, CUB's
// DeviceScan::InclusiveSum against prims' decoupled look-back kernels of
// scan_decoupled_lookback.ptx and scan_lookback_bulk.ptx, each call zeroing its tile states first (as CudaScanner does). The
// items-per-thread and state-layout experiments of 2026-11-22 (10df43b's parent) were
// entry points of their own in that PTX, since removed.
static int scan_race(const std::string& dir, i64 n, Harness& h, int rounds, int sms) {
  CUmodule module = load_module(dir + "/scan_decoupled_lookback.ptx");
  CUmodule bulk_module = load_module(dir + "/scan_lookback_bulk.ptx");
  float* f;
  double* d;
  CK(cudaMalloc(&f, n * 4));
  CK(cudaMalloc(&d, n * 4));
  int* unused;
  CK(cudaMalloc(&unused, n * 4));
  fill_kernel<<<4096, 256>>>(f, unused, d, n);
  CK(cudaFree(unused));
  void* out;
  CK(cudaMalloc(&out, n * 4));
  void* check;
  CK(cudaMalloc(&check, n * 4));
  const i64 max_tiles = n / (256 * 15) + 2;
  void* scratch;
  // STATE_BYTES: bytes a tile's state takes, as LOOKBACK_STATE_BYTES of the PTX (block_lookback.cuh: 128)
  const i64 state_stride = std::max(16L, std::getenv("STATE_BYTES") ? std::atol(std::getenv("STATE_BYTES")) : 128L);
  const size_t scratch_bytes = state_stride * (max_tiles + 1);
  CK(cudaMalloc(&scratch, scratch_bytes));
  size_t temp_bytes = 0, need = 0;
  cub::DeviceScan::InclusiveSum(nullptr, need, f, (float*)out, n, h.stream);
  temp_bytes = std::max(temp_bytes, need);
  cub::DeviceScan::InclusiveSum(nullptr, need, d, (double*)out, n / 2, h.stream);
  temp_bytes = std::max(temp_bytes, need);
  void* temp;
  CK(cudaMalloc(&temp, temp_bytes));

  struct Entry {
    std::string name, type;
    std::function<void(void*)> call;
    std::vector<Stats> events;
  };
  std::vector<Entry> entries;
  entries.push_back({"cub InclusiveSum", "float", [=, &h](void* o) {
                       size_t b = temp_bytes;
                       cub::DeviceScan::InclusiveSum(temp, b, f, (float*)o, n, h.stream);
                     }, {}});
  entries.push_back({"cub InclusiveSum", "double", [=, &h](void* o) {
                       size_t b = temp_bytes;
                       cub::DeviceScan::InclusiveSum(temp, b, d, (double*)o, n / 2, h.stream);
                     }, {}});
  // prims' kernels take (input, output, n, exclusive, state, delay_ns, has_carry, carry); the items per thread are
  // common.cuh's SCAN_ITEMS_PER_THREAD_4 / _8
  auto ours = [&](const std::string& kernel, const std::string& type, int items) {
    CUfunction fn;
    CD(cuModuleGetFunction(&fn, kernel.rfind("scan_lookback_bulk", 0) == 0 ? bulk_module : module, kernel.c_str()));
    const i64 m = type == "double" ? n / 2 : n;
    const i64 tiles = (m + 256 * items - 1) / (256 * items);
    const void* in = type == "double" ? (void*)d : (void*)f;
    const size_t state_bytes = state_stride * (tiles + 1);
    entries.push_back({kernel + " items=" + std::to_string(items), type, [=, &h](void* o) {
                         CK(cudaMemsetAsync(scratch, 0, state_bytes, h.stream));
                         const void* a0 = in; void* a1 = o; i64 a2 = m; int a3 = 0;
                         void* a4 = scratch; unsigned a5 = 0; int a6 = 0; double a7 = 0;
                         void* params[] = {&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7};
                         CD(cuLaunchKernel(fn, (unsigned)tiles, 1, 1, 256, 1, 1, 0, (CUstream)h.stream, params, nullptr));
                       }, {}});
  };
  ours("scan_decoupled_lookback_float_sum", "float", SCAN_ITEMS_PER_THREAD_4);
  ours("scan_decoupled_lookback_double_sum", "double", SCAN_ITEMS_PER_THREAD_8);
  ours("scan_lookback_bulk_float_sum", "float", SCAN_ITEMS_PER_THREAD_4);
  ours("scan_lookback_bulk_double_sum", "double", SCAN_ITEMS_PER_THREAD_8);
  (void)sms;

  // correctness against CUB's output: relative difference of sampled elements
  for (auto& e : entries) {
    const i64 m = e.type == "double" ? n / 2 : n;
    entries[e.type == "double" ? 1 : 0].call(check);
    e.call(out);
    CK(cudaStreamSynchronize(h.stream));
    double worst = 0;
    for (i64 i : {(i64)0, (i64)1, m / 3, m / 2 + 7, m - 2, m - 1}) {
      double a, b;
      if (e.type == "double") {
        CK(cudaMemcpy(&a, (double*)out + i, 8, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(&b, (double*)check + i, 8, cudaMemcpyDeviceToHost));
      } else {
        float x, y;
        CK(cudaMemcpy(&x, (float*)out + i, 4, cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(&y, (float*)check + i, 4, cudaMemcpyDeviceToHost));
        a = x;
        b = y;
      }
      worst = std::max(worst, std::abs(a - b) / std::max(1.0, std::abs(b)));
    }
    std::printf("# check %-6s %-44s worst rel diff %.2e%s\n", e.type.c_str(), e.name.c_str(), worst,
                worst > (e.type == "double" ? 1e-9 : 1e-3) ? "  WRONG" : "");
  }
  for (int r = 0; r < rounds; ++r)
    for (auto& e : entries) e.events.push_back(h.time([&]() { e.call(out); }, false));
  std::printf("%-6s %-52s %10s %10s %10s\n", "type", "scan", "ev best", "ev med", "GB/s");
  for (auto& e : entries) {
    double best = 1e9, med = 1e9;
    for (auto& s : e.events) {
      best = std::min(best, s.best);
      med = std::min(med, s.median);
    }
    std::printf("%-6s %-52s %10.4f %10.4f %10.0f\n", e.type.c_str(), e.name.c_str(), best, med, 2.0 * n * 4 / best / 1e6);
  }
  return 0;
}

int main(int argc, char** argv) {
  if (argc < 2) {
    std::fprintf(stderr, "usage: reduce_race <ptx directory> [log2 sizes] [rounds] [reps]\n");
    return 2;
  }
  std::vector<int> log2s;
  {
    std::stringstream list(argc > 2 ? argv[2] : "28");
    std::string item;
    while (std::getline(list, item, ',')) log2s.push_back(std::atoi(item.c_str()));
  }
  const int log2n = *std::max_element(log2s.begin(), log2s.end());
  const int rounds = argc > 3 ? std::atoi(argv[3]) : 3;
  const i64 n = 1LL << log2n;
  CK(cudaSetDevice(0));
  CK(cudaFree(0));
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  const int sms = prop.multiProcessorCount;
  std::printf("# device %s, %d SMs, n = 2^%d\n", prop.name, sms, log2n);

  Harness h;
  h.reps = argc > 4 ? std::atoi(argv[4]) : 30;
  CK(cudaStreamCreateWithFlags(&h.stream, cudaStreamNonBlocking));
  CK(cudaEventCreate(&h.start));
  CK(cudaEventCreate(&h.stop));
  int* flag_host;
  CK(cudaHostAlloc(&flag_host, sizeof(int), cudaHostAllocMapped));
  h.flag = flag_host;  // with unified addressing the mapped word has the same address on the device

  float* f;
  int* k;
  double* d;
  CK(cudaMalloc(&f, n * 4));
  CK(cudaMalloc(&k, n * 4));
  CK(cudaMalloc(&d, n * 4));  // n/2 doubles: the same bytes as n floats
  fill_kernel<<<4096, 256>>>(f, k, d, n);
  CK(cudaDeviceSynchronize());
  void* scratch;
  CK(cudaMalloc(&scratch, 1 << 20));
  unsigned* counter;
  CK(cudaMalloc(&counter, 64));
  CK(cudaMemset(counter, 0, 64));
  void* result;
  CK(cudaMalloc(&result, 64));
  void* temp = nullptr;
  size_t temp_bytes = 0, need = 0;
  cub::DeviceReduce::Sum(nullptr, need, f, (float*)result, n, h.stream);
  temp_bytes = std::max(temp_bytes, need);
  cub::DeviceReduce::Sum(nullptr, need, k, (int*)result, n, h.stream);
  temp_bytes = std::max(temp_bytes, need);
  cub::DeviceReduce::Sum(nullptr, need, d, (double*)result, n / 2, h.stream);
  temp_bytes = std::max(temp_bytes, need);
  CK(cudaMalloc(&temp, temp_bytes));

  const std::string dir = argv[1];
  if (std::getenv("RACE_SCAN") != nullptr) return scan_race(dir, n, h, rounds, sms);
  CUmodule module = load_module(dir + "/reduce.ptx");
  CUmodule bulk_module = load_module(dir + "/reduce_bulk.ptx");

  auto read_result = [&](const std::string& type) -> double {
    CK(cudaStreamSynchronize(h.stream));
    double out = 0;
    if (type == "float") {
      float v;
      CK(cudaMemcpy(&v, result, 4, cudaMemcpyDeviceToHost));
      out = v;
    } else if (type == "int") {
      int v;
      CK(cudaMemcpy(&v, result, 4, cudaMemcpyDeviceToHost));
      out = v;
    } else {
      double v;
      CK(cudaMemcpy(&v, result, 8, cudaMemcpyDeviceToHost));
      out = v;
    }
    return out;
  };
  i64 size = n;  // elements of 4 bytes in the current measurement
  auto elements = [&](const std::string& type) { return type == "double" ? size / 2 : size; };
  auto input = [&](const std::string& type) -> void* {
    return type == "float" ? (void*)f : type == "int" ? (void*)k : (void*)d;
  };

  std::vector<Candidate> cands;
  auto add = [&](std::string name, std::string type, std::function<void()> call) {
    cands.push_back({name, type, elements(type), call, [=, &read_result]() { return read_result(type); }, {}, {}, {}});
  };

  for (int log2 : log2s) {
  size = 1LL << log2;
  for (std::string type : {"float", "int", "double"}) {
    if (log2 != log2n && type != "float") continue;
    const i64 m = elements(type);
    void* in = input(type);
    if (type == "float")
      add("cub DeviceReduce::Sum", type, [=, &h]() { size_t b = temp_bytes; cub::DeviceReduce::Sum(temp, b, (float*)in, (float*)result, m, h.stream); });
    if (type == "int")
      add("cub DeviceReduce::Sum", type, [=, &h]() { size_t b = temp_bytes; cub::DeviceReduce::Sum(temp, b, (int*)in, (int*)result, m, h.stream); });
    if (type == "double")
      add("cub DeviceReduce::Sum", type, [=, &h]() { size_t b = temp_bytes; cub::DeviceReduce::Sum(temp, b, (double*)in, (double*)result, m, h.stream); });

    // prims' committed kernel, launched as CudaReducer does (even share or grid stride)
    CUfunction fn;
    CD(cuModuleGetFunction(&fn, module, ("reduce_vectorized_" + type + "_sum").c_str()));
    int per_sm = 0;
    CD(cuOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fn, BLOCK, 0));
    const int width = type == "double" ? 2 : 4;
    for (int cap : {8}) {
      for (int even : {1}) {
        const int blocks = sms * std::min(per_sm, cap);
        const i64 vectors = m / width, step = (i64)BLOCK * 4;
        i64 chunk = even ? std::max<i64>(1, ((vectors + blocks - 1) / blocks + step - 1) / step) * step : 0;
        const int grid = even ? (int)std::max<i64>(1, (vectors + chunk - 1) / chunk) : blocks;
        char name[96];
        std::snprintf(name, sizeof name, "prims ptx %s cap=%d grid=%d", even ? "even" : "stride", cap, grid);
        add(name, type, [=, &h]() mutable {
          void* a0 = in; i64 a1 = m; i64 a2 = chunk; void* a3 = scratch; void* a4 = counter; void* a5 = result;
          void* params[] = {&a0, &a1, &a2, &a3, &a4, &a5};
          CD(cuLaunchKernel(fn, grid, 1, 1, BLOCK, 1, 1, 0, (CUstream)h.stream, params, nullptr));
        });
      }
    }
    // prims' bulk-copy kernel: 64 KiB of dynamic shared memory, the resident blocks (at most one
    // per whole tile)
    CUfunction bulk;
    CD(cuModuleGetFunction(&bulk, bulk_module, ("reduce_bulk_" + type + "_sum").c_str()));
    const int smem = 2 * 32768;
    CD(cuFuncSetAttribute(bulk, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, smem));
    int bulk_per_sm = 0;
    CD(cuOccupancyMaxActiveBlocksPerMultiprocessor(&bulk_per_sm, bulk, BLOCK, smem));
    const i64 tiles = m * (type == "double" ? 8 : 4) / 32768;
    const int bulk_grid = (int)std::max<i64>(1, std::min<i64>(tiles, (i64)sms * bulk_per_sm));
    char bulk_name[96];
    std::snprintf(bulk_name, sizeof bulk_name, "prims ptx bulk grid=%d", bulk_grid);
    add(bulk_name, type, [=, &h]() mutable {
      void* a0 = in; i64 a1 = m; void* a3 = scratch; void* a4 = counter; void* a5 = result;
      void* params[] = {&a0, &a1, &a3, &a4, &a5};
      CD(cuLaunchKernel(bulk, bulk_grid, 1, 1, BLOCK, 1, 1, smem, (CUstream)h.stream, params, nullptr));
    });
  }
  }
  size = n;

  // compiled variants, float (and the promising ones for int and double)
  const bool variants = std::getenv("RACE_VARIANTS") != nullptr;
  auto variant = [&](const std::string& name, const std::string& type, auto kernel, int smem, int cap, bool even,
                     int unroll) {
    const i64 m = elements(type);
    void* in = input(type);
    if (smem > 48 * 1024) CK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    int per_sm = 0;
    CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, BLOCK, smem));
    const int blocks = sms * std::min(per_sm, cap);
    const int width = type == "double" ? 2 : 4;
    const i64 vectors = m / width, step = (i64)BLOCK * unroll;
    const i64 chunk = even ? std::max<i64>(1, ((vectors + blocks - 1) / blocks + step - 1) / step) * step : 0;
    const int grid = even ? (int)std::max<i64>(1, (vectors + chunk - 1) / chunk) : blocks;
    if (!variants) return;
    char label[128];
    std::snprintf(label, sizeof label, "%s grid=%d", name.c_str(), grid);
    add(label, type, [=, &h]() {
      typedef void (*K)(const void*, i64, i64, void*, unsigned*, void*);
      ((K)kernel)<<<grid, BLOCK, smem, h.stream>>>(in, m, chunk, scratch, counter, result);
    });
  };
#define V(T, U, KIND) (void (*)(const void*, i64, i64, void*, unsigned*, void*))race_vec<T, U, KIND>
#define B(T, S, BYTES) (void (*)(const void*, i64, i64, void*, unsigned*, void*))race_bulk<T, S, BYTES>
#define BE(T, S, BYTES) (void (*)(const void*, i64, i64, void*, unsigned*, void*))race_bulk<T, S, BYTES, true>
  variant("bulk 2x32K", "float", B(float, 2, 32768), 2 * 32768, 8, false, 1);
  variant("bulk 2x32K evict-first", "float", BE(float, 2, 32768), 2 * 32768, 8, false, 1);
  variant("bulk 4x16K", "float", B(float, 4, 16384), 4 * 16384, 8, false, 1);
  variant("bulk 4x16K evict-first", "float", BE(float, 4, 16384), 4 * 16384, 8, false, 1);
  variant("bulk 8x16K", "float", B(float, 8, 16384), 8 * 16384, 8, false, 1);
  variant("bulk 8x16K evict-first", "float", BE(float, 8, 16384), 8 * 16384, 8, false, 1);
  variant("bulk 6x32K", "float", B(float, 6, 32768), 6 * 32768, 8, false, 1);
  variant("bulk 2x32K evict-first", "double", BE(double, 2, 32768), 2 * 32768, 8, false, 1);
  variant("bulk 4x16K", "double", B(double, 4, 16384), 4 * 16384, 8, false, 1);

  // correctness: every candidate's answer against CUB's of the same type
  std::map<std::string, double> reference;
  for (auto& c : cands) {
    c.call();
    const double v = c.value();
    const std::string key = c.type + std::to_string(c.n);
    if (!reference.count(key)) reference[key] = v;
    const double ref = reference[key];
    const double rel = std::abs(v - ref) / std::max(1.0, std::abs(ref));
    std::printf("# check %-6s %-10lld %-40s %.10g (rel diff %.2e)%s\n", c.type.c_str(), c.n, c.name.c_str(), v, rel,
                rel > 1e-4 ? "  WRONG" : "");
  }
  for (int r = 0; r < rounds; ++r) {
    for (auto& c : cands) {
      c.events.push_back(h.time(c.call, false));
      c.gated.push_back(h.time(c.call, true));
      c.burst.push_back(h.burst(c.call));
    }
  }
  CK(cudaDeviceSynchronize());
  std::printf("%-6s %-5s %-44s %10s %10s %10s %10s %10s   (ms per round: events best | gated best)\n", "type", "n", "candidate",
              "ev best", "ev med", "gate best", "gate med", "burst med");
  for (auto& c : cands) {
    auto best_of = [](const std::vector<Stats>& s, bool med) {
      double b = 1e9;
      for (auto& x : s) b = std::min(b, med ? x.median : x.best);
      return b;
    };
    const double bytes = (double)c.n * (c.type == "double" ? 8 : 4);
    char log[8];
    std::snprintf(log, sizeof log, "2^%d", (int)std::log2((double)c.n));
    std::printf("%-6s %-5s %-44s %10.4f %10.4f %10.4f %10.4f %10.4f   %.0f GB/s gated;", c.type.c_str(), log, c.name.c_str(),
                best_of(c.events, false), best_of(c.events, true), best_of(c.gated, false), best_of(c.gated, true),
                best_of(c.burst, true), bytes / best_of(c.gated, false) / 1e6);
    for (size_t r = 0; r < c.events.size(); ++r) std::printf(" %.4f|%.4f", c.events[r].best, c.gated[r].best);
    std::printf("\n");
  }
  return 0;
}
