// CUB / Thrust reference timings for `prims bench` and `prims ladder`.
//
// One binary, one measurement per invocation, one JSON line on stdout:
//   cub_reference --primitive copy|h2d|d2h|duplex|reduce|scan|histogram|dot|argreduce --type int|long|float|double
//                 --n N [--reps R] [--warmup W] [--op sum|min|max] [--exclusive]
//                 [--bins 256] [--lower 0] [--upper 1] [--impl cub|thrust] [--device D]
//                 [--timer events|wall] [--result-to-host]
//   cub_reference --primitive segreduce|reduce-by-key|scan-by-key --segment L ... (see the
//                 section "Segmented reduce and by-key" below)
//   cub_reference --primitive sort [--pairs] ... (see the section "Radix sort" below)
//   cub_reference --primitive select ... (see the section "Select" below; prims' top-k is
//                 measured against --primitive sort, the full sort a CUDA user would run)
//   cub_reference --primitive unique|rle ... (see the section "Unique and run-length encode")
//
// Data lives on the device and is filled there deterministically (a hash of the index):
//   int/long     reduce, scan, dot: hash(i) mod 1000 (histogram: hash(i) mod bins); sort keys
//                span the whole type: int hash(i), long hash(i) << 32 | hash(i + 0x534F5254)
//   float/double lower + (hash(i) >> 8) / 2^24 * (upper - lower), so in [lower, upper)
// Temporary storage is allocated once, outside timing (Thrust goes through a caching
// allocator for the same reason). After `warmup` untimed runs, each of `reps` runs is timed
// alone with a pair of cudaEvents (`--timer events`, the default) or with the host's steady clock
// from before the launch until the run has finished on the device (`--timer wall`: launch
// overhead included); best and median milliseconds are reported. `--result-to-host` (reduce and
// dot only) makes each timed run also copy the result to host memory, as a caller that wants the
// value must (Thrust returns it to the host anyway).
// Bytes counted: reduce and histogram read n elements; scan and copy read and write n
// elements; dot reads 2n elements. gbps = bytes / best time (10^9 bytes per second).
// The checksum lets a caller compare with its own answer: reduce and dot -> the result;
// scan -> the last element; copy -> the last element copied; histogram -> sum of
// (bin + 1) * count over the bins.
//
// `cub_reference --batch [--device D]` reads one measurement's arguments per line from stdin
// and prints one JSON line for each, sharing one CUDA context.
//
// Build: nvcc -O3 -std=c++17 -arch=sm_90 -o cub_reference cub_reference.cu
// Errors print {"error": "..."} on stdout (one line per failed measurement) and exit status 1.

#include <cub/cub.cuh>
#include <cuda/functional>
#include <cuda_runtime.h>
#include <thrust/adjacent_difference.h>
#include <thrust/binary_search.h>
#include <thrust/copy.h>
#include <thrust/device_ptr.h>
#include <thrust/execution_policy.h>
#include <thrust/inner_product.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/iterator/zip_iterator.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/sort.h>
#include <thrust/transform.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace {

struct Options {
  std::string primitive = "reduce";
  std::string type = "float";
  std::string op = "sum";
  std::string impl = "cub";
  long long n = 1LL << 24;
  int reps = 50;
  int warmup = 5;
  bool exclusive = false;
  int bins = 256;
  double lower = 0.0;
  double upper = 1.0;
  int device = 0;
  std::string timer = "events";
  bool result_to_host = false;
  long long segment = 64;  // segreduce, reduce-by-key, scan-by-key: elements per segment or run
  bool pairs = false;      // sort: key-value pairs (int values 0..n-1) instead of keys alone
};

std::string escape(const std::string& s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out;
}

struct Failure {
  std::string message;
};

[[noreturn]] void fail(const std::string& message) { throw Failure{message}; }

void print_error(const std::string& message) {
  std::printf("{\"error\": \"%s\"}\n", escape(message).c_str());
  std::fflush(stdout);
}

// Memory that Free releases when it goes out of scope, so a failed measurement leaks nothing; the
// subclass's constructor allocates it (and leaves it null when that fails).
template <typename T, cudaError_t (*Free)(void*)>
class CudaMemory {
 public:
  ~CudaMemory() {
    if (ptr_ != nullptr) Free(ptr_);
  }
  CudaMemory(const CudaMemory&) = delete;
  CudaMemory& operator=(const CudaMemory&) = delete;
  T* get() const { return ptr_; }

 protected:
  CudaMemory() = default;
  T* ptr_ = nullptr;
};

// Device memory (cudaMalloc).
template <typename T>
class DeviceMemory : public CudaMemory<T, cudaFree> {
 public:
  DeviceMemory(long long count, const char* what) {
    if (cudaMalloc(&this->ptr_, std::max<long long>(count, 1) * sizeof(T)) != cudaSuccess) {
      cudaGetLastError();
      fail(std::string("cudaMalloc ") + what + " of " + std::to_string(count * sizeof(T)) +
           " bytes failed");
    }
  }
};

void check(cudaError_t status, const char* what) {
  if (status != cudaSuccess) {
    fail(std::string(what) + ": " + cudaGetErrorString(status));
  }
}

Options parse(int argc, char** argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) fail("missing value after " + a);
      return argv[++i];
    };
    if (a == "--primitive") o.primitive = value();
    else if (a == "--type") o.type = value();
    else if (a == "--op") o.op = value();
    else if (a == "--impl") o.impl = value();
    else if (a == "--n") o.n = std::atoll(value().c_str());
    else if (a == "--reps") o.reps = std::atoi(value().c_str());
    else if (a == "--warmup") o.warmup = std::atoi(value().c_str());
    else if (a == "--exclusive") o.exclusive = true;
    else if (a == "--inclusive") o.exclusive = false;
    else if (a == "--bins") o.bins = std::atoi(value().c_str());
    else if (a == "--lower") o.lower = std::atof(value().c_str());
    else if (a == "--upper") o.upper = std::atof(value().c_str());
    else if (a == "--device") o.device = std::atoi(value().c_str());
    else if (a == "--timer") o.timer = value();
    else if (a == "--result-to-host") o.result_to_host = true;
    else if (a == "--segment") o.segment = std::atoll(value().c_str());
    else if (a == "--pairs") o.pairs = true;
    else fail("unknown argument " + a);
  }
  if (o.n <= 0) fail("--n must be positive");
  if (o.reps <= 0) fail("--reps must be positive");
  if (o.bins <= 0) fail("--bins must be positive");
  if (o.segment <= 0) fail("--segment must be positive");
  if (!(o.lower < o.upper)) fail("--lower must be below --upper");
  if (o.impl != "cub" && o.impl != "thrust") fail("--impl must be cub or thrust, got " + o.impl);
  if (o.op != "sum" && o.op != "min" && o.op != "max" && !(o.primitive == "segreduce" && o.op == "argmax")) {
    fail("--op must be sum, min or max (segreduce: also argmax)");
  }
  if (o.timer != "events" && o.timer != "wall") fail("--timer must be events or wall, got " + o.timer);
  if (o.result_to_host && o.primitive != "reduce" && o.primitive != "dot") {
    fail("--result-to-host applies to reduce and dot only, not " + o.primitive);
  }
  return o;
}

__host__ __device__ inline unsigned int hash32(unsigned long long i) {
  unsigned long long x = i * 0x9E3779B97F4A7C15ULL;
  x ^= x >> 32;
  x *= 0xD6E8FEB86659FD93ULL;
  x ^= x >> 32;
  return static_cast<unsigned int>(x);
}

template <typename T>
__global__ void fill_kernel(T* data, long long n, int modulus, double lower, double upper,
                            unsigned long long salt) {
  long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += stride) {
    unsigned int h = hash32(static_cast<unsigned long long>(i) + salt);
    if constexpr (std::is_integral_v<T>) {
      data[i] = static_cast<T>(h % static_cast<unsigned int>(modulus));
    } else {
      double unit = static_cast<double>(h >> 8) / 16777216.0;
      T v = static_cast<T>(lower + unit * (upper - lower));
      data[i] = v < static_cast<T>(upper) ? v : static_cast<T>(lower);
    }
  }
}

template <typename T>
void fill(T* data, long long n, const Options& o, unsigned long long salt) {
  int modulus = o.primitive == "histogram" ? o.bins : 1000;
  fill_kernel<T><<<1024, 256>>>(data, n, modulus, o.lower, o.upper, salt);
  check(cudaGetLastError(), "fill kernel launch");
  check(cudaDeviceSynchronize(), "fill kernel");
}

// Thrust temporary storage from one cached block, so timed runs allocate nothing.
struct CachingAllocator {
  using value_type = char;
  std::multimap<std::ptrdiff_t, char*> free_blocks;
  std::map<char*, std::ptrdiff_t> used_blocks;

  char* allocate(std::ptrdiff_t bytes) {
    auto it = free_blocks.lower_bound(bytes);
    char* p;
    if (it != free_blocks.end()) {
      p = it->second;
      bytes = it->first;
      free_blocks.erase(it);
    } else {
      check(cudaMalloc(&p, bytes), "thrust temporary cudaMalloc");
    }
    used_blocks[p] = bytes;
    return p;
  }

  void deallocate(char* p, size_t) {
    auto it = used_blocks.find(p);
    free_blocks.emplace(it->second, p);
    used_blocks.erase(it);
  }

  ~CachingAllocator() {
    for (auto& b : free_blocks) cudaFree(b.second);
    for (auto& b : used_blocks) cudaFree(b.first);
  }
};

struct Timing {
  double best_ms;
  double median_ms;
};

Timing best_and_median(std::vector<double> times) {
  std::sort(times.begin(), times.end());
  size_t m = times.size();
  double median = m % 2 ? times[m / 2] : 0.5 * (times[m / 2 - 1] + times[m / 2]);
  return {times.front(), median};
}

// Host-clock timing: from before the launch until the device has finished (a run that ends with a
// blocking copy of its result has finished when it returns).
template <typename Run>
std::vector<double> wall_times(const Options& o, Run run) {
  std::vector<double> times;
  for (int i = 0; i < o.reps; ++i) {
    auto start = std::chrono::steady_clock::now();
    run();
    if (!o.result_to_host) check(cudaDeviceSynchronize(), "timed run");
    auto stop = std::chrono::steady_clock::now();
    times.push_back(std::chrono::duration<double, std::milli>(stop - start).count());
  }
  check(cudaGetLastError(), "timed runs");
  return times;
}

template <typename Run>
Timing measure(const Options& o, Run run) {
  for (int i = 0; i < o.warmup; ++i) run();
  check(cudaDeviceSynchronize(), "warm-up");
  if (o.timer == "wall") return best_and_median(wall_times(o, run));
  cudaEvent_t start, stop;
  check(cudaEventCreate(&start), "cudaEventCreate");
  check(cudaEventCreate(&stop), "cudaEventCreate");
  std::vector<double> times;
  for (int i = 0; i < o.reps; ++i) {
    check(cudaEventRecord(start), "cudaEventRecord");
    run();
    check(cudaEventRecord(stop), "cudaEventRecord");
    check(cudaEventSynchronize(stop), "timed run");
    float ms = 0;
    check(cudaEventElapsedTime(&ms, start, stop), "cudaEventElapsedTime");
    times.push_back(ms);
  }
  check(cudaGetLastError(), "timed runs");
  cudaEventDestroy(start);
  cudaEventDestroy(stop);
  return best_and_median(std::move(times));
}

template <typename T>
double to_double(T v) {
  return static_cast<double>(v);
}

template <typename T>
T read_one(const T* device_ptr) {
  T v;
  check(cudaMemcpy(&v, device_ptr, sizeof(T), cudaMemcpyDeviceToHost), "read result");
  return v;
}

// Bin index with the prims EvenBins formula (two separately rounded operations), -1 out of range.
template <typename T>
struct EvenBinOf {
  T lo, hi, scale;
  int bins;
  __host__ __device__ int operator()(T v) const {
    if (!(v >= lo && v < hi)) return -1;
    T offset = v - lo;
    T t = __dmul_or_mul(offset, scale);
    if (!(t >= 0)) return -1;
    return t < bins ? static_cast<int>(t) : bins - 1;
  }
  __host__ __device__ static float __dmul_or_mul(float a, float b) {
#ifdef __CUDA_ARCH__
    return __fmul_rn(a, b);
#else
    return a * b;
#endif
  }
  __host__ __device__ static double __dmul_or_mul(double a, double b) {
#ifdef __CUDA_ARCH__
    return __dmul_rn(a, b);
#else
    return a * b;
#endif
  }
};

template <typename T>
struct KeyBinOf {
  int bins;
  __host__ __device__ int operator()(T v) const {
    return (v >= 0 && v < static_cast<T>(bins)) ? static_cast<int>(v) : -1;
  }
};

struct Result {
  Timing timing;
  double bytes;
  double checksum;
};

// Temporary storage for one CUB call: sized by a query call, allocated once before timing.
class CubTemp {
 public:
  template <typename Call>
  explicit CubTemp(Call call) {
    check(call(nullptr, bytes_), "cub temporary storage size query");
    memory_ = std::make_unique<DeviceMemory<char>>(static_cast<long long>(bytes_), "temp");
  }
  void* get() const { return memory_->get(); }
  size_t& bytes() { return bytes_; }

 private:
  size_t bytes_ = 0;
  std::unique_ptr<DeviceMemory<char>> memory_;
};

// Times a CUB call: its temporary storage sized and allocated once, then every run one call.
template <typename Call>
Timing measure_cub(const Options& o, Call call, const char* what) {
  CubTemp temp(call);
  return measure(o, [&] { check(call(temp.get(), temp.bytes()), what); });
}

// Times a CUB call that leaves one T in result: as measure_cub, with the result copied to the host
// in every run under --result-to-host.
template <typename T, typename Call>
Timing measure_cub_result(const Options& o, Call call, const T* result, const char* what) {
  CubTemp temp(call);
  T host;
  return measure(o, [&] {
    check(call(temp.get(), temp.bytes()), what);
    if (o.result_to_host) {
      check(cudaMemcpy(&host, result, sizeof(T), cudaMemcpyDeviceToHost), "result to host");
    }
  });
}

// Pinned host memory (cudaMallocHost), freed on every path.
template <typename T>
class PinnedMemory : public CudaMemory<T, cudaFreeHost> {
 public:
  PinnedMemory(long long count, const char* what) {
    check(cudaMallocHost(reinterpret_cast<void**>(&this->ptr_), count * sizeof(T)), what);
    std::memset(this->ptr_, 0, count * sizeof(T));
  }
};

// ---- the host link (--primitive h2d|d2h|duplex) ----
// cudaMemcpyAsync between pinned host memory and the device, as a CUDA user copies over the link;
// bytes counted: n elements once. duplex sends n elements up and n others down at once, on two
// streams (the link's time for a scan's input and result); bytes counted: both copies.
template <typename T>
Result run_link(const Options& o, bool to_device) {
  if (o.impl != "cub") fail("--primitive h2d and d2h have only --impl cub");
  DeviceMemory<T> device(o.n, "device buffer");
  PinnedMemory<T> host(o.n, "pinned host buffer");
  size_t bytes = o.n * sizeof(T);
  Timing t = measure(o, [&] {
    check(to_device ? cudaMemcpyAsync(device.get(), host.get(), bytes, cudaMemcpyHostToDevice)
                    : cudaMemcpyAsync(host.get(), device.get(), bytes, cudaMemcpyDeviceToHost),
          "link copy");
  });
  return {t, 1.0 * bytes, 0.0};
}

template <typename T>
Result run_duplex(const Options& o) {
  if (o.impl != "cub") fail("--primitive duplex has only --impl cub");
  DeviceMemory<T> up_device(o.n, "device buffer"), down_device(o.n, "device buffer");
  PinnedMemory<T> up_host(o.n, "pinned host buffer"), down_host(o.n, "pinned host buffer");
  size_t bytes = o.n * sizeof(T);
  cudaStream_t up, down;
  check(cudaStreamCreateWithFlags(&up, cudaStreamNonBlocking), "cudaStreamCreate");
  check(cudaStreamCreateWithFlags(&down, cudaStreamNonBlocking), "cudaStreamCreate");
  cudaEvent_t fork, up_done, down_done;
  for (cudaEvent_t* e : {&fork, &up_done, &down_done})
    check(cudaEventCreateWithFlags(e, cudaEventDisableTiming), "cudaEventCreate");
  // both copies start after the timing stream's start event, and it waits for both
  Timing t = measure(o, [&] {
    check(cudaEventRecord(fork, 0), "fork");
    check(cudaStreamWaitEvent(up, fork, 0), "fork");
    check(cudaStreamWaitEvent(down, fork, 0), "fork");
    check(cudaMemcpyAsync(up_device.get(), up_host.get(), bytes, cudaMemcpyHostToDevice, up),
          "link copy up");
    check(cudaMemcpyAsync(down_host.get(), down_device.get(), bytes, cudaMemcpyDeviceToHost, down),
          "link copy down");
    check(cudaEventRecord(up_done, up), "join");
    check(cudaEventRecord(down_done, down), "join");
    check(cudaStreamWaitEvent(0, up_done, 0), "join");
    check(cudaStreamWaitEvent(0, down_done, 0), "join");
  });
  for (cudaEvent_t e : {fork, up_done, down_done}) cudaEventDestroy(e);
  cudaStreamDestroy(up);
  cudaStreamDestroy(down);
  return {t, 2.0 * bytes, 0.0};
}

template <typename T>
Result run_copy(const Options& o, CachingAllocator& alloc) {
  DeviceMemory<T> in(o.n, "input"), out(o.n, "output");
  fill(in.get(), o.n, o, 0);
  Timing t;
  if (o.impl == "cub") {
    t = measure(o, [&] {
      check(cudaMemcpyAsync(out.get(), in.get(), o.n * sizeof(T), cudaMemcpyDeviceToDevice),
            "copy");
    });
  } else {
    t = measure(o, [&] {
      thrust::copy(thrust::cuda::par(alloc), in.get(), in.get() + o.n, out.get());
    });
  }
  return {t, 2.0 * o.n * sizeof(T), to_double(read_one(out.get() + o.n - 1))};
}

template <typename T>
Result run_reduce(const Options& o, CachingAllocator& alloc) {
  DeviceMemory<T> in(o.n, "input"), out(1, "output");
  fill(in.get(), o.n, o, 0);
  T* first = in.get();
  T* last = first + o.n;
  Timing t;
  if (o.impl == "cub") {
    auto call = [&](void* tmp, size_t& bytes) {
      if (o.op == "sum") return cub::DeviceReduce::Sum(tmp, bytes, first, out.get(), o.n);
      if (o.op == "min") return cub::DeviceReduce::Min(tmp, bytes, first, out.get(), o.n);
      return cub::DeviceReduce::Max(tmp, bytes, first, out.get(), o.n);
    };
    t = measure_cub_result(o, call, out.get(), "cub reduce");
  } else {
    auto policy = thrust::cuda::par(alloc);
    t = measure(o, [&] {
      T r;
      if (o.op == "sum") {
        r = thrust::reduce(policy, first, last, T(0), cuda::std::plus<T>());
      } else if (o.op == "min") {
        r = thrust::reduce(policy, first, last, cuda::std::numeric_limits<T>::max(),
                           cuda::minimum<T>());
      } else {
        r = thrust::reduce(policy, first, last, cuda::std::numeric_limits<T>::lowest(),
                           cuda::maximum<T>());
      }
      check(cudaMemcpyAsync(out.get(), &r, sizeof(T), cudaMemcpyHostToDevice), "store result");
    });
  }
  return {t, 1.0 * o.n * sizeof(T), to_double(read_one(out.get()))};
}

template <typename T, typename Op>
Timing time_scan(const Options& o, CachingAllocator& alloc, T* in, T* out, Op op, T init) {
  bool sum = o.op == "sum";
  if (o.impl == "cub") {
    auto call = [&](void* tmp, size_t& bytes) {
      if (o.exclusive) {
        return sum ? cub::DeviceScan::ExclusiveSum(tmp, bytes, in, out, o.n)
                   : cub::DeviceScan::ExclusiveScan(tmp, bytes, in, out, op, init, o.n);
      }
      return sum ? cub::DeviceScan::InclusiveSum(tmp, bytes, in, out, o.n)
                 : cub::DeviceScan::InclusiveScan(tmp, bytes, in, out, op, o.n);
    };
    return measure_cub(o, call, "cub scan");
  }
  auto policy = thrust::cuda::par(alloc);
  return measure(o, [&] {
    if (o.exclusive) {
      thrust::exclusive_scan(policy, in, in + o.n, out, init, op);
    } else {
      thrust::inclusive_scan(policy, in, in + o.n, out, op);
    }
  });
}

template <typename T>
Result run_scan(const Options& o, CachingAllocator& alloc) {
  DeviceMemory<T> in(o.n, "input"), out(o.n, "output");
  fill(in.get(), o.n, o, 0);
  Timing t;
  if (o.op == "sum") {
    t = time_scan(o, alloc, in.get(), out.get(), cuda::std::plus<T>(), T(0));
  } else if (o.op == "min") {
    t = time_scan(o, alloc, in.get(), out.get(), cuda::minimum<T>(),
                  cuda::std::numeric_limits<T>::max());
  } else {
    t = time_scan(o, alloc, in.get(), out.get(), cuda::maximum<T>(),
                  cuda::std::numeric_limits<T>::lowest());
  }
  return {t, 2.0 * o.n * sizeof(T), to_double(read_one(out.get() + o.n - 1))};
}

// Count of bin b from the differenced bin ends; bin 0 also ended after the out-of-range values.
struct CountOfBin {
  long long out_below;
  __host__ __device__ unsigned long long operator()(long long end, int b) const {
    return static_cast<unsigned long long>(b == 0 ? end - out_below : end);
  }
};

template <typename T, typename BinOf>
Timing time_thrust_histogram(const Options& o, CachingAllocator& alloc, const T* in,
                             unsigned long long* counts, BinOf bin_of) {
  // Sort then count: bin every value, sort the bin indices, find each bin's end with
  // upper_bound, and difference the ends into counts (out-of-range values sort to the front).
  DeviceMemory<int> bins_of_values(o.n, "thrust bin indices");
  DeviceMemory<long long> ends(o.bins, "thrust bin ends");
  int* first = bins_of_values.get();
  int* last = first + o.n;
  auto policy = thrust::cuda::par(alloc);
  return measure(o, [&] {
    thrust::transform(policy, in, in + o.n, first, bin_of);
    thrust::sort(policy, first, last);
    thrust::upper_bound(policy, first, last, thrust::counting_iterator<int>(0),
                        thrust::counting_iterator<int>(o.bins), ends.get());
    long long out_below = thrust::lower_bound(policy, first, last, 0) - first;
    thrust::adjacent_difference(policy, ends.get(), ends.get() + o.bins, ends.get());
    thrust::transform(policy, ends.get(), ends.get() + o.bins, thrust::counting_iterator<int>(0),
                      counts, CountOfBin{out_below});
  });
}

template <typename T>
Result run_histogram(const Options& o, CachingAllocator& alloc) {
  DeviceMemory<T> in(o.n, "input");
  DeviceMemory<unsigned long long> counts(o.bins, "counts");
  fill(in.get(), o.n, o, 0);
  T lower = std::is_integral_v<T> ? T(0) : static_cast<T>(o.lower);
  T upper = std::is_integral_v<T> ? static_cast<T>(o.bins) : static_cast<T>(o.upper);
  Timing t;
  // CUB counts into 32-bit counters, as a CUB user counting fewer than 2^31 samples per bin would
  // pick (64-bit counters make CUB's privatized histogram about 3x slower on an H100).
  DeviceMemory<int> counts32(o.bins, "counts");
  if (o.impl == "cub") {
    const T* samples = in.get();
    auto call = [&](void* tmp, size_t& bytes) {
      return cub::DeviceHistogram::HistogramEven(tmp, bytes, samples, counts32.get(), o.bins + 1,
                                                 lower, upper, o.n);
    };
    t = measure_cub(o, call, "cub histogram");
  } else if constexpr (std::is_integral_v<T>) {
    t = time_thrust_histogram(o, alloc, in.get(), counts.get(), KeyBinOf<T>{o.bins});
  } else {
    T lo = static_cast<T>(o.lower), hi = static_cast<T>(o.upper);
    T scale = static_cast<T>(o.bins / (static_cast<double>(hi) - static_cast<double>(lo)));
    t = time_thrust_histogram(o, alloc, in.get(), counts.get(),
                              EvenBinOf<T>{lo, hi, scale, o.bins});
  }
  std::vector<unsigned long long> host(o.bins);
  if (o.impl == "cub") {
    std::vector<int> host32(o.bins);
    check(cudaMemcpy(host32.data(), counts32.get(), o.bins * sizeof(int), cudaMemcpyDeviceToHost),
          "read counts");
    for (int b = 0; b < o.bins; ++b) host[b] = static_cast<unsigned int>(host32[b]);
  } else {
    check(cudaMemcpy(host.data(), counts.get(), o.bins * sizeof(unsigned long long),
                     cudaMemcpyDeviceToHost),
          "read counts");
  }
  double checksum = 0;
  for (int b = 0; b < o.bins; ++b) checksum += (b + 1.0) * static_cast<double>(host[b]);
  return {t, 1.0 * o.n * sizeof(T), checksum};
}

template <typename T>
struct Multiply {
  __host__ __device__ T operator()(const T& a, const T& b) const { return a * b; }
};

template <typename T>
struct MultiplyPair {
  template <typename Pair>
  __host__ __device__ T operator()(const Pair& p) const {
    return thrust::get<0>(p) * thrust::get<1>(p);
  }
};

template <typename T>
Result run_dot(const Options& o, CachingAllocator& alloc) {
  DeviceMemory<T> a(o.n, "a"), b(o.n, "b"), out(1, "output");
  fill(a.get(), o.n, o, 0);
  fill(b.get(), o.n, o, 0x5EEDULL);
  Timing t;
  if (o.impl == "cub") {
    // CUB has no dot: a sum over a transform iterator of the zipped products.
    auto products = thrust::make_transform_iterator(
        thrust::make_zip_iterator(a.get(), b.get()), MultiplyPair<T>());
    auto call = [&](void* tmp, size_t& bytes) {
      return cub::DeviceReduce::Sum(tmp, bytes, products, out.get(), o.n);
    };
    t = measure_cub_result(o, call, out.get(), "cub dot");
  } else {
    auto policy = thrust::cuda::par(alloc);
    t = measure(o, [&] {
      T r = thrust::inner_product(policy, a.get(), a.get() + o.n, b.get(), T(0),
                                  cuda::std::plus<T>(), Multiply<T>());
      check(cudaMemcpyAsync(out.get(), &r, sizeof(T), cudaMemcpyHostToDevice), "store result");
    });
  }
  return {t, 2.0 * o.n * sizeof(T), to_double(read_one(out.get()))};
}

// ---- arg-min / arg-max (--primitive argreduce --op min|max) ----
// cub::DeviceReduce::ArgMin/ArgMax with separate value and index outputs; the checksum is the
// index. Bytes counted: n elements read.
template <typename T>
Result run_argreduce(const Options& o, CachingAllocator&) {
  if (o.impl != "cub") fail("--primitive argreduce has only --impl cub");
  if (o.op != "min" && o.op != "max") fail("--primitive argreduce takes --op min or max");
  DeviceMemory<T> in(o.n, "input"), value(1, "value");
  DeviceMemory<long long> index(1, "index");
  fill(in.get(), o.n, o, 0);
  bool min = o.op == "min";
  auto call = [&](void* tmp, size_t& bytes) {
    return min ? cub::DeviceReduce::ArgMin(tmp, bytes, in.get(), value.get(), index.get(),
                                           static_cast<long long>(o.n))
               : cub::DeviceReduce::ArgMax(tmp, bytes, in.get(), value.get(), index.get(),
                                           static_cast<long long>(o.n));
  };
  Timing t = measure_cub(o, call, "cub arg-reduce");
  return {t, 1.0 * o.n * sizeof(T), static_cast<double>(read_one(index.get()))};
}

// ---- Segmented reduce and by-key (segments or runs of --segment elements; sums only) ----
// segreduce: DeviceSegmentedReduce::Sum (--op sum) or ::ArgMax (--op argmax) over int offsets 0, L,
// 2L, ..., n (reads the values; bytes = n elements). reduce-by-key: DeviceReduce::ReduceByKey over int keys i / L (reads keys
// and values: bytes = n ints + n elements). scan-by-key: DeviceScan::InclusiveSumByKey over the
// same keys (reads keys and values, writes values). Checksum: the first segment's (run's) sum
// (scan-by-key: the last element).

__global__ void segment_offsets_kernel(int* offsets, long long segments, long long length, long long n) {
  long long s = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
  if (s <= segments) offsets[s] = static_cast<int>(s * length < n ? s * length : n);
}

__global__ void run_keys_kernel(int* keys, long long n, long long length) {
  long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n; i += stride) {
    keys[i] = static_cast<int>(i / length);
  }
}

template <typename T>
Result run_segreduce(const Options& o, CachingAllocator&) {
  if (o.op != "sum" && o.op != "argmax") fail("segreduce measures sum and argmax only");
  long long segments = (o.n + o.segment - 1) / o.segment;
  DeviceMemory<T> in(o.n, "input"), out(segments, "output");
  DeviceMemory<int> offsets(segments + 1, "offsets");
  fill(in.get(), o.n, o, 0);
  segment_offsets_kernel<<<static_cast<unsigned int>((segments + 256) / 256), 256>>>(offsets.get(), segments,
                                                                                    o.segment, o.n);
  check(cudaDeviceSynchronize(), "offsets kernel");
  if (o.op == "argmax") {
    // DeviceSegmentedReduce::ArgMax: (index within the segment, value) pairs; checksum: the first
    // segment's index
    DeviceMemory<cub::KeyValuePair<int, T>> pairs(segments, "pairs");
    auto arg = [&](void* tmp, size_t& bytes) {
      return cub::DeviceSegmentedReduce::ArgMax(tmp, bytes, in.get(), pairs.get(), static_cast<int>(segments),
                                                offsets.get(), offsets.get() + 1);
    };
    Timing t = measure_cub(o, arg, "cub segmented arg-max");
    return {t, 1.0 * o.n * sizeof(T), static_cast<double>(read_one(pairs.get()).key)};
  }
  auto call = [&](void* tmp, size_t& bytes) {
    return cub::DeviceSegmentedReduce::Sum(tmp, bytes, in.get(), out.get(), static_cast<int>(segments),
                                           offsets.get(), offsets.get() + 1);
  };
  Timing t = measure_cub(o, call, "cub segmented reduce");
  return {t, 1.0 * o.n * sizeof(T), to_double(read_one(out.get()))};
}

template <typename T>
Result run_reduce_by_key(const Options& o, CachingAllocator&) {
  if (o.op != "sum") fail("reduce-by-key measures sum only");
  DeviceMemory<T> in(o.n, "values"), out(o.n, "aggregates");
  DeviceMemory<int> keys(o.n, "keys"), unique(o.n, "unique keys");
  DeviceMemory<long long> runs(1, "run count");
  fill(in.get(), o.n, o, 0);
  run_keys_kernel<<<1024, 256>>>(keys.get(), o.n, o.segment);
  check(cudaDeviceSynchronize(), "keys kernel");
  auto call = [&](void* tmp, size_t& bytes) {
    return cub::DeviceReduce::ReduceByKey(tmp, bytes, keys.get(), unique.get(), in.get(), out.get(), runs.get(),
                                          cuda::std::plus<T>(), o.n);
  };
  Timing t = measure_cub(o, call, "cub reduce by key");
  return {t, 1.0 * o.n * (sizeof(int) + sizeof(T)), to_double(read_one(out.get()))};
}

template <typename T>
Result run_scan_by_key(const Options& o, CachingAllocator&) {
  if (o.op != "sum") fail("scan-by-key measures sum only");
  DeviceMemory<T> in(o.n, "values"), out(o.n, "output");
  DeviceMemory<int> keys(o.n, "keys");
  fill(in.get(), o.n, o, 0);
  run_keys_kernel<<<1024, 256>>>(keys.get(), o.n, o.segment);
  check(cudaDeviceSynchronize(), "keys kernel");
  auto call = [&](void* tmp, size_t& bytes) {
    return cub::DeviceScan::InclusiveSumByKey(tmp, bytes, keys.get(), in.get(), out.get(), o.n);
  };
  Timing t = measure_cub(o, call, "cub inclusive sum by key");
  return {t, 1.0 * o.n * (sizeof(int) + 2 * sizeof(T)), to_double(read_one(out.get() + (o.n - 1)))};
}
// ---- end of segmented reduce and by-key ----

// ---- Radix sort (--primitive sort [--pairs]; ascending, all key bits) ----
// cub::DeviceRadixSort::SortKeys from the filled keys into a second buffer, or SortPairs moving
// int values 0..n-1 with them; every run sorts the same unsorted input. Bytes counted: keys read
// and written (pairs: values too). Checksum: the last key (pairs: the value beside it).

__global__ void iota_kernel(int* values, long long n) {
  long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n; i += stride) {
    values[i] = static_cast<int>(i);
  }
}

// Integer sort keys over the whole type (every digit varies, as radix sorts are measured); floating
// keys are the usual values.
template <typename T>
__global__ void sort_keys_fill_kernel(T* keys, long long n) {
  long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n; i += stride) {
    unsigned long long at = static_cast<unsigned long long>(i);
    if constexpr (sizeof(T) == 4) {
      keys[i] = static_cast<T>(hash32(at));
    } else {
      keys[i] = static_cast<T>(static_cast<unsigned long long>(hash32(at)) << 32 | hash32(at + 0x534F5254ULL));
    }
  }
}

template <typename T>
Result run_sort(const Options& o, CachingAllocator&) {
  if (o.impl != "cub") fail("--primitive sort has only --impl cub");
  DeviceMemory<T> in(o.n, "keys"), out(o.n, "sorted keys");
  if constexpr (std::is_integral_v<T>) {
    sort_keys_fill_kernel<T><<<1024, 256>>>(in.get(), o.n);
    check(cudaDeviceSynchronize(), "sort keys fill kernel");
  } else {
    fill(in.get(), o.n, o, 0);
  }
  if (!o.pairs) {
    auto call = [&](void* tmp, size_t& bytes) {
      return cub::DeviceRadixSort::SortKeys(tmp, bytes, in.get(), out.get(), o.n);
    };
    Timing t = measure_cub(o, call, "cub radix sort keys");
    return {t, 2.0 * o.n * sizeof(T), to_double(read_one(out.get() + (o.n - 1)))};
  }
  DeviceMemory<int> values(o.n, "values"), values_out(o.n, "sorted values");
  iota_kernel<<<1024, 256>>>(values.get(), o.n);
  check(cudaDeviceSynchronize(), "iota kernel");
  auto call = [&](void* tmp, size_t& bytes) {
    return cub::DeviceRadixSort::SortPairs(tmp, bytes, in.get(), out.get(), values.get(), values_out.get(),
                                           o.n);
  };
  Timing t = measure_cub(o, call, "cub radix sort pairs");
  return {t, 2.0 * o.n * (sizeof(T) + sizeof(int)), static_cast<double>(read_one(values_out.get() + (o.n - 1)))};
}
// ---- end of radix sort ----

// ---- Select (--primitive select) ----
// cub::DeviceSelect::If keeping the upper half of the filled values (x >= 0.5 for float and
// double in [0, 1), x >= 500 for integers in [0, 1000)), as prims bench's select rows do, from the
// input into a second buffer with the kept count on the device. Bytes counted: the input read and
// the kept values written. Checksum: the kept count.

template <typename T>
struct UpperHalf {
  __host__ __device__ bool operator()(const T& x) const {
    if constexpr (std::is_integral_v<T>) {
      return x >= static_cast<T>(500);
    } else {
      return x >= static_cast<T>(0.5);
    }
  }
};

template <typename T>
Result run_select(const Options& o, CachingAllocator&) {
  if (o.impl != "cub") fail("--primitive select has only --impl cub");
  DeviceMemory<T> in(o.n, "values"), out(o.n, "kept values");
  DeviceMemory<int> kept(1, "kept count");
  fill(in.get(), o.n, o, 0);
  auto call = [&](void* tmp, size_t& bytes) {
    return cub::DeviceSelect::If(tmp, bytes, in.get(), out.get(), kept.get(), o.n, UpperHalf<T>());
  };
  Timing t = measure_cub(o, call, "cub select if");
  double count = static_cast<double>(read_one(kept.get()));
  return {t, (o.n + count) * sizeof(T), count};
}
// ---- end of select ----

// ---- Unique and run-length encode (--primitive unique|rle; int and long keys) ----
// Keys in runs of random length, as prims bench's unique and rle rows make them: a run starts at
// index 0 and wherever (hash(i + RUN_SALT) & 3) == 0, so run lengths are geometric with mean 4 and
// about a quarter of the keys start a run; every key of a run is hash(start) mod 1000 (adjacent runs
// share a value one time in 1000 and then count as one). unique: cub::DeviceSelect::Unique into a
// second buffer, the kept count on the device; rle: cub::DeviceRunLengthEncode::Encode into the
// run keys, int64 counts (the lengths prims writes) and the number of runs (fewer than 2^31 keys:
// Encode takes an int count). Bytes counted: the keys read and the outputs written (unique: n +
// kept keys; rle: n + runs keys and runs 8-byte counts). Checksum: the kept (run) count.

constexpr unsigned long long RUN_SALT = 0x52554E53ULL;

__host__ __device__ inline bool run_starts(long long i) {
  return i == 0 || (hash32(static_cast<unsigned long long>(i) + RUN_SALT) & 3u) == 0;
}

template <typename T>
__global__ void run_keys_fill_kernel(T* keys, long long n) {
  long long stride = static_cast<long long>(gridDim.x) * blockDim.x;
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n; i += stride) {
    long long start = i;
    while (!run_starts(start)) --start;
    keys[i] = static_cast<T>(hash32(static_cast<unsigned long long>(start)) % 1000u);
  }
}

template <typename T>
Result run_unique(const Options& o, CachingAllocator&) {
  if (o.impl != "cub") fail("--primitive " + o.primitive + " has only --impl cub");
  if constexpr (!std::is_integral_v<T>) {
    fail("--primitive " + o.primitive + " takes int or long keys, got " + o.type);
  } else {
    bool encode = o.primitive == "rle";
    if (encode && o.n > 2147483647LL) fail("--primitive rle takes fewer than 2^31 keys (Encode counts in int)");
    DeviceMemory<T> in(o.n, "keys"), out(o.n, "run keys");
    DeviceMemory<long long> counts(encode ? o.n : 1, "run lengths"), runs(1, "run count");
    run_keys_fill_kernel<T><<<1024, 256>>>(in.get(), o.n);
    check(cudaGetLastError(), "run keys kernel launch");
    check(cudaDeviceSynchronize(), "run keys kernel");
    Timing t;
    if (encode) {
      auto call = [&](void* tmp, size_t& bytes) {
        return cub::DeviceRunLengthEncode::Encode(tmp, bytes, in.get(), out.get(), counts.get(), runs.get(),
                                                  static_cast<int>(o.n));
      };
      t = measure_cub(o, call, "cub run-length encode");
    } else {
      auto call = [&](void* tmp, size_t& bytes) {
        return cub::DeviceSelect::Unique(tmp, bytes, in.get(), out.get(), runs.get(), o.n);
      };
      t = measure_cub(o, call, "cub select unique");
    }
    double kept = static_cast<double>(read_one(runs.get()));
    double written = kept * (sizeof(T) + (encode ? sizeof(long long) : 0));
    return {t, o.n * sizeof(T) + written, kept};
  }
}
// ---- end of unique and run-length encode ----

template <typename T>
Result dispatch(const Options& o, CachingAllocator& alloc) {
  if (o.primitive == "copy") return run_copy<T>(o, alloc);
  if (o.primitive == "h2d") return run_link<T>(o, true);
  if (o.primitive == "d2h") return run_link<T>(o, false);
  if (o.primitive == "duplex") return run_duplex<T>(o);
  if (o.primitive == "reduce") return run_reduce<T>(o, alloc);
  if (o.primitive == "scan") return run_scan<T>(o, alloc);
  if (o.primitive == "histogram") return run_histogram<T>(o, alloc);
  if (o.primitive == "dot") return run_dot<T>(o, alloc);
  if (o.primitive == "argreduce") return run_argreduce<T>(o, alloc);
  if (o.primitive == "segreduce") return run_segreduce<T>(o, alloc);
  if (o.primitive == "reduce-by-key") return run_reduce_by_key<T>(o, alloc);
  if (o.primitive == "scan-by-key") return run_scan_by_key<T>(o, alloc);
  if (o.primitive == "sort") return run_sort<T>(o, alloc);
  if (o.primitive == "select") return run_select<T>(o, alloc);
  if (o.primitive == "unique" || o.primitive == "rle") return run_unique<T>(o, alloc);
  fail("--primitive must be copy, h2d, d2h, duplex, reduce, scan, histogram, dot, argreduce, segreduce, reduce-by-key,"
       " scan-by-key, sort, select, unique or rle, got " + o.primitive);
}

// Runs one measurement and prints its JSON line (or an error line).
bool measure_and_print(const Options& o, const std::string& device_name) {
  try {
    Result r;
    CachingAllocator alloc;
    if (o.type == "int") r = dispatch<int>(o, alloc);
    else if (o.type == "long") r = dispatch<long long>(o, alloc);
    else if (o.type == "float") r = dispatch<float>(o, alloc);
    else if (o.type == "double") r = dispatch<double>(o, alloc);
    else fail("--type must be int, long, float or double, got " + o.type);
    std::string op = o.op;
    if (o.primitive == "scan") op += o.exclusive ? "-exclusive" : "-inclusive";
    if (o.primitive == "dot" || o.primitive == "copy" || o.primitive == "h2d" || o.primitive == "d2h" ||
        o.primitive == "duplex")
      op = "";
    if (o.primitive == "histogram") op = std::to_string(o.bins) + "-bins";
    if (o.primitive == "sort") op = o.pairs ? "pairs" : "ascending";
    if (o.primitive == "select") op = "upper-half";
    if (o.primitive == "unique" || o.primitive == "rle") op = "mean-run-4";
    double gbps = r.bytes / (r.timing.best_ms * 1e6);
    std::printf(
        "{\"impl\": \"%s\", \"primitive\": \"%s\", \"op\": \"%s\", \"type\": \"%s\", "
        "\"n\": %lld, \"reps\": %d, \"best_ms\": %.6f, \"median_ms\": %.6f, \"bytes\": %.0f, "
        "\"gbps\": %.3f, \"checksum\": %.17g, \"device\": \"%s\", \"timer\": \"%s\", "
        "\"result_to_host\": %s}\n",
        o.impl.c_str(), o.primitive.c_str(), op.c_str(), o.type.c_str(), o.n, o.reps,
        r.timing.best_ms, r.timing.median_ms, r.bytes, gbps, r.checksum,
        escape(device_name).c_str(), o.timer.c_str(), o.result_to_host ? "true" : "false");
    std::fflush(stdout);
    return true;
  } catch (const Failure& f) {
    cudaGetLastError();
    print_error(f.message);
    return false;
  }
}

std::vector<std::string> split_words(const std::string& line) {
  std::vector<std::string> words;
  std::string word;
  for (char c : line) {
    if (c == ' ' || c == '\t' || c == '\r') {
      if (!word.empty()) words.push_back(word);
      word.clear();
    } else {
      word += c;
    }
  }
  if (!word.empty()) words.push_back(word);
  return words;
}

Options parse_words(const std::vector<std::string>& words) {
  std::vector<char*> argv{const_cast<char*>("cub_reference")};
  for (const std::string& w : words) argv.push_back(const_cast<char*>(w.c_str()));
  return parse(static_cast<int>(argv.size()), argv.data());
}

}  // namespace

// `--batch [--device D]` reads one measurement's arguments per line from stdin and prints one
// JSON line for each (an error line for a failed one), sharing one CUDA context.
int main(int argc, char** argv) {
  bool batch = argc > 1 && std::strcmp(argv[1], "--batch") == 0;
  try {
    std::vector<std::string> words(argv + 1 + (batch ? 1 : 0), argv + argc);
    Options first = parse_words(words);
    check(cudaSetDevice(first.device), "cudaSetDevice");
    cudaDeviceProp prop;
    check(cudaGetDeviceProperties(&prop, first.device), "cudaGetDeviceProperties");
    if (!batch) return measure_and_print(first, prop.name) ? 0 : 1;
    bool all_ok = true;
    char line[4096];
    while (std::fgets(line, sizeof line, stdin)) {
      std::vector<std::string> args = split_words(std::string(line, std::strcspn(line, "\n")));
      if (args.empty()) continue;
      try {
        all_ok &= measure_and_print(parse_words(args), prop.name);
      } catch (const Failure& f) {
        print_error(f.message);
        all_ok = false;
      }
    }
    return all_ok ? 0 : 1;
  } catch (const Failure& f) {
    print_error(f.message);
    return 1;
  }
}
