// Races variant builds of the plain select compaction (device/select.cu's select_compact_plain_<type>,
// the entry of a select without indices, flags or partition) against CUB's DeviceSelect::If, for
// one value type, in one process. Each variant is a PTX file built from select.cu with -D overrides
// of its tuning macros (build-select-variants.sh), loaded as the Java backend loads it
// (cuModuleLoadData: the driver compiles it), named with the items per thread its tile holds:
//   select_race --type long|double|int|float [--logs 24,28] [--general] FILE.ptx:ITEMS ...
// (--general: the general entry select_compact_<type> with the same arguments instead).
// Values: int and long hash(i) (long: two hashes, all 64 bits vary), kept x >= 0; float and double
// hash(i) / 2^32 in [0, 1), kept x >= 0.5: about half kept, as in prims bench. Every variant's kept
// values must equal CUB's, in order, before its time counts. Prints best-of-20 milliseconds with the
// launch, the driver's registers and local (spill) bytes per thread.
#define PRIMS_SELECT_NO_ENTRIES
#include "../../backend-cuda/src/main/cuda/device/select.cu"

#include <cub/device/device_select.cuh>

#include <cstring>
#include <string>
#include <vector>

#include "harness_driver.cuh"

static decltype(&::cuModuleLoadData) drv_cuModuleLoadData;
static decltype(&::cuModuleGetFunction) drv_cuModuleGetFunction;
static decltype(&::cuLaunchKernel) drv_cuLaunchKernel;
static decltype(&::cuFuncGetAttribute) drv_cuFuncGetAttribute;

__device__ __forceinline__ u32 race_hash(u64 i) {
  u64 z = i * 0x9E3779B97F4A7C15ull;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return (u32)(z ^ (z >> 31));
}

template <typename T>
__global__ void fill(T* values, i64 n) {
  for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (i64)gridDim.x * blockDim.x) {
    const u32 h = race_hash((u64)i);
    if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value) {
      values[i] = (T)((double)h * (1.0 / 4294967296.0));
    } else if constexpr (sizeof(T) == 8) {
      values[i] = (T)(((u64)h << 32) | race_hash((u64)i + 0x534F5254ull));
    } else {
      values[i] = (T)h;
    }
  }
}

template <typename T>
struct KeptByRace {
  __device__ bool operator()(T x) const {
    if constexpr (std::is_same<T, float>::value || std::is_same<T, double>::value) return x >= (T)0.5;
    return x >= (T)0;
  }
};

struct Variant {
  std::string file;
  int items;
  CUfunction entry;
  int registers;
  int local_bytes;
};

template <typename T>
static int race(const char* type, std::vector<Variant>& variants, const std::vector<int>& logs) {
  const bool floating = std::is_same<T, float>::value || std::is_same<T, double>::value;
  i64 program[2];
  if (floating) {
    const double half = 0.5;
    program[0] = OP_GE;
    std::memcpy(&program[1], &half, 8);
  } else {
    program[0] = OP_GE | INTEGER_MODE;
    program[1] = 0;
  }
  i64* code;
  CK(cudaMalloc(&code, 16));
  CK(cudaMemcpy(code, program, 16, cudaMemcpyHostToDevice));
  cudaEvent_t start, stop;
  CK(cudaEventCreate(&start));
  CK(cudaEventCreate(&stop));
  int failures = 0;
  for (int lg : logs) {
    const i64 n = (i64)1 << lg;
    T *values, *out, *cub_out;
    CK(cudaMalloc(&values, n * sizeof(T)));
    CK(cudaMalloc(&out, n * sizeof(T)));
    CK(cudaMalloc(&cub_out, n * sizeof(T)));
    fill<T><<<1024, 256>>>(values, n);
    CK(cudaGetLastError());
    int* cub_kept;
    CK(cudaMalloc(&cub_kept, 4));
    size_t temp_bytes = 0;
    CK(cub::DeviceSelect::If(nullptr, temp_bytes, values, cub_out, cub_kept, (int)n, KeptByRace<T>()));
    void* temp;
    CK(cudaMalloc(&temp, temp_bytes));
    const double cub_ms = best_event_ms(
        [&] { cub::DeviceSelect::If(temp, temp_bytes, values, cub_out, cub_kept, (int)n, KeptByRace<T>()); }, 20, 0,
        start, stop);
    int cub_count;
    CK(cudaMemcpy(&cub_count, cub_kept, 4, cudaMemcpyDeviceToHost));
    std::printf("%s n 2^%d: CUB DeviceSelect::If %.4f ms (kept %d)\n", type, lg, cub_ms, cub_count);
    std::vector<T> theirs(cub_count), mine(cub_count);
    CK(cudaMemcpy(theirs.data(), cub_out, (size_t)cub_count * sizeof(T), cudaMemcpyDeviceToHost));
    for (Variant& v : variants) {
      const i64 tiles = (n + (i64)BLOCK_SIZE * v.items - 1) / ((i64)BLOCK_SIZE * v.items);
      const size_t state_bytes = (size_t)LOOKBACK_STATE_BYTES * (tiles + 1);
      unsigned* state;
      CK(cudaMalloc(&state, state_bytes));
      CK(cudaMemset(state, 0, state_bytes));
      i64* kept;
      CK(cudaMalloc(&kept, 16));
      unsigned epoch = 0, delay = 0;
      const T* in_ptr = values;
      const int* no_indices = nullptr;
      const int* no_flags = nullptr;
      int* no_out_indices = nullptr;
      int no = 0, one_instruction = 1;
      i64 at = 0, capacity = n, nn = n;
      void* params[] = {&in_ptr, &no_indices, &no, &nn, &code, &one_instruction, &no_flags, &no, &out,
                        &no_out_indices, &no, &at, &capacity, &no, &state, &epoch, &delay, &kept, &kept};
      const double ms = best_event_ms(
          [&] {
            ++epoch;
            CD(drv_cuLaunchKernel(v.entry, (unsigned)tiles, 1, 1, BLOCK_SIZE, 1, 1, 0, nullptr, params, nullptr));
          },
          20, 0, start, stop);
      i64 got = -1;
      CK(cudaMemcpy(&got, kept, 8, cudaMemcpyDeviceToHost));
      bool same = got == cub_count;
      if (same) {
        CK(cudaMemcpy(mine.data(), out, (size_t)cub_count * sizeof(T), cudaMemcpyDeviceToHost));
        same = std::memcmp(mine.data(), theirs.data(), (size_t)cub_count * sizeof(T)) == 0;
      }
      failures += same ? 0 : 1;
      std::printf("  %-40s items %2d regs %3d local %4d B: %.4f ms = %.3fx CUB  %s\n", v.file.c_str(), v.items,
                  v.registers, v.local_bytes, ms, cub_ms / ms, same ? "same values as CUB" : "DIFFERENT FROM CUB");
      CK(cudaFree(state));
      CK(cudaFree(kept));
    }
    CK(cudaFree(values));
    CK(cudaFree(out));
    CK(cudaFree(cub_out));
    CK(cudaFree(cub_kept));
    CK(cudaFree(temp));
  }
  return failures;
}

int main(int argc, char** argv) {
  std::string type = "long";
  std::vector<int> logs = {24, 28};
  std::vector<Variant> variants;
  std::string kernel = "select_compact_plain_";
  for (int i = 1; i < argc; i++) {
    const std::string arg = argv[i];
    if (arg == "--general") {
      kernel = "select_compact_";
    } else if (arg == "--type" && i + 1 < argc) {
      type = argv[++i];
    } else if (arg == "--logs" && i + 1 < argc) {
      logs.clear();
      for (std::string s = argv[++i]; !s.empty();) {
        const size_t comma = s.find(',');
        logs.push_back(std::atoi(s.substr(0, comma).c_str()));
        s = comma == std::string::npos ? "" : s.substr(comma + 1);
      }
    } else {
      const size_t colon = arg.rfind(':');
      if (colon == std::string::npos) {
        std::fprintf(stderr, "select_race: expected FILE.ptx:ITEMS, got %s\n", arg.c_str());
        return 2;
      }
      variants.push_back({arg.substr(0, colon), std::atoi(arg.substr(colon + 1).c_str()), nullptr, 0, 0});
    }
  }
  CK(cudaFree(nullptr));  // the runtime's context, which the driver calls then use
  driver_entry("cuModuleLoadData", drv_cuModuleLoadData);
  driver_entry("cuModuleGetFunction", drv_cuModuleGetFunction);
  driver_entry("cuLaunchKernel", drv_cuLaunchKernel);
  driver_entry("cuFuncGetAttribute", drv_cuFuncGetAttribute);
  const std::string entry = kernel + type;
  std::printf("entry %s\n", entry.c_str());
  for (Variant& v : variants) {
    const std::string ptx = read_file(v.file);
    CUmodule module;
    CD(drv_cuModuleLoadData(&module, ptx.c_str()));
    CD(drv_cuModuleGetFunction(&v.entry, module, entry.c_str()));
    CD(drv_cuFuncGetAttribute(&v.registers, CU_FUNC_ATTRIBUTE_NUM_REGS, v.entry));
    CD(drv_cuFuncGetAttribute(&v.local_bytes, CU_FUNC_ATTRIBUTE_LOCAL_SIZE_BYTES, v.entry));
  }
  int failures;
  if (type == "long") {
    failures = race<i64>("long", variants, logs);
  } else if (type == "double") {
    failures = race<double>("double", variants, logs);
  } else if (type == "int") {
    failures = race<int>("int", variants, logs);
  } else if (type == "float") {
    failures = race<float>("float", variants, logs);
  } else {
    std::fprintf(stderr, "select_race: unknown type %s\n", type.c_str());
    return 2;
  }
  return failures == 0 ? 0 : 1;
}
