// CUB reference timings for the prims CUDA backend, measured the way CudaBench measures prims:
// device-resident data, CUDA events around each call, best and median of REPS after warm-up.
// Build and run on the GPU machine:  nvcc -O3 -arch=sm_90 -o cub_reference cub_reference.cu && ./cub_reference
#include <cub/cub.cuh>
#include <algorithm>
#include <cstdio>
#include <string>
#include <vector>
#include <chrono>

#define CHECK(x)                                                                          \
  do {                                                                                    \
    cudaError_t e = (x);                                                                  \
    if (e != cudaSuccess) {                                                               \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e), __FILE__, __LINE__); \
      std::exit(1);                                                                       \
    }                                                                                     \
  } while (0)

static const int WARMUP = 5;
static const int REPS = 30;

__device__ unsigned hash32(unsigned long long i) {
  unsigned long long x = i * 0x9E3779B97F4A7C15ull;
  x ^= x >> 31;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 29;
  return (unsigned)(x >> 32);
}
__global__ void fill_float(float* p, long long n) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)blockDim.x * gridDim.x)
    p[i] = (hash32(i) >> 8) * (1.0f / 16777216.0f);
}
__global__ void fill_int(int* p, long long n) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)blockDim.x * gridDim.x)
    p[i] = (int)(hash32(i) % 1000);
}
__global__ void fill_double(double* p, long long n) {
  for (long long i = blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n; i += (long long)blockDim.x * gridDim.x)
    p[i] = hash32(i) * (1.0 / 4294967296.0);
}

template <typename F>
static void time_it(const char* name, long long n, double bytes, F&& call) {
  cudaEvent_t start, end;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&end));
  for (int i = 0; i < WARMUP; ++i) call();
  CHECK(cudaDeviceSynchronize());
  std::vector<float> ms;
  for (int i = 0; i < REPS; ++i) {
    CHECK(cudaEventRecord(start));
    call();
    CHECK(cudaEventRecord(end));
    CHECK(cudaEventSynchronize(end));
    float t;
    CHECK(cudaEventElapsedTime(&t, start, end));
    ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  std::printf("bench cub %-34s n=%-10lld best_ms=%.4f median_ms=%.4f best_GBps=%.1f median_GBps=%.1f\n", name, n, ms[0],
              ms[ms.size() / 2], bytes / ms[0] / 1e6, bytes / ms[ms.size() / 2] / 1e6);
  CHECK(cudaEventDestroy(start));
  CHECK(cudaEventDestroy(end));
}

// Wall time of a small reduce including launch and the result copy (host clock).
template <typename F>
static void time_wall(const char* name, long long n, F&& call) {
  for (int i = 0; i < WARMUP * 4; ++i) call();
  std::vector<double> us;
  for (int i = 0; i < REPS * 4; ++i) {
    auto t0 = std::chrono::steady_clock::now();
    call();
    auto t1 = std::chrono::steady_clock::now();
    us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
  }
  std::sort(us.begin(), us.end());
  std::printf("bench cub %-34s n=%-10lld best_us=%.2f median_us=%.2f (wall, launch + result copy)\n", name, n, us[0],
              us[us.size() / 2]);
}

template <typename T>
static void reduce_sum(const char* name, T* d_in, long long n) {
  T* d_out;
  T host;
  CHECK(cudaMalloc(&d_out, sizeof(T)));
  size_t temp_bytes = 0;
  void* temp = nullptr;
  cub::DeviceReduce::Sum(temp, temp_bytes, d_in, d_out, n);
  CHECK(cudaMalloc(&temp, temp_bytes));
  std::string kernel_only = std::string(name) + " (kernels)";
  time_it(kernel_only.c_str(), n, (double)n * sizeof(T), [&] { cub::DeviceReduce::Sum(temp, temp_bytes, d_in, d_out, n); });
  std::string with_copy = std::string(name) + " (+ result to host)";
  time_it(with_copy.c_str(), n, (double)n * sizeof(T), [&] {
    cub::DeviceReduce::Sum(temp, temp_bytes, d_in, d_out, n);
    CHECK(cudaMemcpy(&host, d_out, sizeof(T), cudaMemcpyDeviceToHost));
  });
  CHECK(cudaFree(temp));
  CHECK(cudaFree(d_out));
}

int main() {
  const long long n = 1LL << 28;
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("device %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  float* f;
  int* ints;
  double* d;
  float* out;
  CHECK(cudaMalloc(&f, n * sizeof(float)));
  CHECK(cudaMalloc(&ints, n * sizeof(int)));
  CHECK(cudaMalloc(&d, n * sizeof(double)));
  CHECK(cudaMalloc(&out, n * sizeof(float)));
  fill_float<<<4096, 256>>>(f, n);
  fill_int<<<4096, 256>>>(ints, n);
  fill_double<<<4096, 256>>>(d, n);
  CHECK(cudaDeviceSynchronize());

  time_it("copy float d2d (read+write)", n, 2.0 * n * sizeof(float),
          [&] { CHECK(cudaMemcpyAsync(out, f, n * sizeof(float), cudaMemcpyDeviceToDevice)); });
  reduce_sum("reduce sum float", f, n);
  reduce_sum("reduce sum int", ints, n);
  reduce_sum("reduce sum double", d, n);
  {
    size_t temp_bytes = 0;
    void* temp = nullptr;
    cub::DeviceScan::InclusiveSum(temp, temp_bytes, f, out, n);
    CHECK(cudaMalloc(&temp, temp_bytes));
    time_it("scan inclusive sum float", n, 2.0 * n * sizeof(float),
            [&] { cub::DeviceScan::InclusiveSum(temp, temp_bytes, f, out, n); });
    CHECK(cudaFree(temp));
  }
  {
    unsigned long long* hist;
    CHECK(cudaMalloc(&hist, 256 * sizeof(unsigned long long)));
    size_t temp_bytes = 0;
    void* temp = nullptr;
    cub::DeviceHistogram::HistogramEven(temp, temp_bytes, f, hist, 257, 0.0f, 1.0f, n);
    CHECK(cudaMalloc(&temp, temp_bytes));
    time_it("histogram even 256 float", n, (double)n * sizeof(float),
            [&] { cub::DeviceHistogram::HistogramEven(temp, temp_bytes, f, hist, 257, 0.0f, 1.0f, n); });
    CHECK(cudaFree(temp));
    CHECK(cudaFree(hist));
  }
  {
    const long long small = 1LL << 20;
    float* d_out;
    float host;
    CHECK(cudaMalloc(&d_out, sizeof(float)));
    size_t temp_bytes = 0;
    void* temp = nullptr;
    cub::DeviceReduce::Sum(temp, temp_bytes, f, d_out, small);
    CHECK(cudaMalloc(&temp, temp_bytes));
    time_it("reduce sum float small (+ result to host)", small, (double)small * sizeof(float), [&] {
      cub::DeviceReduce::Sum(temp, temp_bytes, f, d_out, small);
      CHECK(cudaMemcpy(&host, d_out, sizeof(float), cudaMemcpyDeviceToHost));
    });
    time_wall("reduce sum float small", small, [&] {
      cub::DeviceReduce::Sum(temp, temp_bytes, f, d_out, small);
      CHECK(cudaMemcpy(&host, d_out, sizeof(float), cudaMemcpyDeviceToHost));
    });
  }
  return 0;
}
