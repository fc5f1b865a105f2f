// Scan entry points of carries: a shard's carry in a multi-device scan (every element becomes
// carry op element, in place, over a grid-stride loop), and a staged host scan's carry between chunks.
#include "../common.cuh"

template <typename Op, typename T>
__device__ void scan_carry(T* data, i64 n, T carry) {
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  for (i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += stride) {
    data[i] = Op::apply(carry, data[i]);
  }
}

#define PRIMS_SCAN_CARRY_ENTRY(C, TID, OPID, OP)                                                       \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE) scan_carry_##TID##_##OPID(C* data, i64 n,   \
                                                                                     C carry) {        \
    scan_carry<OP, C>(data, n, carry);                                                                 \
  }

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SCAN_CARRY_ENTRY)

// Entry point of a staged host scan's carry between chunks: chunk `index` (scanned on its own into
// data, from input) becomes carries[index - 1] op element, in place, and the element holding the
// chunk's last value leaves the carry of the chunks up to this one in carries[index] (for an
// exclusive scan that value op the chunk's last input). Chunk 0 only leaves its carry (one block).
template <typename Op, typename T>
__device__ void scan_carry_chunk(T* data, const T* input, i64 n, T* carries, i64 index,
                                 int exclusive) {
  if (index == 0) {
    if (blockIdx.x == 0 && threadIdx.x == 0) {
      carries[0] = exclusive ? Op::apply(data[n - 1], input[n - 1]) : data[n - 1];
    }
    return;
  }
  const T carry = carries[index - 1];
  const i64 stride = (i64)BLOCK_SIZE * gridDim.x;
  for (i64 i = (i64)blockIdx.x * BLOCK_SIZE + threadIdx.x; i < n; i += stride) {
    const T v = Op::apply(carry, data[i]);
    data[i] = v;
    if (i == n - 1) {
      carries[index] = exclusive ? Op::apply(v, input[n - 1]) : v;
    }
  }
}

#define PRIMS_SCAN_CARRY_CHUNK_ENTRY(C, TID, OPID, OP)                                                 \
  extern "C" __global__ void __launch_bounds__(BLOCK_SIZE)                                             \
      scan_carry_chunk_##TID##_##OPID(C* data, const C* input, i64 n, C* carries, i64 index,           \
                                      int exclusive) {                                                 \
    scan_carry_chunk<OP, C>(data, input, n, carries, index, exclusive);                                \
  }

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SCAN_CARRY_CHUNK_ENTRY)
