// Shared definitions for every prims CUDA kernel: tuning constants, element types, and the
// operators with Java semantics (integer wrap-around, Math.min/Math.max, no fused multiply-add).
#pragma once

// Tuning constants. The Java policy classes (CudaReducePolicy, CudaScanPolicy, ...) mirror them.
#define BLOCK_SIZE 256
#define WARP_SIZE 32
#define WARPS_PER_BLOCK (BLOCK_SIZE / WARP_SIZE)
#define FULL_MASK 0xffffffffu
// Vectorised loads: loads in flight per thread per loop iteration.
#define REDUCE_UNROLL 4
// Bulk-copy reduce (sm_90+): shared-memory stages per block and bytes per stage (one tile). Measured
// on an H100 (float sum of 2^28, device time): 2 x 32 KiB 0.342 ms, 3 x 32 KiB 0.342, 8 x 16 KiB
// 0.341, 2 x 64 KiB 0.342, 2 x 96 KiB 0.344, 4 x 8 KiB 0.350 (CUB 0.348); 2 x 32 KiB leaves room
// for 3 blocks per SM.
#define BULK_STAGES 2
#define BULK_STAGE_BYTES 32768
// Scan tile: BLOCK_SIZE * SCAN_ITEMS_PER_THREAD_4 (4-byte types) or _8 (8-byte types) elements.
// Odd, so the blocked reads of the shared-memory tile have no bank conflicts; measured on an H200
// (float inclusive sum of 2^28: 15 items 0.80 ms, 19 0.74, 23 0.72, 31 0.70) and an H100 (double
// inclusive sum of 2^27: 15 items 0.797 ms, 19 0.812, 23 0.777); 8-byte types stay at 23 so the
// tile fits the 48 KiB of static shared memory.
#define SCAN_ITEMS_PER_THREAD_4 31
#define SCAN_ITEMS_PER_THREAD_8 23
// Histogram sort-reduce tile: BLOCK_SIZE * SORT_ITEMS_PER_THREAD keys sorted in shared memory.
#define SORT_ITEMS_PER_THREAD 4

typedef long long i64;
typedef unsigned long long u64;

// Addition that wraps like Java for integers and rounds separately (never fused) for floats.
struct OpSum {
  static __device__ __forceinline__ int apply(int a, int b) { return (int)((unsigned)a + (unsigned)b); }
  static __device__ __forceinline__ i64 apply(i64 a, i64 b) { return (i64)((u64)a + (u64)b); }
  static __device__ __forceinline__ float apply(float a, float b) { return __fadd_rn(a, b); }
  static __device__ __forceinline__ double apply(double a, double b) { return __dadd_rn(a, b); }
  template <typename T> static __device__ __forceinline__ T identity() { return (T)0; }
};

struct OpProd {
  static __device__ __forceinline__ int apply(int a, int b) { return (int)((unsigned)a * (unsigned)b); }
  static __device__ __forceinline__ i64 apply(i64 a, i64 b) { return (i64)((u64)a * (u64)b); }
  static __device__ __forceinline__ float apply(float a, float b) { return __fmul_rn(a, b); }
  static __device__ __forceinline__ double apply(double a, double b) { return __dmul_rn(a, b); }
  template <typename T> static __device__ __forceinline__ T identity() { return (T)1; }
};

// Math.min: a NaN operand gives NaN, and -0.0 is below 0.0 (fminf would drop the NaN).
struct OpMin {
  static __device__ __forceinline__ int apply(int a, int b) { return a <= b ? a : b; }
  static __device__ __forceinline__ i64 apply(i64 a, i64 b) { return a <= b ? a : b; }
  static __device__ __forceinline__ float apply(float a, float b) {
    if (a != a) return a;
    if (b != b) return b;
    if (a == 0.0f && b == 0.0f) return __float_as_int(a) < 0 ? a : b;
    return a <= b ? a : b;
  }
  static __device__ __forceinline__ double apply(double a, double b) {
    if (a != a) return a;
    if (b != b) return b;
    if (a == 0.0 && b == 0.0) return __double_as_longlong(a) < 0 ? a : b;
    return a <= b ? a : b;
  }
  template <typename T> static __device__ __forceinline__ T identity();
};
template <> __device__ __forceinline__ int OpMin::identity<int>() { return 0x7fffffff; }
template <> __device__ __forceinline__ i64 OpMin::identity<i64>() { return 0x7fffffffffffffffLL; }
template <> __device__ __forceinline__ float OpMin::identity<float>() { return __int_as_float(0x7f800000); }
template <> __device__ __forceinline__ double OpMin::identity<double>() { return __longlong_as_double(0x7ff0000000000000LL); }

// Math.max: a NaN operand gives NaN, and 0.0 is above -0.0.
struct OpMax {
  static __device__ __forceinline__ int apply(int a, int b) { return a >= b ? a : b; }
  static __device__ __forceinline__ i64 apply(i64 a, i64 b) { return a >= b ? a : b; }
  static __device__ __forceinline__ float apply(float a, float b) {
    if (a != a) return a;
    if (b != b) return b;
    if (a == 0.0f && b == 0.0f) return __float_as_int(a) < 0 ? b : a;
    return a >= b ? a : b;
  }
  static __device__ __forceinline__ double apply(double a, double b) {
    if (a != a) return a;
    if (b != b) return b;
    if (a == 0.0 && b == 0.0) return __double_as_longlong(a) < 0 ? b : a;
    return a >= b ? a : b;
  }
  template <typename T> static __device__ __forceinline__ T identity();
};
template <> __device__ __forceinline__ int OpMax::identity<int>() { return (int)0x80000000; }
template <> __device__ __forceinline__ i64 OpMax::identity<i64>() { return (i64)0x8000000000000000ULL; }
template <> __device__ __forceinline__ float OpMax::identity<float>() { return __int_as_float(0xff800000); }
template <> __device__ __forceinline__ double OpMax::identity<double>() { return __longlong_as_double(0xfff0000000000000LL); }

struct OpAnd {
  template <typename T> static __device__ __forceinline__ T apply(T a, T b) { return a & b; }
  template <typename T> static __device__ __forceinline__ T identity() { return (T)-1; }
};
struct OpOr {
  template <typename T> static __device__ __forceinline__ T apply(T a, T b) { return a | b; }
  template <typename T> static __device__ __forceinline__ T identity() { return (T)0; }
};
struct OpXor {
  template <typename T> static __device__ __forceinline__ T apply(T a, T b) { return a ^ b; }
  template <typename T> static __device__ __forceinline__ T identity() { return (T)0; }
};

// Multiply-accumulate for dot products: the product is rounded before it is added (no FMA).
__device__ __forceinline__ int mul_add(int acc, int a, int b) { return (int)((unsigned)acc + (unsigned)a * (unsigned)b); }
__device__ __forceinline__ i64 mul_add(i64 acc, i64 a, i64 b) { return (i64)((u64)acc + (u64)a * (u64)b); }
__device__ __forceinline__ float mul_add(float acc, float a, float b) { return __fadd_rn(acc, __fmul_rn(a, b)); }
__device__ __forceinline__ double mul_add(double acc, double a, double b) { return __dadd_rn(acc, __dmul_rn(a, b)); }

// 16-byte vector of each element type, for vectorised loads.
template <typename T> struct Vec;
template <> struct Vec<int> { typedef int4 type; static const int width = 4; };
template <> struct Vec<float> { typedef float4 type; static const int width = 4; };
template <> struct Vec<i64> { typedef longlong2 type; static const int width = 2; };
template <> struct Vec<double> { typedef double2 type; static const int width = 2; };

__device__ __forceinline__ int vec_lane(const int4& v, int i) { return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w; }
__device__ __forceinline__ float vec_lane(const float4& v, int i) { return i == 0 ? v.x : i == 1 ? v.y : i == 2 ? v.z : v.w; }
__device__ __forceinline__ i64 vec_lane(const longlong2& v, int i) { return i == 0 ? v.x : v.y; }
__device__ __forceinline__ double vec_lane(const double2& v, int i) { return i == 0 ? v.x : v.y; }

// A thread's sweep over vectors i, i + stride, ... below count: REDUCE_UNROLL loads in flight while
// a whole step of them remains, then one at a time; calls lane(w, x) for every element x in index
// order, w its lane in the vector.
template <typename T, typename Lane>
__device__ __forceinline__ void sweep_vectors(const typename Vec<T>::type* vectors, i64 i, i64 count, i64 stride,
                                              Lane lane) {
  typedef typename Vec<T>::type V;
  const int W = Vec<T>::width;
  for (; i + (REDUCE_UNROLL - 1) * stride < count; i += REDUCE_UNROLL * stride) {
    V loaded[REDUCE_UNROLL];
#pragma unroll
    for (int u = 0; u < REDUCE_UNROLL; ++u) loaded[u] = __ldg(vectors + i + u * stride);
#pragma unroll
    for (int u = 0; u < REDUCE_UNROLL; ++u) {
#pragma unroll
      for (int w = 0; w < W; ++w) lane(w, vec_lane(loaded[u], w));
    }
  }
  for (; i < count; i += stride) {
    const V loaded = __ldg(vectors + i);
#pragma unroll
    for (int w = 0; w < W; ++w) lane(w, vec_lane(loaded, w));
  }
}

// Reads a value another block wrote (after a fence), bypassing the non-coherent L1.
template <typename T> __device__ __forceinline__ T load_coherent(const T* p) { return __ldcg(p); }

// Every (type, op) pair of the contract: X(c type, type id, op id, op struct).
#define PRIMS_FOR_EACH_TYPE_OP(X)                                                                  \
  X(int, int, sum, OpSum) X(int, int, prod, OpProd) X(int, int, min, OpMin) X(int, int, max, OpMax) \
  X(int, int, and, OpAnd) X(int, int, or, OpOr) X(int, int, xor, OpXor)                            \
  X(i64, long, sum, OpSum) X(i64, long, prod, OpProd) X(i64, long, min, OpMin)                     \
  X(i64, long, max, OpMax) X(i64, long, and, OpAnd) X(i64, long, or, OpOr)                         \
  X(i64, long, xor, OpXor)                                                                         \
  X(float, float, sum, OpSum) X(float, float, prod, OpProd) X(float, float, min, OpMin)            \
  X(float, float, max, OpMax)                                                                      \
  X(double, double, sum, OpSum) X(double, double, prod, OpProd) X(double, double, min, OpMin)      \
  X(double, double, max, OpMax)

// Items per thread of a scan tile of T.
template <typename T>
struct ScanItems {
  static const int value = sizeof(T) == 4 ? SCAN_ITEMS_PER_THREAD_4 : SCAN_ITEMS_PER_THREAD_8;
};

#define PRIMS_FOR_EACH_TYPE(X) X(int, int) X(i64, long) X(float, float) X(double, double)
