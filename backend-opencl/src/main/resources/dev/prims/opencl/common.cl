// Shared helpers for every prims OpenCL program. The host specialises them with -D options:
//   T, UT, AS_T       element type, its unsigned twin (integers) and the bit cast back to T
//   T4                four-wide vector of T
//   IS_FLOATING       set for float and double
//   USE_FP64          set for double (enables cl_khr_fp64)
//   OP_SUM|OP_PROD|OP_MIN|OP_MAX|OP_AND|OP_OR|OP_XOR   the operator
//   IDENTITY          the operator's identity for T
//   BLOCK_SIZE        work-group size (the kernels require exactly this size)
//   ITEMS_PER_THREAD  elements each work-item scans serially (scan only)
// Semantics are Java's: integer arithmetic wraps (computed on the unsigned twin), MIN/MAX
// propagate NaN and order -0.0 below 0.0, and no a*b+c is ever contracted into an FMA.

#pragma OPENCL FP_CONTRACT OFF

#ifdef USE_FP64
#pragma OPENCL EXTENSION cl_khr_fp64 : enable
#endif

#ifdef USE_INT64_ATOMICS
#pragma OPENCL EXTENSION cl_khr_int64_base_atomics : enable
#endif

#define REQUIRE_BLOCK __attribute__((reqd_work_group_size(BLOCK_SIZE, 1, 1)))

inline T op(T a, T b) {
#if defined(OP_SUM)
#ifdef IS_FLOATING
  return a + b;
#else
  return AS_T((UT)a + (UT)b);
#endif
#elif defined(OP_PROD)
#ifdef IS_FLOATING
  return a * b;
#else
  return AS_T((UT)a * (UT)b);
#endif
#elif defined(OP_MIN)
#ifdef IS_FLOATING
  if (isnan(a)) return a;
  if (isnan(b)) return b;
  if (a < b) return a;
  if (b < a) return b;
  return signbit(a) ? a : b;
#else
  return min(a, b);
#endif
#elif defined(OP_MAX)
#ifdef IS_FLOATING
  if (isnan(a)) return a;
  if (isnan(b)) return b;
  if (a > b) return a;
  if (b > a) return b;
  return signbit(a) ? b : a;
#else
  return max(a, b);
#endif
#elif defined(OP_AND)
  return a & b;
#elif defined(OP_OR)
  return a | b;
#elif defined(OP_XOR)
  return a ^ b;
#else
#error "no operator defined"
#endif
}

/* Combines the four lanes of a vector in lane order. */
inline T op_lanes(T4 v) {
  return op(op(v.x, v.y), op(v.z, v.w));
}

/*
 * Reduces one value per work-item across the work-group with sequential addressing (completely
 * unrolled: BLOCK_SIZE is a compile-time constant). Every work-item gets the result.
 */
inline T block_reduce(T value, __local T* scratch) {
  uint tid = get_local_id(0);
  scratch[tid] = value;
  barrier(CLK_LOCAL_MEM_FENCE);
#pragma unroll
  for (uint s = BLOCK_SIZE / 2; s > 0; s >>= 1) {
    if (tid < s) {
      scratch[tid] = op(scratch[tid], scratch[tid + s]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  T result = scratch[0];
  barrier(CLK_LOCAL_MEM_FENCE);
  return result;
}

/*
 * Hillis-Steele scan of one value per work-item across the work-group, in two local arrays of
 * BLOCK_SIZE (ping-pong). Sets the work-item's inclusive and exclusive prefixes and returns the
 * work-group's total.
 */
inline T block_scan(T value, __local T* ping, __local T* pong, T* inclusive, T* exclusive) {
  uint tid = get_local_id(0);
  ping[tid] = value;
  barrier(CLK_LOCAL_MEM_FENCE);
  __local T* src = ping;
  __local T* dst = pong;
  for (uint offset = 1; offset < BLOCK_SIZE; offset <<= 1) {
    T v = src[tid];
    if (tid >= offset) {
      v = op(src[tid - offset], v);
    }
    dst[tid] = v;
    barrier(CLK_LOCAL_MEM_FENCE);
    __local T* t = src;
    src = dst;
    dst = t;
  }
  *inclusive = src[tid];
  *exclusive = tid == 0 ? IDENTITY : src[tid - 1];
  T total = src[BLOCK_SIZE - 1];
  barrier(CLK_LOCAL_MEM_FENCE);
  return total;
}
