/**
 * The OpenCL backend ({@code opencl}) on JOCL: every platform and device, kernels in OpenCL C
 * (resources {@code dev/prims/opencl/*.cl}) specialised with {@code -D} options and built once per
 * (device, source, options).
 *
 * <p>Configuration keys: {@code prims.opencl.platform} (index or name substring, such as {@code
 * NVIDIA} or {@code Portable}) and {@code prims.device} (index within the chosen platforms, or name
 * substring such as {@code H200} or {@code pthread}; default the first GPU, else the first device);
 * {@code prims.reduce.variant}, {@code prims.scan.variant}, {@code prims.histogram.variant}; for
 * tuning and diagnosis the scan keys of {@code OpenClScanPolicy} ({@code
 * prims.opencl.scan.itemsPerThread}, {@code itemsPerThread8}, {@code workGroupSize}, {@code
 * chunksPerComputeUnit}, {@code lookbackWindow}), the select's {@code
 * prims.opencl.select.itemsPerThread} and {@code itemsPerThread8} (values per work-item of a
 * compaction tile), {@code prims.opencl.runtimeOperator} ({@code true}: one program per type with
 * the operator as a kernel argument, the default on non-GPU devices whose compilers are slow),
 * {@code prims.opencl.int64Atomics} ({@code false}: count in 32 bits and merge, as on devices
 * without {@code cl_khr_int64_base_atomics}) and {@code prims.opencl.buildOptions} (appended to
 * every build); {@code prims.opencl.binaries} names a folder where each built program's device
 * binary is written (on NVIDIA's platform, the PTX its compiler made).
 *
 * <p>Double precision needs {@code cl_khr_fp64}: on a device without it every double primitive
 * fails with a {@link dev.prims.PrimsException} saying so, and reproducible mode (whose fold recipe
 * computes in double) is not offered, so the engine refuses it. Without {@code libOpenCL} or
 * without any platform the backend is absent with the reason.
 */
package dev.prims.opencl;
