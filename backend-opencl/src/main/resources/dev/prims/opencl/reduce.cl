// Reduce kernels: the seven steps of M. Harris, "Optimizing Parallel Reduction in CUDA", and a
// vectorised grid-stride kernel. Each kernel writes one partial per work-group to output; the
// host launches again over the partials until one value is left. Needs common.cl.
// Kernels 1-5 read the work-group size at run time like the original; 6 and later use the
// compile-time BLOCK_SIZE. OpenCL promises no lock-step execution within a sub-group, so the
// "unrolled last warp" keeps a barrier between its unrolled steps.

#define LOAD(i) ((i) < n ? input[i] : IDENTITY)

/* The start of kernels 1-3: each work-item's element (the identity past the end) in sdata. */
inline void harris_load(__global const T* input, ulong n, __local T* sdata OP_PARAM) {
  ulong i = get_global_id(0);
  sdata[get_local_id(0)] = LOAD(i);
  barrier(CLK_LOCAL_MEM_FENCE);
}

/* The start of kernels 4 and 5: two elements per work-item (a work-group apart), combined on the
   way into sdata. */
inline void first_add_load(__global const T* input, ulong n, __local T* sdata OP_PARAM) {
  uint size = get_local_size(0);
  ulong i = (ulong)get_group_id(0) * (size * 2) + get_local_id(0);
  sdata[get_local_id(0)] = op(LOAD(i), LOAD(i + size));
  barrier(CLK_LOCAL_MEM_FENCE);
}

/* Sequential addressing: the lower half of the work-items still active combines the upper half
   in, the stride halving from size / 2 while it is above stop. */
inline void sequential_steps(__local T* sdata, uint tid, uint size, uint stop OP_PARAM) {
  for (uint s = size / 2; s > stop; s >>= 1) {
    if (tid < s) {
      sdata[tid] = op(sdata[tid], sdata[tid + s]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
}

/* 1: interleaved addressing with a divergent branch (tid % (2s) == 0). */
__kernel REQUIRE_BLOCK void reduce_interleaved_divergent(__global const T* input,
                                                         __global T* output, ulong n OP_PARAM) {
  __local T sdata[BLOCK_SIZE];
  uint tid = get_local_id(0);
  uint size = get_local_size(0);
  harris_load(input, n, sdata OP_ARG);
  for (uint s = 1; s < size; s *= 2) {
    if (tid % (2 * s) == 0) {
      sdata[tid] = op(sdata[tid], sdata[tid + s]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid == 0) output[get_group_id(0)] = sdata[0];
}

/* 2: interleaved addressing with a strided index, no divergence (bank conflicts instead). */
__kernel REQUIRE_BLOCK void reduce_interleaved_strided(__global const T* input,
                                                       __global T* output, ulong n OP_PARAM) {
  __local T sdata[BLOCK_SIZE];
  uint tid = get_local_id(0);
  uint size = get_local_size(0);
  harris_load(input, n, sdata OP_ARG);
  for (uint s = 1; s < size; s *= 2) {
    uint index = 2 * s * tid;
    if (index < size) {
      sdata[index] = op(sdata[index], sdata[index + s]);
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid == 0) output[get_group_id(0)] = sdata[0];
}

/* 3: sequential addressing (halving stride, contiguous active work-items). */
__kernel REQUIRE_BLOCK void reduce_sequential(__global const T* input, __global T* output,
                                              ulong n OP_PARAM) {
  __local T sdata[BLOCK_SIZE];
  uint tid = get_local_id(0);
  uint size = get_local_size(0);
  harris_load(input, n, sdata OP_ARG);
  sequential_steps(sdata, tid, size, 0 OP_ARG);
  if (tid == 0) output[get_group_id(0)] = sdata[0];
}

/* 4: first add during load: each work-item combines two elements one block apart. */
__kernel REQUIRE_BLOCK void reduce_first_add(__global const T* input, __global T* output,
                                             ulong n OP_PARAM) {
  __local T sdata[BLOCK_SIZE];
  uint tid = get_local_id(0);
  uint size = get_local_size(0);
  first_add_load(input, n, sdata OP_ARG);
  sequential_steps(sdata, tid, size, 0 OP_ARG);
  if (tid == 0) output[get_group_id(0)] = sdata[0];
}

#define UNROLLED_STEP(s)                               \
  if (tid < (s)) sdata[tid] = op(sdata[tid], sdata[tid + (s)]); \
  barrier(CLK_LOCAL_MEM_FENCE);

/* The last six steps of the tree (one 32-wide sub-group's worth), unrolled. */
#define UNROLLED_LAST_SIX \
  UNROLLED_STEP(32)       \
  UNROLLED_STEP(16)       \
  UNROLLED_STEP(8)        \
  UNROLLED_STEP(4)        \
  UNROLLED_STEP(2)        \
  UNROLLED_STEP(1)

/* 5: as 4, with the last six steps (one 32-wide sub-group's worth) unrolled. */
__kernel REQUIRE_BLOCK void reduce_unroll_last_warp(__global const T* input, __global T* output,
                                                    ulong n OP_PARAM) {
  __local T sdata[BLOCK_SIZE];
  uint tid = get_local_id(0);
  uint size = get_local_size(0);
  first_add_load(input, n, sdata OP_ARG);
  sequential_steps(sdata, tid, size, 32 OP_ARG);
  UNROLLED_LAST_SIX
  if (tid == 0) output[get_group_id(0)] = sdata[0];
}

/* 6: complete unroll: the work-group size is the compile-time BLOCK_SIZE. */
__kernel REQUIRE_BLOCK void reduce_complete_unroll(__global const T* input, __global T* output,
                                                   ulong n OP_PARAM) {
  __local T sdata[BLOCK_SIZE];
  uint tid = get_local_id(0);
  ulong i = (ulong)get_group_id(0) * (BLOCK_SIZE * 2) + tid;
  sdata[tid] = op(LOAD(i), LOAD(i + BLOCK_SIZE));
  barrier(CLK_LOCAL_MEM_FENCE);
#if BLOCK_SIZE >= 1024
  UNROLLED_STEP(512)
#endif
#if BLOCK_SIZE >= 512
  UNROLLED_STEP(256)
#endif
#if BLOCK_SIZE >= 256
  UNROLLED_STEP(128)
#endif
#if BLOCK_SIZE >= 128
  UNROLLED_STEP(64)
#endif
  UNROLLED_LAST_SIX
  if (tid == 0) output[get_group_id(0)] = sdata[0];
}

/* 7: many elements per work-item (grid-stride, two per step), then the unrolled tree. */
__kernel REQUIRE_BLOCK void reduce_multi_element(__global const T* input, __global T* output,
                                                 ulong n OP_PARAM) {
  __local T sdata[BLOCK_SIZE];
  uint tid = get_local_id(0);
  ulong stride = (ulong)get_num_groups(0) * (BLOCK_SIZE * 2);
  T acc = IDENTITY;
  for (ulong i = (ulong)get_group_id(0) * (BLOCK_SIZE * 2) + tid; i < n; i += stride) {
    acc = op(acc, input[i]);
    if (i + BLOCK_SIZE < n) acc = op(acc, input[i + BLOCK_SIZE]);
  }
  T total = block_reduce(acc, sdata OP_ARG);
  if (tid == 0) output[get_group_id(0)] = total;
}

/*
 * The work-group's total of a vectorised grid-stride pass: four-wide loads into four accumulators,
 * then the unrolled tree. Every work-item gets it.
 */
inline T vectorized_group_total(__global const T* input, ulong n, __local T* sdata OP_PARAM) {
  ulong gid = get_global_id(0);
  ulong threads = get_global_size(0);
  ulong quads = n / 4;
  __global const T4* input4 = (__global const T4*)input;
  T4 acc = (T4)(IDENTITY);
  for (ulong q = gid; q < quads; q += threads) {
    T4 v = input4[q];
    acc.x = op(acc.x, v.x);
    acc.y = op(acc.y, v.y);
    acc.z = op(acc.z, v.z);
    acc.w = op(acc.w, v.w);
  }
  ulong tail = quads * 4 + gid;
  if (tail < n) acc.x = op(acc.x, input[tail]);
  return block_reduce(op_lanes(acc OP_ARG), sdata OP_ARG);
}

/* Vectorised grid-stride: four-wide loads into four accumulators, then the unrolled tree. */
__kernel REQUIRE_BLOCK void reduce_vectorized(__global const T* input, __global T* output,
                                              ulong n OP_PARAM) {
  __local T sdata[BLOCK_SIZE];
  T total = vectorized_group_total(input, n, sdata OP_ARG);
  if (get_local_id(0) == 0) output[get_group_id(0)] = total;
}

#if defined(LOOKBACK_PTX) || defined(LOOKBACK_ATOMICS)
/*
 * The vectorised reduce in one launch, where the device orders memory across work-groups (the
 * host's OpenClLookback check, as for the scan's look-back): each work-group writes its partial,
 * then takes a ticket from counter after a device-wide release (PTX membar.gl on NVIDIA, as CUB's
 * __threadfence; an acq_rel atomic of device scope elsewhere); the work-group with the launch's
 * last ticket (ticketBase + groups - 1) has every partial visible and folds them into result[0].
 * Nothing waits for another work-group, so no forward progress is needed. The partials are read
 * through volatile loads, which on NVIDIA bypass the non-coherent L1.
 */
__kernel REQUIRE_BLOCK void reduce_vectorized_one_launch(__global const T* input,
                                                         __global T* partials, __global T* result,
                                                         ulong n, __global uint* counter,
                                                         uint ticketBase OP_PARAM) {
  __local T sdata[BLOCK_SIZE];
  __local uint last;
  uint tid = get_local_id(0);
  T total = vectorized_group_total(input, n, sdata OP_ARG);
  uint groups = get_num_groups(0);
  if (tid == 0) {
    partials[get_group_id(0)] = total;
#ifdef LOOKBACK_PTX
    asm volatile("membar.gl;" ::: "memory");
    uint ticket = atomic_inc((volatile __global uint*)counter);
    asm volatile("membar.gl;" ::: "memory");
#else
    uint ticket = atomic_fetch_add_explicit((volatile __global atomic_uint*)counter, 1u,
                                            memory_order_acq_rel, memory_scope_device);
#endif
    last = ticket - ticketBase == groups - 1;
  }
  barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);
  if (last) {
    volatile __global T* all = (volatile __global T*)partials;
    T folded = IDENTITY;
    for (uint g = tid; g < groups; g += BLOCK_SIZE) folded = op(folded, all[g]);
    T r = block_reduce(folded, sdata OP_ARG);
    if (tid == 0) result[0] = r;
  }
}
#endif
