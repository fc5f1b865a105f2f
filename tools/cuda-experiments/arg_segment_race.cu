// Arg-reduce, segmented-sum and by-key race: prims' kernels (the committed PTX, loaded with the
// CUDA driver API as the Java backend loads it, and tuning candidates compiled from the same
// sources with nvcc -D overrides) against CUB in one process, on the data `prims bench`'s
// cub_reference.cu measures (app/src/main/resources/dev/prims/app/bench/cub_reference.cu):
//   argmax float|int, 2^24 and 2^28     cub::DeviceReduce::ArgMax          (hash32 fill; ints mod 1000)
//   segsum float 2^28, segments of 4096 cub::DeviceSegmentedReduce::Sum    (int offsets 0, 4096, ...)
//   segmixed: the same over a mixed layout with segments longer than SEG_BLOCK_MAX (the joins)
//   reduce-by-key float, int keys i/64  cub::DeviceReduce::ReduceByKey     (2^24 and 2^28)
//   scan-by-key float, int keys i/64    cub::DeviceScan::InclusiveSumByKey (2^24 and 2^28)
// Each prims candidate is launched as the Java side launches it (grid, block, shared memory,
// scratch layout, memsets; each launch below names the Java method it mirrors) and checked against
// CUB's answer first: arg-max index and element exactly, run counts and unique keys exactly, float
// sums within a relative 1e-3 per segment, run or element. Timing: a pair of events around the
// call on one stream (launch latency included, as prims bench), best of 20 after 3 warm-up calls;
// rounds interleave all candidates of all cases, and each figure is the best over the rounds.
// Ratio = CUB ms / prims ms: >= 1.00 is at or ahead of CUB. '*' marks the best prims candidate of a
// case.
//
// Candidates: "committed" is the PTX in backend-cuda/src/main/resources/dev/prims/cuda/ptx with the
// Java launch; a PTX of the variants directory is named after its overrides (see
// build-arg-segment-variants.sh; macros in the .cu sources and block/block_by_key.cuh, defaults
// unchanged). Launch-side candidates add, after the PTX's name:
//   grid=xF        arg-reduce grid F times the Java grid (min(tiles, resident blocks)), capped by tiles
//   cap=C          vectorised arg-reduce (argreduce.cu, the pre-sm_90 default): at most C blocks per SM
//   dev-result     arg-reduce writing into device memory instead of the mapped host result slot
//   separate-join  a segment-blocks PTX with the older separate join launch (seg_block_fixup)
//   no-join        the same without that launch (valid for segments of 4096: no segment is longer
//                  than SEG_BLOCK_MAX; shows what the launch cost)
//   delay=D        by-key look-back polling pause of D ns (Java: CudaScanPolicy.LOOKBACK_DELAY_NS = 0;
//                  700 is CUB's sm_90 scan-by-key polling delay)
//   +count         reduce-by-key with the run count copied to the host in the call (CudaSegmenter.byKey
//                  reads it back before returning; CUB leaves it on the device)
//
// Build (here, no GPU needed; sm_90, CUB from the CUDA toolkit; the driver API is reached through
// cudaGetDriverEntryPointByVersion, so no libcuda is linked: add -lcuda only where one exists):
//   nvcc -O3 -std=c++17 -arch=sm_90 -o target/arg_segment_race tools/cuda-experiments/arg_segment_race.cu
// Variants (here; about 10 s of nvcc per candidate on two cores; PTXAS=1 adds ptxas' register report):
//   PTXAS=1 tools/cuda-experiments/build-arg-segment-variants.sh            # -> target/arg-segment-variants
// Run (GPU machine, repository root, carrying target/arg_segment_race and target/arg-segment-variants):
//   target/arg_segment_race backend-cuda/src/main/resources/dev/prims/cuda/ptx target/arg-segment-variants
//       [cases = argmax,segsum,segmixed,rbk,sbk,sbkd] [rounds = 3]
// A variants directory of "-" races the committed PTX alone.
#include <cub/cub.cuh>
#include <cuda.h>
#include <cuda_runtime.h>
#include <dirent.h>

#include "harness_driver.cuh"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <functional>
#include <map>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

typedef long long i64;

// The driver API through the runtime's entry points (no libcuda to link where the harness is built).
struct Driver {
  decltype(&cuModuleLoadData) ModuleLoadData;
  decltype(&cuModuleGetFunction) ModuleGetFunction;
  decltype(&cuLaunchKernel) LaunchKernel;
  decltype(&cuFuncSetAttribute) FuncSetAttribute;
  decltype(&cuOccupancyMaxActiveBlocksPerMultiprocessor) OccupancyMaxActiveBlocksPerMultiprocessor;
  decltype(&cuMemsetD32Async) MemsetD32Async;
};
static Driver drv;
static void load_driver() {
  driver_entry("cuModuleLoadData", drv.ModuleLoadData);
  driver_entry("cuModuleGetFunction", drv.ModuleGetFunction);
  driver_entry("cuLaunchKernel", drv.LaunchKernel);
  driver_entry("cuFuncSetAttribute", drv.FuncSetAttribute);
  driver_entry("cuOccupancyMaxActiveBlocksPerMultiprocessor", drv.OccupancyMaxActiveBlocksPerMultiprocessor);
  driver_entry("cuMemsetD32Async", drv.MemsetD32Async);
}

// ---- data, as cub_reference.cu fills it (salt 0, floats in [0, 1), ints mod 1000) -------------
__global__ void widen_kernel(const float* f, double* d, i64 n) {
  for (i64 i = blockIdx.x * (i64)blockDim.x + threadIdx.x; i < n; i += (i64)gridDim.x * blockDim.x) d[i] = f[i];
}
__global__ void fill_kernel(float* f, int* k, int* keys, i64 n, i64 run) {
  for (i64 i = blockIdx.x * (i64)blockDim.x + threadIdx.x; i < n; i += (i64)gridDim.x * blockDim.x) {
    const unsigned h = hash32((unsigned long long)i);
    const float v = (float)((double)(h >> 8) / 16777216.0);
    f[i] = v < 1.0f ? v : 0.0f;
    k[i] = (int)(h % 1000u);
    keys[i] = (int)(i / run);
  }
}
__global__ void offsets_kernel(int* offsets, i64 segments, i64 length, i64 n) {
  const i64 s = blockIdx.x * (i64)blockDim.x + threadIdx.x;
  if (s <= segments) offsets[s] = (int)(s * length < n ? s * length : n);
}

// ---- PTX modules -------------------------------------------------------------------------------

// One PTX of a unit: the committed one (no overrides) or a candidate of the variants directory.
struct Ptx {
  std::string unit, label;
  std::map<std::string, long> overrides;
  CUmodule module;
  long get(const std::string& macro, long fallback) const {
    auto it = overrides.find(macro);
    return it == overrides.end() ? fallback : it->second;
  }
  CUfunction function(const std::string& name) const {
    CUfunction f;
    CD(drv.ModuleGetFunction(&f, module, name.c_str()));
    return f;
  }
  bool has(const std::string& name) const {
    CUfunction f;
    return drv.ModuleGetFunction(&f, module, name.c_str()) == CUDA_SUCCESS;
  }
};

static std::vector<Ptx> load_units(const std::string& committed, const std::string& variants,
                                   const std::vector<std::string>& units) {
  std::vector<Ptx> out;
  auto load = [&](const std::string& path, Ptx p) {
    const std::string text = read_file(path);
    CD(drv.ModuleLoadData(&p.module, text.c_str()));
    out.push_back(p);
  };
  for (const auto& u : units) load(committed + "/" + u + ".ptx", Ptx{u, "committed", {}, nullptr});
  if (variants == "-") return out;
  DIR* dir = opendir(variants.c_str());
  if (dir == nullptr) {
    std::fprintf(stderr, "cannot list %s (build-arg-segment-variants.sh writes it; \"-\" for none)\n", variants.c_str());
    std::exit(2);
  }
  std::vector<std::string> names;
  while (dirent* e = readdir(dir)) {
    std::string name = e->d_name;
    if (name.size() > 4 && name.compare(name.size() - 4, 4, ".ptx") == 0) names.push_back(name);
  }
  closedir(dir);
  std::sort(names.begin(), names.end());
  for (const auto& name : names) {
    // unit__MACRO_VALUE__MACRO_VALUE.ptx
    std::vector<std::string> parts;
    const std::string stem = name.substr(0, name.size() - 4);
    size_t from = 0;
    while (true) {
      const size_t at = stem.find("__", from);
      parts.push_back(stem.substr(from, at == std::string::npos ? std::string::npos : at - from));
      if (at == std::string::npos) break;
      from = at + 2;
    }
    if (std::find(units.begin(), units.end(), parts[0]) == units.end()) continue;
    Ptx p{parts[0], "", {}, nullptr};
    for (size_t i = 1; i < parts.size(); ++i) {
      const size_t cut = parts[i].rfind('_');
      p.overrides[parts[i].substr(0, cut)] = std::atol(parts[i].c_str() + cut + 1);
      p.label += (p.label.empty() ? "" : ",") + parts[i].substr(0, cut) + "=" + parts[i].substr(cut + 1);
    }
    std::printf("# loading %s\n", name.c_str());
    std::fflush(stdout);
    load(variants + "/" + name, p);
  }
  return out;
}

// ---- the race ------------------------------------------------------------------------------
struct Entry {
  std::string label;
  std::function<void()> call;
  double bytes;
  bool ok = true;
  double best = 1e30;
};
struct Case {
  std::string name;
  Entry cub;
  std::vector<Entry> prims;
};

static cudaStream_t stream;
static cudaEvent_t ev_start, ev_stop;

static double best_of(const std::function<void()>& call, int reps) {
  return best_event_ms(call, reps, stream, ev_start, ev_stop);
}

template <typename T>
static std::vector<T> to_host(const void* device, i64 count) {
  std::vector<T> h(count);
  CK(cudaMemcpy(h.data(), device, count * sizeof(T), cudaMemcpyDeviceToHost));
  return h;
}

// Worst relative difference of a against b (floats), where b is the reference.
static double worst_relative(const std::vector<float>& a, const std::vector<float>& b) {
  double worst = 0;
  for (size_t i = 0; i < b.size(); ++i) {
    const double d = std::fabs((double)a[i] - (double)b[i]) / std::max(1e-30, std::fabs((double)b[i]));
    if (!(d <= worst)) worst = d;  // NaN counts as worst
    if (std::isnan(d)) return INFINITY;
  }
  return worst;
}

// Launches a kernel with the Java backend's (KernelArgs) parameter order.
// A launch the driver refuses (a candidate whose block size or shared memory the kernel cannot
// take) is reported and skipped: its outputs stay unwritten, so its check fails and it is not timed.
static bool launch_refused = false;  // set by a refused launch, cleared when its entry is checked

// An entry one of whose launches was refused failed, whatever stale output its check read.
static void note_refusal(bool& ok) {
  if (launch_refused) ok = false;
  launch_refused = false;
}

static void launch(CUfunction f, i64 grid, int block, int shared, std::vector<void*> params) {
  const CUresult e =
      drv.LaunchKernel(f, (unsigned)grid, 1, 1, block, 1, 1, shared, (CUstream)stream, params.data(), nullptr);
  if (e != CUDA_SUCCESS) {
    launch_refused = true;
    std::printf("# LAUNCH REFUSED grid=%lld block=%d shared=%d: %s\n", grid, block, shared, driver_error_text(e));
  }
}

static i64 ceil_div(i64 a, i64 b) { return (a + b - 1) / b; }

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr,
                 "usage: arg_segment_race <committed ptx dir> <variants dir | -> [cases = argmax,segsum,segmixed,rbk,sbk,sbkd] "
                 "[rounds = 3]\n");
    return 2;
  }
  const std::string committed = argv[1], variants = argv[2];
  const std::string wanted = argc > 3 ? argv[3] : "argmax,segsum,segmixed,rbk,sbk";
  const int rounds = argc > 4 ? std::atoi(argv[4]) : 3;
  const int reps = 20;
  auto want = [&](const char* c) { return ("," + wanted + ",").find(std::string(",") + c + ",") != std::string::npos; };

  CK(cudaSetDevice(0));
  CK(cudaFree(0));  // the runtime's primary context becomes current for the driver API too
  load_driver();
  cudaDeviceProp prop;
  CK(cudaGetDeviceProperties(&prop, 0));
  const int sms = prop.multiProcessorCount;
  std::printf("# device %s, %d SMs\n", prop.name, sms);
  CK(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  CK(cudaEventCreate(&ev_start));
  CK(cudaEventCreate(&ev_stop));

  const i64 N = 1LL << 28, RUN = 64, SEGMENT = 4096;
  float* f;
  int *k, *keys;
  CK(cudaMalloc(&f, N * 4));
  CK(cudaMalloc(&k, N * 4));
  CK(cudaMalloc(&keys, N * 4));
  fill_kernel<<<4096, 256>>>(f, k, keys, N, RUN);
  CK(cudaDeviceSynchronize());
  // scratch shared by all prims candidates (partials, chunk heads and tails, tile states), the
  // arg-reduce counter (zero on entry, reset by the kernel) and the mapped host result slot
  void* scratch;
  const size_t scratch_bytes = 128 * (size_t)(N / (256 * 5) + 2);
  CK(cudaMalloc(&scratch, scratch_bytes));
  unsigned* counter;
  CK(cudaMalloc(&counter, 64));
  CK(cudaMemset(counter, 0, 64));
  i64* slot_host;
  CK(cudaHostAlloc(&slot_host, 64, cudaHostAllocMapped));
  i64* slot;
  CK(cudaHostGetDevicePointer((void**)&slot, slot_host, 0));
  i64* dev_result;
  CK(cudaMalloc(&dev_result, 64));
  i64* pinned_count;
  CK(cudaMallocHost(&pinned_count, 64));

  std::vector<std::string> units;
  if (want("argmax")) units.insert(units.end(), {"argreduce_bulk", "argreduce"});
  if (want("segsum") || want("segmixed")) units.push_back("segment_reduce_blocks");
  if (want("rbk")) units.push_back("segment_reduce_by_key_int");
  if (want("sbk") || want("sbkd")) units.push_back("segment_scan_by_key_int");
  const std::vector<Ptx> ptx = load_units(committed, variants, units);
  auto of_unit = [&](const std::string& u) {
    std::vector<const Ptx*> r;
    for (const auto& p : ptx)
      if (p.unit == u) r.push_back(&p);
    return r;
  };
  std::vector<std::unique_ptr<Case>> cases;
  std::vector<void*> to_free;
  auto dalloc = [&](size_t bytes) {
    void* p;
    CK(cudaMalloc(&p, bytes));
    to_free.push_back(p);
    return p;
  };

  // ---- arg-max ---------------------------------------------------------------------------------
  if (want("argmax")) {
    for (std::string type : {"float", "int"}) {
      for (int log2 : {24, 28}) {
        const i64 n = 1LL << log2;
        const int bytes = 4;
        void* in = type == "float" ? (void*)f : (void*)k;
        auto c = std::make_unique<Case>();
        c->name = "argmax " + type + " 2^" + std::to_string(log2);
        void* value = dalloc(16);
        i64* index = (i64*)dalloc(16);
        size_t temp_bytes = 0;
        if (type == "float")
          cub::DeviceReduce::ArgMax(nullptr, temp_bytes, (float*)in, (float*)value, index, n, stream);
        else
          cub::DeviceReduce::ArgMax(nullptr, temp_bytes, (int*)in, (int*)value, index, n, stream);
        void* temp = dalloc(temp_bytes);
        c->cub = {"cub DeviceReduce::ArgMax", [=]() {
                    size_t b = temp_bytes;
                    if (type == "float")
                      cub::DeviceReduce::ArgMax(temp, b, (float*)in, (float*)value, index, n, stream);
                    else
                      cub::DeviceReduce::ArgMax(temp, b, (int*)in, (int*)value, index, n, stream);
                  }, (double)n * bytes};
        c->cub.call();
        CK(cudaStreamSynchronize(stream));
        const i64 want_index = to_host<i64>(index, 1)[0];
        const int want_bits = to_host<int>(value, 1)[0];
        const Case* self = c.get();
        auto checked = [=](i64* result_device, i64* result_host, Entry& e) {
          e.call();
          CK(cudaStreamSynchronize(stream));
          i64 got[2];
          if (result_host != nullptr)
            std::memcpy(got, (const void*)result_host, 16);
          else
            CK(cudaMemcpy(got, result_device, 16, cudaMemcpyDeviceToHost));
          const int bits = (int)(got[1] & 0xffffffff);
          e.ok = got[0] == want_index && bits == want_bits;
          if (!e.ok)
            std::printf("# WRONG %s %s: index %lld (CUB %lld), element bits %08x (CUB %08x)\n", self->name.c_str(),
                        e.label.c_str(), got[0], want_index, bits, want_bits);
        };
        // bulk kernel (the sm_90 default): CudaArgReducer.launch, bulk branch, with
        // CudaReducePolicy.bulkBlocks(n, bytes, 1, CudaBackend.residentBlocks(..., shared, 1)): one
        // block per SM (mult 1.0 below; the x0.5 and x2 candidates scale the blocks per SM that fit)
        for (const Ptx* p : of_unit("argreduce_bulk")) {
          const CUfunction fn = p->function("argmax_bulk_" + type);
          const int block = (int)p->get("ARG_BLOCK_SIZE", 256);
          const long stage_bytes = p->get("ARG_BULK_STAGE_BYTES", 32768);
          const int shared = (int)(p->get("ARG_BULK_STAGES", 3) * stage_bytes);
          if (shared > 48 * 1024) CD(drv.FuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, shared));
          int per_sm = 0;
          CD(drv.OccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fn, block, shared));
          const i64 resident = (i64)sms * std::max(1, per_sm);
          const i64 tiles = n / (stage_bytes / bytes);
          for (double mult : {1.0, 0.5, 2.0}) {
            for (bool device_result : {false, true}) {
              if (device_result && (mult != 1.0 || p->label != "committed")) continue;
              const i64 per_sm_grid = mult == 1.0 ? sms : (i64)std::llround(resident * mult);
              const i64 grid = std::max<i64>(1, std::min<i64>(tiles, per_sm_grid));
              i64* result = device_result ? dev_result : slot;
              Entry e;
              char label[200];
              std::snprintf(label, sizeof label, "bulk %s%s%s grid=%lld (%d/SM)", p->label.c_str(),
                            mult != 1.0 ? (mult < 1 ? " grid=x0.5" : " grid=x2") : "", device_result ? " dev-result" : "",
                            grid, per_sm);
              e.label = label;
              e.bytes = (double)n * bytes;
              e.call = [=]() {
                const void* a0 = in; i64 a1 = n; void* a2 = scratch; void* a3 = (char*)scratch + 8 * grid;
                void* a4 = counter; void* a5 = result;
                launch(fn, grid, block, shared, {&a0, &a1, &a2, &a3, &a4, &a5});
              };
              checked(result, device_result ? nullptr : slot_host, e);
              note_refusal(e.ok);
              c->prims.push_back(e);
            }
          }
        }
        // vectorised kernel (the pre-sm_90 default): CudaArgReducer.launch, else branch, with
        // CudaReducePolicy.vectorizedBlocks(n, 16 / bytes, residentBlocks(..., 0, BLOCKS_PER_SM = 8))
        for (const Ptx* p : of_unit("argreduce")) {
          const CUfunction fn = p->function("argmax_" + type);
          int per_sm = 0;
          CD(drv.OccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, fn, 256, 0));
          for (int cap : {8, 4, 16}) {
            if (cap != 8 && p->label != "committed") continue;
            const i64 resident = (i64)sms * std::min(std::max(1, per_sm), cap);
            const i64 grid = std::max<i64>(1, std::min<i64>(ceil_div(ceil_div(n, 16 / bytes), 256), resident));
            Entry e;
            char label[200];
            std::snprintf(label, sizeof label, "vectorized %s cap=%d grid=%lld", p->label.c_str(), cap, grid);
            e.label = label;
            e.bytes = (double)n * bytes;
            e.call = [=]() {
              const void* a0 = in; i64 a1 = n; void* a2 = scratch; void* a3 = (char*)scratch + 8 * grid;
              void* a4 = counter; void* a5 = slot;
              launch(fn, grid, 256, 0, {&a0, &a1, &a2, &a3, &a4, &a5});
            };
            checked(slot, slot_host, e);
            note_refusal(e.ok);
              c->prims.push_back(e);
          }
        }
        cases.push_back(std::move(c));
      }
    }
  }

  // ---- segmented sum: segments of 4096, and a mixed layout with segments longer than SEG_BLOCK_MAX
  // (every fourth 300000 elements, every seventh empty, the rest 2500) that checks the joins -------
  unsigned* arrivals = (unsigned*)dalloc(4 * (N / 1024 + 64));
  CK(cudaMemset(arrivals, 0, 4 * (N / 1024 + 64)));  // zero between calls: the kernel resets them
  for (std::string layout : {"seg=4096", "mixed"}) {
    if (!want(layout == "mixed" ? "segmixed" : "segsum")) continue;
    const i64 n = N;
    std::vector<int> host_offsets{0};
    if (layout == "mixed") {
      for (i64 s = 0; host_offsets.back() < n; ++s) {
        const i64 length = s % 7 == 6 ? 0 : s % 4 == 1 ? 300000 : 2500;
        host_offsets.push_back((int)std::min<i64>(n, host_offsets.back() + length));
      }
    } else {
      for (i64 s = 1; s <= n / SEGMENT; ++s) host_offsets.push_back((int)(s * SEGMENT));
    }
    const i64 segments = (i64)host_offsets.size() - 1;
    int* offsets = (int*)dalloc((segments + 1) * 4);
    CK(cudaMemcpy(offsets, host_offsets.data(), (segments + 1) * 4, cudaMemcpyHostToDevice));
    float* cub_out = (float*)dalloc(segments * 4);
    float* out = (float*)dalloc(segments * 4);
    size_t temp_bytes = 0;
    cub::DeviceSegmentedReduce::Sum(nullptr, temp_bytes, f, cub_out, (int)segments, offsets, offsets + 1, stream);
    void* temp = dalloc(temp_bytes);
    auto c = std::make_unique<Case>();
    c->name = "segsum float 2^28 " + layout;
    c->cub = {"cub DeviceSegmentedReduce::Sum", [=]() {
                size_t b = temp_bytes;
                cub::DeviceSegmentedReduce::Sum(temp, b, f, cub_out, (int)segments, offsets, offsets + 1, stream);
              }, (double)n * 4};
    c->cub.call();
    CK(cudaStreamSynchronize(stream));
    const std::vector<float> reference = to_host<float>(cub_out, segments);
    // CudaSegmenter.enqueueBlocks: seg_block_reduce over chunks + segments blocks (heads, tails, the
    // zero join counters). A PTX that still has seg_block_fixup (the separate join launch, e.g. the
    // committed PTX before the joins moved into the kernel, dropped into the variants directory) is
    // launched the older way: heads, head segments, tails, tail segments, then seg_block_fixup over
    // chunks blocks.
    for (const Ptx* p : of_unit("segment_reduce_blocks")) {
      const CUfunction reduce = p->function("seg_block_reduce_float_sum_int");
      const bool separate = p->has("seg_block_fixup_float_sum_int");
      const CUfunction fixup = separate ? p->function("seg_block_fixup_float_sum_int") : nullptr;
      const i64 block_max = p->get("SEG_BLOCK_MAX", 65536);
      const i64 chunks = ceil_div(n, block_max);
      for (bool join : {true, false}) {
        if (!join && !(separate && layout == "seg=4096")) continue;
        Entry e;
        e.label = "blocks " + p->label + (separate ? " separate-join" : "") + (join ? "" : " no-join");
        e.bytes = (double)n * 4;
        e.call = [=]() {
          char* head = (char*)scratch;
          if (!separate) {
            const void* a0 = f; const void* a1 = offsets; i64 a2 = segments; i64 a3 = n; i64 a4 = chunks;
            void* a5 = out; void* a6 = head; void* a7 = head + 8 * chunks; void* a8 = arrivals;
            launch(reduce, chunks + segments, 256, 0, {&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8});
            return;
          }
          void* headSeg = head + 8 * chunks;
          void* tail = head + 16 * chunks;
          void* tailSeg = head + 24 * chunks;
          {
            const void* a0 = f; const void* a1 = offsets; i64 a2 = segments; i64 a3 = n; i64 a4 = chunks;
            void* a5 = out; void* a6 = head; void* a7 = headSeg; void* a8 = tail; void* a9 = tailSeg;
            launch(reduce, chunks + segments, 256, 0, {&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7, &a8, &a9});
          }
          if (join) {
            const void* a0 = offsets; void* a1 = out; void* a2 = head; void* a3 = tail; void* a4 = tailSeg;
            i64 a5 = chunks;
            launch(fixup, chunks, 256, 0, {&a0, &a1, &a2, &a3, &a4, &a5});
          }
        };
        CK(cudaMemset(out, 0xff, segments * 4));
        e.call();
        CK(cudaStreamSynchronize(stream));
        const double worst = worst_relative(to_host<float>(out, segments), reference);
        e.ok = worst <= 1e-3;
        std::printf("# check %s %s: worst relative difference per segment %.2e%s\n", c->name.c_str(), e.label.c_str(),
                    worst, e.ok ? "" : "  WRONG");
        note_refusal(e.ok);
              c->prims.push_back(e);
      }
    }
    cases.push_back(std::move(c));
  }

  // ---- by key: int keys i / 64, float values -----------------------------------------------------
  const i64 runs_count = ceil_div(N, RUN);
  // CudaSegmenter.byKey: zero 128 * tiles bytes of state (one look-back state a tile, a line apart;
  // a candidate's LOOKBACK_STATE_BYTES), then one launch of tiles blocks, BLOCK_SIZE threads (tile =
  // CudaSegmentPolicy.byKeyTile); a candidate with BY_KEY_THREADS launches that many threads a block
  auto by_key_entries = [&](Case& c, i64 n, const std::string& unit, const std::string& kernel, bool reduce, void* out,
                            void* unique, i64* runs, const std::function<bool(Entry&)>& check, int value_bytes = 4,
                            const void* values = nullptr) {
    for (const Ptx* p : of_unit(unit)) {
      const CUfunction fn = p->function(kernel);
      // the committed defaults: scan-by-key 23 items (segment_scan_by_key_int.cu), reduce-by-key 15;
      // 8-byte values 11, scans of int keys 13 (CudaSegmentPolicy)
      const int threads = (int)p->get("BY_KEY_THREADS", 256);
      const i64 tile = threads * (value_bytes == 8 ? p->get("BY_KEY_ITEMS_8", reduce ? 11 : 13)
                                                   : p->get("BY_KEY_ITEMS_4", reduce ? 15 : 23));
      const i64 tiles = ceil_div(n, tile);
      const size_t state_bytes = std::max<i64>(16, p->get("LOOKBACK_STATE_BYTES", 128)) * tiles;
      for (int delay : {0, 100, 400, 700}) {
        for (bool count : {false, true}) {
          if ((delay != 0 || count) && p->label != "committed") continue;
          if (count && (!reduce || delay != 0)) continue;
          Entry e;
          e.label = p->label + (delay ? " delay=" + std::to_string(delay) : "") + (count ? " +count" : "");
          e.bytes = (double)n * (reduce ? 4 + value_bytes : 4 + 2 * value_bytes);
          e.call = [=]() {
            CD(drv.MemsetD32Async((CUdeviceptr)scratch, 0, state_bytes / 4, (CUstream)stream));
            const void* a0 = keys; const void* a1 = values ? values : f; i64 a2 = n; void* a3 = unique; void* a4 = out; void* a5 = runs;
            void* a6 = scratch; unsigned a7 = delay; int ex = 0;
            if (reduce)
              launch(fn, tiles, threads, 0, {&a0, &a1, &a2, &a3, &a4, &a5, &a6, &a7});
            else
              launch(fn, tiles, threads, 0, {&a0, &a1, &a2, &a4, &ex, &a6, &a7});
            if (count) CK(cudaMemcpyAsync(pinned_count, runs, 8, cudaMemcpyDeviceToHost, stream));
          };
          e.ok = check(e);
          note_refusal(e.ok);
          c.prims.push_back(e);
        }
      }
    }
  };
  if (want("rbk")) {
    int* cub_unique = (int*)dalloc(runs_count * 4 + 64);
    float* cub_out = (float*)dalloc(runs_count * 4 + 64);
    i64* cub_runs = (i64*)dalloc(16);
    int* unique = (int*)dalloc(runs_count * 4 + 64);
    float* out = (float*)dalloc(runs_count * 4 + 64);
    i64* runs = (i64*)dalloc(16);
    for (int log2 : {24, 28}) {
      const i64 n = 1LL << log2;
      size_t temp_bytes = 0;
      cub::DeviceReduce::ReduceByKey(nullptr, temp_bytes, keys, cub_unique, f, cub_out, cub_runs, cuda::std::plus<float>(),
                                     n, stream);
      void* temp = dalloc(temp_bytes);
      auto c = std::make_unique<Case>();
      c->name = "reduce-by-key float 2^" + std::to_string(log2) + " run=64";
      c->cub = {"cub DeviceReduce::ReduceByKey", [=]() {
                  size_t b = temp_bytes;
                  cub::DeviceReduce::ReduceByKey(temp, b, keys, cub_unique, f, cub_out, cub_runs, cuda::std::plus<float>(),
                                                 n, stream);
                }, (double)n * 8};
      c->cub.call();
      CK(cudaStreamSynchronize(stream));
      const i64 want_runs = to_host<i64>(cub_runs, 1)[0];
      const std::vector<int> want_unique = to_host<int>(cub_unique, want_runs);
      const std::vector<float> want_out = to_host<float>(cub_out, want_runs);
      const std::string name = c->name;
      by_key_entries(*c, n, "segment_reduce_by_key_int", "reduce_by_key_int_float_sum", true, out, unique, runs,
                     [&](Entry& e) {
                       CK(cudaMemset(runs, 0, 8));
                       CK(cudaMemset(unique, 0xff, runs_count * 4));
                       CK(cudaMemset(out, 0xff, runs_count * 4));
                       e.call();
                       CK(cudaStreamSynchronize(stream));
                       const i64 got_runs = to_host<i64>(runs, 1)[0];
                       bool ok = got_runs == want_runs && to_host<int>(unique, want_runs) == want_unique;
                       const double worst = ok ? worst_relative(to_host<float>(out, want_runs), want_out) : INFINITY;
                       ok = ok && worst <= 1e-3;
                       std::printf("# check %s %s: runs %lld (CUB %lld), worst relative difference per run %.2e%s\n",
                                   name.c_str(), e.label.c_str(), got_runs, want_runs, worst, ok ? "" : "  WRONG");
                       return ok;
                     });
      cases.push_back(std::move(c));
    }
  }
  // scan-by-key of float values ("sbk") or double values ("sbkd": the floats widened)
  auto scan_by_key = [&](auto zero, const char* type, const auto* values) {
    typedef decltype(zero) V;
    V* cub_out = (V*)dalloc(N * sizeof(V));
    V* out = (V*)dalloc(N * sizeof(V));
    for (int log2 : {24, 28}) {
      const i64 n = 1LL << log2;
      size_t temp_bytes = 0;
      cub::DeviceScan::InclusiveSumByKey(nullptr, temp_bytes, keys, values, cub_out, n, cuda::std::equal_to<>(), stream);
      void* temp = dalloc(temp_bytes);
      auto c = std::make_unique<Case>();
      c->name = std::string("scan-by-key ") + type + " 2^" + std::to_string(log2) + " run=64";
      c->cub = {"cub DeviceScan::InclusiveSumByKey", [=]() {
                  size_t b = temp_bytes;
                  cub::DeviceScan::InclusiveSumByKey(temp, b, keys, values, cub_out, n, cuda::std::equal_to<>(), stream);
                }, (double)n * (4 + 2 * sizeof(V))};
      c->cub.call();
      CK(cudaStreamSynchronize(stream));
      const std::vector<V> reference = to_host<V>(cub_out, n);
      const std::string name = c->name;
      by_key_entries(*c, n, "segment_scan_by_key_int", std::string("scan_by_key_int_") + type + "_sum", false, out,
                     nullptr, nullptr, [&](Entry& e) {
                       CK(cudaMemset(out, 0xff, N * sizeof(V)));
                       e.call();
                       CK(cudaStreamSynchronize(stream));
                       const std::vector<V> got = to_host<V>(out, n);
                       const double worst = worst_relative(std::vector<float>(got.begin(), got.end()),
                                                           std::vector<float>(reference.begin(), reference.end()));
                       // nothing written past n
                       const std::vector<V> past = to_host<V>(out + n, n < N ? 1024 : 0);
                       bool clean = true;
                       for (V v : past) clean = clean && std::isnan(v);
                       const bool ok = worst <= 1e-3 && clean;
                       std::printf("# check %s %s: worst relative difference per element %.2e%s%s\n", name.c_str(),
                                   e.label.c_str(), worst, clean ? "" : " (wrote past n)", ok ? "" : "  WRONG");
                       return ok;
                     }, (int)sizeof(V), values);
      cases.push_back(std::move(c));
    }
  };
  if (want("sbk")) scan_by_key(0.0f, "float", f);
  if (want("sbkd")) {
    double* d = (double*)dalloc(N * 8);
    widen_kernel<<<4096, 256>>>(f, d, N);
    CK(cudaDeviceSynchronize());
    scan_by_key(0.0, "double", d);
  }
  std::fflush(stdout);

  // ---- timing: rounds over every entry of every case ---------------------------------------------
  for (int r = 0; r < rounds; ++r) {
    for (auto& c : cases) {
      c->cub.best = std::min(c->cub.best, best_of(c->cub.call, reps));
      for (auto& e : c->prims)
        if (e.ok) e.best = std::min(e.best, best_of(e.call, reps));
    }
    std::fprintf(stderr, "# round %d of %d done\n", r + 1, rounds);
  }
  std::printf("\n%-34s %-62s %9s %9s %7s %8s\n", "case", "prims candidate", "prims ms", "CUB ms", "ratio", "GB/s");
  for (auto& c : cases) {
    double best = 1e30;
    for (auto& e : c->prims)
      if (e.ok) best = std::min(best, e.best);
    for (auto& e : c->prims) {
      std::printf("%-34s %-62s %9.4f %9.4f %7.3f %8.0f %s%s\n", c->name.c_str(), e.label.c_str(), e.best, c->cub.best,
                  c->cub.best / e.best, e.bytes / e.best / 1e6, e.ok && e.best == best ? "*" : "",
                  e.ok ? "" : " WRONG");
    }
    std::printf("%-34s %-62s %9s %9.4f %7s %8.0f\n", c->name.c_str(), c->cub.label.c_str(), "", c->cub.best, "",
                c->cub.bytes / c->cub.best / 1e6);
  }
  for (void* p : to_free) cudaFree(p);
  return 0;
}
