// Shared helpers for every prims OpenCL program. The host specialises them with -D options:
//   T, UT, AS_T       element type, its unsigned twin (integers) and the bit cast back to T
//   T4                four-wide vector of T
//   IS_FLOATING       set for float and double
//   USE_FP64          set for double (enables cl_khr_fp64)
//   OP_SUM|OP_PROD|OP_MIN|OP_MAX|OP_AND|OP_OR|OP_XOR   the operator, and IDENTITY its identity
//   OP_RUNTIME        instead of the two above: the operator is the kernel argument `opcode`
//                     (0 sum, 1 prod, 2 min, 3 max, 4 and, 5 or, 6 xor), so one build serves
//                     every operator (used where the compiler is slow, such as PoCL on a CPU).
//                     Every kernel and helper that combines takes it through OP_PARAM / OP_ARG.
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

/* The operators that differ between integers and floating types, as Java computes them. */
inline T op_sum(T a, T b) {
#ifdef IS_FLOATING
  return a + b;
#else
  return AS_T((UT)a + (UT)b);
#endif
}

inline T op_prod(T a, T b) {
#ifdef IS_FLOATING
  return a * b;
#else
  return AS_T((UT)a * (UT)b);
#endif
}

inline T op_min(T a, T b) {
#ifdef IS_FLOATING
  if (isnan(a)) return a;
  if (isnan(b)) return b;
  if (a < b) return a;
  if (b < a) return b;
  return signbit(a) ? a : b;
#else
  return min(a, b);
#endif
}

inline T op_max(T a, T b) {
#ifdef IS_FLOATING
  if (isnan(a)) return a;
  if (isnan(b)) return b;
  if (a > b) return a;
  if (b > a) return b;
  return signbit(a) ? b : a;
#else
  return max(a, b);
#endif
}

#ifdef OP_RUNTIME
#define OP_PARAM , int opcode
#define OP_ARG , opcode
#define op(a, b) op_dynamic(opcode, (a), (b))
#define IDENTITY identity_of(opcode)

inline T op_dynamic(int opcode, T a, T b) {
  switch (opcode) {
    case 0:
      return op_sum(a, b);
    case 1:
      return op_prod(a, b);
    case 2:
      return op_min(a, b);
    case 3:
      return op_max(a, b);
#ifndef IS_FLOATING
    case 4:
      return a & b;
    case 5:
      return a | b;
    case 6:
      return a ^ b;
#endif
    default:
      return a;
  }
}

inline T identity_of(int opcode) {
  switch (opcode) {
    case 1:
      return (T)1;
#ifdef IS_FLOATING
    case 2:
      return (T)INFINITY;
    case 3:
      return (T)-INFINITY;
#else
    case 2:
      return T_MAX;
    case 3:
      return T_MIN;
    case 4:
      return (T)-1;
#endif
    default:
      return (T)0;
  }
}
#else
#define OP_PARAM
#define OP_ARG

inline T op(T a, T b) {
#if defined(OP_SUM)
  return op_sum(a, b);
#elif defined(OP_PROD)
  return op_prod(a, b);
#elif defined(OP_MIN)
  return op_min(a, b);
#elif defined(OP_MAX)
  return op_max(a, b);
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

#endif

/* Combines the four lanes of a vector in lane order. */
inline T op_lanes(T4 v OP_PARAM) {
  return op(op(v.x, v.y), op(v.z, v.w));
}

/*
 * Reduces one value per work-item across the work-group with sequential addressing (completely
 * unrolled: BLOCK_SIZE is a compile-time constant). Every work-item gets the result.
 */
inline T block_reduce(T value, __local T* scratch OP_PARAM) {
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
inline T block_scan(T value, __local T* ping, __local T* pong, T* inclusive, T* exclusive
                   OP_PARAM) {
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

#ifdef RADIX_T
/*
 * Folds each work-item's AND (a) and OR (o) of radix bits over the work-group (ands and ors: local
 * scratch of BLOCK_SIZE each) and merges them into words with one atomic per 32-bit word: the AND of
 * the low half, the OR of the low half, then for 64-bit radix bits the same of the high half (the
 * host starts the AND words at all ones). Every work-item of the group calls it.
 */
inline void merge_and_or(RADIX_T a, RADIX_T o, __local RADIX_T* ands, __local RADIX_T* ors,
                         __global volatile uint* words) {
  const int lid = get_local_id(0);
  ands[lid] = a;
  ors[lid] = o;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = BLOCK_SIZE / 2; s > 0; s >>= 1) {
    if (lid < s) {
      ands[lid] &= ands[lid + s];
      ors[lid] |= ors[lid + s];
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (lid == 0) {
    atomic_and(&words[0], (uint)ands[0]);
    atomic_or(&words[1], (uint)ors[0]);
#if RADIX_WIDTH == 64
    atomic_and(&words[2], (uint)(ands[0] >> 32));
    atomic_or(&words[3], (uint)(ors[0] >> 32));
#endif
  }
}
#endif
