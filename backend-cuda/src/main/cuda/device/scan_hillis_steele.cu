// Scan entry points of Hillis-Steele: each block scans BLOCK_SIZE elements; the driver scans the
// block totals recursively and adds them back with scan_add_offsets. `exclusive` selects the scan
// kind; input and output may be the same buffer.
#include "../common.cuh"
#include "../block/block_scan_add_offsets.cuh"

// Hillis-Steele: BLOCK_SIZE elements per block, log2(BLOCK_SIZE) steps over a double buffer.
template <typename Op, typename T>
__device__ void scan_hillis_steele(const T* input, T* output, i64 n, int exclusive, T* block_totals) {
  __shared__ T buffer[2][BLOCK_SIZE];
  const unsigned tid = threadIdx.x;
  const i64 i = (i64)blockIdx.x * BLOCK_SIZE + tid;
  const T x = i < n ? input[i] : Op::template identity<T>();
  int current = 0;
  buffer[current][tid] = x;
  __syncthreads();
  for (unsigned offset = 1; offset < BLOCK_SIZE; offset <<= 1) {
    const int next = 1 - current;
    buffer[next][tid] = tid >= offset ? Op::apply(buffer[current][tid - offset], buffer[current][tid]) : buffer[current][tid];
    current = next;
    __syncthreads();
  }
  if (i < n) {
    output[i] = exclusive ? (tid == 0 ? Op::template identity<T>() : buffer[current][tid - 1]) : buffer[current][tid];
  }
  if (tid == BLOCK_SIZE - 1) block_totals[blockIdx.x] = buffer[current][tid];
}

#define PRIMS_SCAN_HILLIS_STEELE_ENTRIES(C, TID, OPID, OP) PRIMS_SCAN_BLOCKS_ENTRIES(scan_hillis_steele, C, TID, OPID, OP)

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SCAN_HILLIS_STEELE_ENTRIES)
