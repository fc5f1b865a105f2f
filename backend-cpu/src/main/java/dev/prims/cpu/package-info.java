/**
 * The ForkJoin CPU backend, id {@code cpu}: always available, the embedded default. Buffers are
 * Java heap arrays (uploads share the caller's array) up to the longest array, and chunked off-heap
 * memory beyond ({@code prims.cpu.offheap.threshold}, {@code prims.cpu.offheap.chunk}; see {@link
 * dev.prims.cpu.CpuBufferManager}); work runs on the backend's own {@link
 * java.util.concurrent.ForkJoinPool} of {@code prims.cpu.threads} workers, split into fixed-size
 * chunks ({@link dev.prims.cpu.CpuPolicy}) so results do not depend on the thread count. Variants:
 * reduce {@code blocked}, scan {@code chained} and {@code two-pass}, histogram {@code per-worker},
 * dot {@code fused}; reproducible mode through {@link dev.prims.spi.FoldKernels}.
 */
package dev.prims.cpu;
