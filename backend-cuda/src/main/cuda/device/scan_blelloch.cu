// Scan entry points of Blelloch (work-efficient up-sweep and down-sweep): each block scans
// 2 * BLOCK_SIZE elements; the driver scans the block totals recursively and adds them back with
// scan_add_offsets. `exclusive` selects the scan kind; input and output may be the same buffer.
#include "../common.cuh"
#include "../block/block_scan_add_offsets.cuh"

// Blelloch: 2 * BLOCK_SIZE elements per block, work-efficient up-sweep and down-sweep.
template <typename Op, typename T>
__device__ void scan_blelloch(const T* input, T* output, i64 n, int exclusive, T* block_totals) {
  __shared__ T tree[2 * BLOCK_SIZE];
  const unsigned tid = threadIdx.x;
  const i64 base = (i64)blockIdx.x * (2 * BLOCK_SIZE);
  const i64 a = base + tid, b = base + tid + BLOCK_SIZE;
  const T xa = a < n ? input[a] : Op::template identity<T>();
  const T xb = b < n ? input[b] : Op::template identity<T>();
  tree[tid] = xa;
  tree[tid + BLOCK_SIZE] = xb;
  unsigned offset = 1;
  for (unsigned d = BLOCK_SIZE; d > 0; d >>= 1) {
    __syncthreads();
    if (tid < d) {
      const unsigned left = offset * (2 * tid + 1) - 1, right = offset * (2 * tid + 2) - 1;
      tree[right] = Op::apply(tree[left], tree[right]);
    }
    offset <<= 1;
  }
  __syncthreads();
  if (tid == 0) {
    block_totals[blockIdx.x] = tree[2 * BLOCK_SIZE - 1];
    tree[2 * BLOCK_SIZE - 1] = Op::template identity<T>();
  }
  for (unsigned d = 1; d < 2 * BLOCK_SIZE; d <<= 1) {
    offset >>= 1;
    __syncthreads();
    if (tid < d) {
      const unsigned left = offset * (2 * tid + 1) - 1, right = offset * (2 * tid + 2) - 1;
      const T t = tree[left];
      tree[left] = tree[right];
      tree[right] = Op::apply(tree[right], t);
    }
  }
  __syncthreads();
  if (a < n) output[a] = exclusive ? tree[tid] : (tid == 0 ? xa : Op::apply(tree[tid], xa));
  if (b < n) output[b] = exclusive ? tree[tid + BLOCK_SIZE] : Op::apply(tree[tid + BLOCK_SIZE], xb);
}

#define PRIMS_SCAN_BLELLOCH_ENTRIES(C, TID, OPID, OP) PRIMS_SCAN_BLOCKS_ENTRIES(scan_blelloch, C, TID, OPID, OP)

PRIMS_FOR_EACH_TYPE_OP(PRIMS_SCAN_BLELLOCH_ENTRIES)
