// Times the single-pass select (device/select.cu's select_compact) for one tile shape, float
// values in [0, 1), predicate x >= 0.5 (about half kept), beside CUB's DeviceSelect::If in the same
// process. Build one binary per shape, e.g.
//   nvcc -O3 -std=c++17 -arch=sm_90 -DSELECT_ITEMS_4=12 -DSELECT_MIN_BLOCKS=4 \
//     -o select_12_4 tools/cuda-experiments/select_tiles.cu
// With --ptx FILE
// (and --entry NAME, default select_compact_float) it also times that entry of a PTX file loaded as
// the Java backend loads it (cuModuleLoadData: the driver compiles it), with the production
// arguments and no indices, flags or partition: the committed PTX's registers differ from a
// binary built here (the harness's own kernel passes those arguments as constants).
// and run each: ./select_12_4 [log2 n ...] (default 24 28); prints best-of-20 milliseconds.
#define PRIMS_SELECT_NO_ENTRIES
#include "../../backend-cuda/src/main/cuda/device/select.cu"

#include <cub/device/device_select.cuh>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include "harness_driver.cuh"
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE, SELECT_MIN_BLOCKS)
    compact_float(const float* values, i64 n, const i64* program, float* out, unsigned* state, unsigned epoch,
                  unsigned delay_ns, i64* kept) {
  select_compact<float, u32>(values, nullptr, 0, n, program, 1, nullptr, 0, out, nullptr, 0, 0, n, 0, state,
                             epoch, delay_ns, kept, kept);
}

// The driver API, taken from the runtime (harness_driver.cuh), for the
// committed PTX (loaded as the Java backend loads it: cuModuleLoadData, JIT by the driver).
static decltype(&::cuModuleLoadData) drv_cuModuleLoadData;
static decltype(&::cuModuleGetFunction) drv_cuModuleGetFunction;
static decltype(&::cuLaunchKernel) drv_cuLaunchKernel;
static decltype(&::cuFuncGetAttribute) drv_cuFuncGetAttribute;

static void load_driver() {
  driver_entry("cuModuleLoadData", drv_cuModuleLoadData);
  driver_entry("cuModuleGetFunction", drv_cuModuleGetFunction);
  driver_entry("cuLaunchKernel", drv_cuLaunchKernel);
  driver_entry("cuFuncGetAttribute", drv_cuFuncGetAttribute);
}

struct AtLeastHalf {
  __device__ bool operator()(float x) const { return x >= 0.5f; }
};

struct AtLeast500 {
  __device__ bool operator()(int x) const { return x >= 500; }
};

static float best(cudaEvent_t a, cudaEvent_t b, std::vector<float>& times) {
  float m = 1e30f;
  for (float t : times) m = t < m ? t : m;
  return m;
}

int main(int argc, char** argv) {
  std::vector<int> logs;
  std::string ptx_file, entry = "select_compact_float";
  bool ints = false;  // --int: ints in [0, 1000), x >= 500, PTX entry and CUB only
  for (int i = 1; i < argc; i++) {
    if (std::string(argv[i]) == "--int") {
      ints = true;
      continue;
    }
    if (std::string(argv[i]) == "--ptx" && i + 1 < argc) {
      ptx_file = argv[++i];
    } else if (std::string(argv[i]) == "--entry" && i + 1 < argc) {
      entry = argv[++i];
    } else {
      logs.push_back(atoi(argv[i]));
    }
  }
  CUfunction ptx_compact = nullptr;
  int ptx_regs = 0;
  if (!ptx_file.empty()) {
    cudaFree(nullptr);  // the runtime's context, which the driver calls then use
    load_driver();
    std::ifstream in(ptx_file);
    std::stringstream text;
    text << in.rdbuf();
    std::string ptx = text.str();
    CUmodule module;
    if (drv_cuModuleLoadData(&module, ptx.c_str()) != CUDA_SUCCESS ||
        drv_cuModuleGetFunction(&ptx_compact, module, entry.c_str()) != CUDA_SUCCESS) {
      std::fprintf(stderr, "select_tiles: cannot load %s from %s\n", entry.c_str(), ptx_file.c_str());
      return 1;
    }
    drv_cuFuncGetAttribute(&ptx_regs, CU_FUNC_ATTRIBUTE_NUM_REGS, ptx_compact);
  }
  if (logs.empty()) logs = {24, 28};
  cudaEvent_t start, stop;
  cudaEventCreate(&start);
  cudaEventCreate(&stop);
  for (int lg : logs) {
    const i64 n = (i64)1 << lg;
    std::vector<float> host(n);
    unsigned s = 12345;
    for (i64 i = 0; i < n; i++) {
      s = s * 1664525u + 1013904223u;
      host[i] = (s >> 8) * (1.0f / 16777216.0f);
      if (ints) {
        const int k = (int)((s >> 8) % 1000);
        memcpy(&host[i], &k, 4);
      }
    }
    float *values, *out, *cub_out;
    cudaMalloc(&values, n * 4);
    cudaMalloc(&out, n * 4);
    cudaMalloc(&cub_out, n * 4);
    cudaMemcpy(values, host.data(), n * 4, cudaMemcpyHostToDevice);
    const int tile = BLOCK_SIZE * SELECT_ITEMS_4;
    const i64 tiles = (n + tile - 1) / tile;
    // a line of counters, then one state a tile (LOOKBACK_STATE_BYTES apart when set), zeroed once:
    // every call's tile states carry its own epoch, and its last block zeroes the counters again
    const size_t state_bytes = 8 * (size_t)LOOKBACK_STATE_WORDS(float) * (tiles + 1);
    unsigned* state;
    cudaMalloc(&state, state_bytes);
    cudaMemset(state, 0, state_bytes);
    unsigned epoch = 0;
    i64* kept;
    cudaMalloc(&kept, 8 * 2);
    i64 program[2];
    double half = 0.5;
    program[0] = OP_GE;
    memcpy(&program[1], &half, 8);
    if (ints) {
      program[0] = OP_GE | INTEGER_MODE;
      program[1] = 500;
    }
    i64* code;
    cudaMalloc(&code, 16);
    cudaMemcpy(code, program, 16, cudaMemcpyHostToDevice);
    std::vector<float> ours, cubs;
    // delay_ns as the Java backend passes it (CudaScanPolicy.LOOKBACK_DELAY_NS = 0) and 64
    for (unsigned delay : {0u, 64u}) {
      if (ints) break;  // the source-built kernel is the float one
      std::vector<float> times;
      for (int r = 0; r < 20; r++) {
        cudaEventRecord(start);
        compact_float<<<(unsigned)tiles, BLOCK_SIZE>>>(values, n, code, out, state, ++epoch, delay, kept);
        cudaEventRecord(stop);
        cudaEventSynchronize(stop);
        float ms;
        cudaEventElapsedTime(&ms, start, stop);
        times.push_back(ms);
      }
      printf("  source-built kernel, delay %u ns: %.4f ms\n", delay, best(start, stop, times));
      if (delay == 64) ours = times;
    }
    if (ptx_compact) {
      for (unsigned delay : {0u, 64u}) {
        std::vector<float> times;
        const float* in_ptr = values;
        const int* no_indices = nullptr;
        int zero = 0, one_instruction = 1, no = 0;
        i64 at = 0, capacity = n, nn = n;
        const int* no_flags = nullptr;
        int* no_out_indices = nullptr;
        void* params[] = {&in_ptr, &no_indices, &zero, &nn, &code, &one_instruction, &no_flags, &no, &out,
                          &no_out_indices, &no, &at, &capacity, &no, &state, &epoch, &delay, &kept, &kept};
        for (int r = 0; r < 20; r++) {
          cudaEventRecord(start);
          ++epoch;
          drv_cuLaunchKernel(ptx_compact, (unsigned)tiles, 1, 1, BLOCK_SIZE, 1, 1, 0, nullptr, params, nullptr);
          cudaEventRecord(stop);
          cudaEventSynchronize(stop);
          float ms;
          cudaEventElapsedTime(&ms, start, stop);
          times.push_back(ms);
        }
        printf("  PTX %s (%d registers), delay %u ns: %.4f ms\n", entry.c_str(), ptx_regs, delay, best(start, stop, times));
      }
    }
    i64 got;
    cudaMemcpy(&got, kept, 8, cudaMemcpyDeviceToHost);
    int* cub_kept;
    cudaMalloc(&cub_kept, 4);
    size_t temp_bytes = 0;
    const auto cub_select = [&](void* temp, size_t& bytes) {
      if (ints) {
        return cub::DeviceSelect::If(temp, bytes, (const int*)values, (int*)cub_out, cub_kept, (int)n, AtLeast500());
      }
      return cub::DeviceSelect::If(temp, bytes, values, cub_out, cub_kept, (int)n, AtLeastHalf());
    };
    cub_select(nullptr, temp_bytes);
    void* temp;
    cudaMalloc(&temp, temp_bytes);
    for (int r = 0; r < 20; r++) {
      cudaEventRecord(start);
      cub_select(temp, temp_bytes);
      cudaEventRecord(stop);
      cudaEventSynchronize(stop);
      float ms;
      cudaEventElapsedTime(&ms, start, stop);
      cubs.push_back(ms);
    }
    int cub_count;
    cudaMemcpy(&cub_count, cub_kept, 4, cudaMemcpyDeviceToHost);
    // the kept values must be CUB's, in the same order
    std::vector<float> mine(n), theirs(n);
    cudaMemcpy(mine.data(), out, n * 4, cudaMemcpyDeviceToHost);
    cudaMemcpy(theirs.data(), cub_out, n * 4, cudaMemcpyDeviceToHost);
    const bool same = got == cub_count && memcmp(mine.data(), theirs.data(), (size_t)cub_count * 4) == 0;
    cudaFuncAttributes attr;
    cudaFuncGetAttributes(&attr, compact_float);
    int per_sm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, compact_float, BLOCK_SIZE, 0);
    if (ints) {  // no source-built int kernel: CUB and the PTX entry's answer only
      printf("n 2^%d  cub %.4f ms (kept %d), PTX entry kept %lld  %s %s\n", lg, best(start, stop, cubs), cub_count,
             (long long)got, same ? "same values as CUB" : "DIFFERENT FROM CUB", cudaGetErrorString(cudaGetLastError()));
    } else {
      printf("items %d min_blocks %d regs %d blocks/SM %d  n 2^%d  prims %.4f ms (kept %lld)  cub %.4f ms (kept %d)  ratio %.2fx  %s %s\n",
             SELECT_ITEMS_4, SELECT_MIN_BLOCKS, attr.numRegs, per_sm, lg, best(start, stop, ours), (long long)got,
             best(start, stop, cubs), cub_count, best(start, stop, cubs) / best(start, stop, ours),
             same ? "same values as CUB" : "DIFFERENT FROM CUB", cudaGetErrorString(cudaGetLastError()));
    }
    cudaFree(values); cudaFree(out); cudaFree(cub_out); cudaFree(state); cudaFree(kept); cudaFree(code); cudaFree(cub_kept); cudaFree(temp);
  }
  return 0;
}
