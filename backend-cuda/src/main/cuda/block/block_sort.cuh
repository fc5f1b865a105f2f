// Bitonic sort of a power-of-two number of keys held in shared memory, by one block.
#pragma once
#include "../common.cuh"

// Sorts keys[0 .. count) ascending; count is a power of two and a multiple of 2 * BLOCK_SIZE.
__device__ __forceinline__ void block_bitonic_sort(int* keys, int count) {
  for (int size = 2; size <= count; size <<= 1) {
    for (int stride = size >> 1; stride > 0; stride >>= 1) {
      __syncthreads();
      for (int t = threadIdx.x; t < count / 2; t += BLOCK_SIZE) {
        const int low = 2 * t - (t & (stride - 1));
        const int high = low + stride;
        const bool ascending = (low & size) == 0;
        const int a = keys[low], b = keys[high];
        if ((a > b) == ascending) {
          keys[low] = b;
          keys[high] = a;
        }
      }
    }
  }
  __syncthreads();
}
