// Times the single-pass select (device/select.cu's select_compact) for one tile shape, float
// values in [0, 1), predicate x >= 0.5 (about half kept), beside CUB's DeviceSelect::If in the same
// process. Build one binary per shape, e.g.
//   nvcc -O3 -std=c++17 -arch=sm_90 -DSELECT_ITEMS_4=12 -DSELECT_MIN_BLOCKS=4 \
//     -o select_12_4 tools/cuda-experiments/select_tiles.cu
// and run each: ./select_12_4 [log2 n ...] (default 24 28); prints best-of-20 milliseconds.
#define PRIMS_SELECT_NO_ENTRIES
#include "../../backend-cuda/src/main/cuda/device/select.cu"

#include <cub/device/device_select.cuh>
#include <cstdio>
#include <cstdlib>
#include <vector>

extern "C" __global__ void __launch_bounds__(BLOCK_SIZE, SELECT_MIN_BLOCKS)
    compact_float(const float* values, i64 n, const i64* program, float* out, unsigned* state, i64* kept) {
  select_compact<float, u32>(values, nullptr, 0, n, program, 1, nullptr, 0, out, nullptr, 0, 0, n, 0, state,
                             64, kept);
}

struct AtLeastHalf {
  __device__ bool operator()(float x) const { return x >= 0.5f; }
};

static float best(cudaEvent_t a, cudaEvent_t b, std::vector<float>& times) {
  float m = 1e30f;
  for (float t : times) m = t < m ? t : m;
  return m;
}

int main(int argc, char** argv) {
  std::vector<int> logs;
  for (int i = 1; i < argc; i++) logs.push_back(atoi(argv[i]));
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
    }
    float *values, *out;
    cudaMalloc(&values, n * 4);
    cudaMalloc(&out, n * 4);
    cudaMemcpy(values, host.data(), n * 4, cudaMemcpyHostToDevice);
    const int tile = BLOCK_SIZE * SELECT_ITEMS_4;
    const i64 tiles = (n + tile - 1) / tile;
    unsigned* state;
    cudaMalloc(&state, 8 * (tiles + 1));
    i64* kept;
    cudaMalloc(&kept, 8 * 2);
    i64 program[2];
    double half = 0.5;
    program[0] = OP_GE;
    memcpy(&program[1], &half, 8);
    i64* code;
    cudaMalloc(&code, 16);
    cudaMemcpy(code, program, 16, cudaMemcpyHostToDevice);
    std::vector<float> ours, cubs;
    for (int r = 0; r < 20; r++) {
      cudaEventRecord(start);
      cudaMemsetAsync(state, 0, 8 * (tiles + 1));
      compact_float<<<(unsigned)tiles, BLOCK_SIZE>>>(values, n, code, out, state, kept);
      cudaEventRecord(stop);
      cudaEventSynchronize(stop);
      float ms;
      cudaEventElapsedTime(&ms, start, stop);
      ours.push_back(ms);
    }
    i64 got;
    cudaMemcpy(&got, kept, 8, cudaMemcpyDeviceToHost);
    int* cub_kept;
    cudaMalloc(&cub_kept, 4);
    size_t temp_bytes = 0;
    cub::DeviceSelect::If(nullptr, temp_bytes, values, out, cub_kept, (int)n, AtLeastHalf());
    void* temp;
    cudaMalloc(&temp, temp_bytes);
    for (int r = 0; r < 20; r++) {
      cudaEventRecord(start);
      cub::DeviceSelect::If(temp, temp_bytes, values, out, cub_kept, (int)n, AtLeastHalf());
      cudaEventRecord(stop);
      cudaEventSynchronize(stop);
      float ms;
      cudaEventElapsedTime(&ms, start, stop);
      cubs.push_back(ms);
    }
    int cub_count;
    cudaMemcpy(&cub_count, cub_kept, 4, cudaMemcpyDeviceToHost);
    cudaFuncAttributes attr;
    cudaFuncGetAttributes(&attr, compact_float);
    int per_sm = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, compact_float, BLOCK_SIZE, 0);
    printf("items %d min_blocks %d regs %d blocks/SM %d  n 2^%d  prims %.4f ms (kept %lld)  cub %.4f ms (kept %d)  ratio %.2fx  %s\n",
           SELECT_ITEMS_4, SELECT_MIN_BLOCKS, attr.numRegs, per_sm, lg, best(start, stop, ours), (long long)got,
           best(start, stop, cubs), cub_count, best(start, stop, cubs) / best(start, stop, ours),
           cudaGetErrorString(cudaGetLastError()));
    cudaFree(values); cudaFree(out); cudaFree(state); cudaFree(kept); cudaFree(code); cudaFree(cub_kept); cudaFree(temp);
  }
  return 0;
}
