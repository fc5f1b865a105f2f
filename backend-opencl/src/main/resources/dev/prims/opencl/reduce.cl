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

/* The rest of kernels 1 and 2 after harris_load: interleaved addressing, the stride doubling from
   1, and work-item 0 writes the work-group's partial. divergent (kernel 1) picks the active
   work-items by tid % (2s) == 0, a divergent branch; otherwise (kernel 2) each work-item combines
   at a strided index, with no divergence but bank conflicts. Both are compile-time constants once
   inlined. */
inline void interleaved_tree(__local T* sdata, __global T* output, bool divergent OP_PARAM) {
  uint tid = get_local_id(0);
  uint size = get_local_size(0);
  for (uint s = 1; s < size; s *= 2) {
    if (divergent) {
      if (tid % (2 * s) == 0) {
        sdata[tid] = op(sdata[tid], sdata[tid + s]);
      }
    } else {
      uint index = 2 * s * tid;
      if (index < size) {
        sdata[index] = op(sdata[index], sdata[index + s]);
      }
    }
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid == 0) output[get_group_id(0)] = sdata[0];
}

/* The rest of kernels 3-5 after their load: sequential steps, the last six of them unrolled when
   unroll_last_six (kernel 5; a compile-time constant once inlined, the same for the whole
   work-group), and work-item 0 writes the work-group's partial. */
inline void sequential_tree(__local T* sdata, __global T* output, bool unroll_last_six OP_PARAM) {
  uint tid = get_local_id(0);
  sequential_steps(sdata, tid, get_local_size(0), unroll_last_six ? 32 : 0 OP_ARG);
  if (unroll_last_six) {
    UNROLLED_LAST_SIX
  }
  if (tid == 0) output[get_group_id(0)] = sdata[0];
}

/* Kernels 1-5: load puts the work-group's values into sdata, tree (given flag) folds them and
   writes the work-group's partial. */
#define HARRIS_KERNEL(name, load, tree, flag)                                         \
  __kernel REQUIRE_BLOCK void name(__global const T* input, __global T* output,        \
                                   ulong n OP_PARAM) {                                 \
    __local T sdata[BLOCK_SIZE];                                                       \
    load(input, n, sdata OP_ARG);                                                      \
    tree(sdata, output, flag OP_ARG);                                                  \
  }

/* 1: interleaved addressing with a divergent branch (tid % (2s) == 0). */
HARRIS_KERNEL(reduce_interleaved_divergent, harris_load, interleaved_tree, true)
/* 2: interleaved addressing with a strided index, no divergence (bank conflicts instead). */
HARRIS_KERNEL(reduce_interleaved_strided, harris_load, interleaved_tree, false)
/* 3: sequential addressing (halving stride, contiguous active work-items). */
HARRIS_KERNEL(reduce_sequential, harris_load, sequential_tree, false)
/* 4: first add during load: each work-item combines two elements one block apart. */
HARRIS_KERNEL(reduce_first_add, first_add_load, sequential_tree, false)
/* 5: as 4, with the last six steps (one 32-wide sub-group's worth) unrolled. */
HARRIS_KERNEL(reduce_unroll_last_warp, first_add_load, sequential_tree, true)

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
