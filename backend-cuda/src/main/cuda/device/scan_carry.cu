// Scan entry point of the carry a shard takes in a multi-device scan: every element becomes
// carry op element, in place, over a grid-stride loop.
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
