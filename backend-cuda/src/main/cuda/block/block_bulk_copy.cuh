// Hopper bulk copies (cp.async.bulk, the Tensor Memory Accelerator's plain copy) from global into
// shared memory, each completing a phase of an mbarrier when its bytes have arrived, and from
// shared memory back to global. Needs sm_90:
// units that include this header are compiled for compute_90 (see build-ptx.sh).
#pragma once
#include "../common.cuh"

// The 32-bit shared-state-space address of a pointer into shared memory.
__device__ __forceinline__ unsigned shared_address(const void* p) { return (unsigned)__cvta_generic_to_shared(p); }

// Prepares an mbarrier that completes a phase after one arrival and its expected bytes.
__device__ __forceinline__ void mbarrier_init(unsigned long long* barrier) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(shared_address(barrier)) : "memory");
}

// Makes the initialised mbarriers visible to the bulk copies (before the block's barrier).
__device__ __forceinline__ void mbarrier_init_fence() { asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory"); }

// Arrives on barrier, announcing that the bulk copies issued for its current phase bring bytes
// in all. One thread calls this once per phase, before (or right after) issuing the copies.
__device__ __forceinline__ void mbarrier_expect_bytes(unsigned long long* barrier, unsigned bytes) {
  asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(shared_address(barrier)), "r"(bytes)
               : "memory");
}

// Starts copying bytes (a multiple of 16; both addresses 16-byte aligned) from global src to shared
// dst; they count towards the bytes barrier's current phase expects.
__device__ __forceinline__ void bulk_copy_to_shared(void* dst, const void* src, unsigned bytes,
                                                    unsigned long long* barrier) {
  asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(
                   shared_address(dst)),
               "l"(src), "r"(bytes), "r"(shared_address(barrier))
               : "memory");
}

// Waits until the phase of barrier with the given parity (0 for its first use, then 1, 0, ...) has
// completed; the copied bytes are then visible to the waiting thread.
__device__ __forceinline__ void mbarrier_wait(unsigned long long* barrier, unsigned parity) {
  const unsigned bar = shared_address(barrier);
  unsigned done = 0;
  while (!done) {
    asm volatile(
        "{ .reg .pred p; mbarrier.try_wait.parity.shared::cta.b64 p, [%1], %2; selp.u32 %0, 1, 0, p; }"
        : "=r"(done)
        : "r"(bar), "r"(parity)
        : "memory");
  }
}

// Orders ordinary accesses to shared memory before later bulk copies that read or write it. Before
// a bulk copy reads what threads wrote: every writer calls it, then the block's barrier, then the
// copy. Before a bulk copy overwrites what threads read: the block's barrier, then the issuing
// thread calls it, then the copy.
__device__ __forceinline__ void fence_async_shared() { asm volatile("fence.proxy.async.shared::cta;" ::: "memory"); }

// Copies bytes (a multiple of 16; both addresses 16-byte aligned) from shared src to global dst and
// waits until src has been read (the writes to dst complete by the end of the kernel). Every
// thread that wrote src must have called fence_async_shared() before the block's barrier that
// precedes this; one thread calls it.
__device__ __forceinline__ void bulk_copy_to_global(void* dst, const void* src, unsigned bytes) {
  asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(dst), "r"(shared_address(src)),
               "r"(bytes)
               : "memory");
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
  asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
}
