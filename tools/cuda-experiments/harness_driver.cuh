// What the CUDA race harnesses share: the driver API's entry points taken from the runtime
// (cudaGetDriverEntryPointByVersion), so that a harness links without libcuda and runs on whatever
// driver the GPU machine has; the error checks CK (runtime calls) and CD (driver calls), which
// print the failing call and exit; the best-of timing of a call by events; reading a file; and the
// hash of an index from which cub_reference.cu (prims bench's CUB side) fills its data.
#pragma once
#include <cuda.h>
#include <cuda_runtime.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <functional>
#include <sstream>
#include <string>

// Sets f to the driver function `name` (CUDA 12.0 semantics), or exits naming it.
template <typename F>
static void driver_entry(const char* name, F& f) {
  cudaDriverEntryPointQueryResult found;
  if (cudaGetDriverEntryPointByVersion(name, reinterpret_cast<void**>(&f), 12000, cudaEnableDefault, &found) !=
          cudaSuccess ||
      found != cudaDriverEntryPointSuccess) {
    std::fprintf(stderr, "no driver entry point %s\n", name);
    std::exit(1);
  }
}

// The driver's text for e (cuGetErrorString, taken on first use).
static const char* driver_error_text(CUresult e) {
  static decltype(&::cuGetErrorString) get = nullptr;
  if (get == nullptr) driver_entry("cuGetErrorString", get);
  const char* text = nullptr;
  get(e, &text);
  return text != nullptr ? text : "?";
}

// Runs `call`, whose status type T is `ok` on success; otherwise prints where, `what` and text(status)
// and exits.
#define CHECK_OR_EXIT(T, ok, text, call, what)                                              \
  do {                                                                                      \
    T e = (call);                                                                           \
    if (e != ok) {                                                                          \
      std::fprintf(stderr, "%s:%d %s: %s\n", __FILE__, __LINE__, what, text(e));            \
      std::exit(1);                                                                         \
    }                                                                                       \
  } while (0)
#define CK(x) CHECK_OR_EXIT(cudaError_t, cudaSuccess, cudaGetErrorString, x, #x)
#define CD(x) CHECK_OR_EXIT(CUresult, CUDA_SUCCESS, driver_error_text, x, #x)

// The shortest of `reps` runs of `call` on `stream`, in ms, each timed between the events `start`
// and `stop` (launch latency included, as prims bench), after three untimed warm-up calls.
static double best_event_ms(const std::function<void()>& call, int reps, cudaStream_t stream, cudaEvent_t start,
                            cudaEvent_t stop) {
  for (int w = 0; w < 3; ++w) call();
  CK(cudaStreamSynchronize(stream));
  float best = 1e30f;
  for (int r = 0; r < reps; ++r) {
    CK(cudaEventRecord(start, stream));
    call();
    CK(cudaEventRecord(stop, stream));
    CK(cudaEventSynchronize(stop));
    float ms;
    CK(cudaEventElapsedTime(&ms, start, stop));
    best = std::min(best, ms);
  }
  return best;
}

// The contents of the file at `path`; when it cannot be read, says so and exits with `status`.
static std::string read_file(const std::string& path, int status = 1) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path.c_str());
    std::exit(status);
  }
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// hash32 of cub_reference.cu: the bench's data is a function of this hash of each index.
__host__ __device__ inline unsigned hash32(unsigned long long i) {
  unsigned long long x = i * 0x9E3779B97F4A7C15ULL;
  x ^= x >> 32;
  x *= 0xD6E8FEB86659FD93ULL;
  x ^= x >> 32;
  return (unsigned)x;
}
