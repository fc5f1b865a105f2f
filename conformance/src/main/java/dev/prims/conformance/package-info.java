/**
 * The conformance suite every backend must pass: abstract JUnit 5 classes, one per primitive
 * ({@link dev.prims.conformance.ReduceConformance}, {@link dev.prims.conformance.ScanConformance},
 * {@link dev.prims.conformance.HistogramConformance}, {@link dev.prims.conformance.DotConformance})
 * plus {@link dev.prims.conformance.EngineConformance} and {@link
 * dev.prims.conformance.CallerArrayConformance} (results into the caller's arrays), all extending
 * {@link dev.prims.conformance.BackendConformance}. A backend's tests only name the backend:
 *
 * <pre>{@code
 * class OpenClReduceTest extends ReduceConformance {
 *   protected String backendId() { return "opencl"; }
 *   protected Map<String, String> configuration() { return Map.of("prims.device", "0"); }
 * }
 * }</pre>
 *
 * <p>What is checked: sizes that straddle warp, block and grid edges ({@link
 * dev.prims.conformance.Sizes}), every {@link dev.prims.conformance.DataKind} (random, constant,
 * alternating, extreme, NaN), every type and every operator that suits it, inclusive and exclusive
 * scans, histograms of keys and of even bins with their edges, dot products, device buffers, and
 * reproducible mode. Expectations come from plain Java ({@link dev.prims.conformance.Reference},
 * {@link dev.prims.conformance.ReproducibleReference}): integers, MIN/MAX (bitwise), histograms and
 * reproducible results exactly; floating sums and dots within {@code (L + ceil(log2 n)) u sum|x_i|}
 * where L is the backend's {@link dev.prims.spi.Backend#sequentialChain} (dots add one rounding per
 * product; scans check every element against the prefix sum of magnitudes). The default variant of
 * each primitive gets the whole matrix; every other variant gets all types with a subset of
 * operators, sizes and data.
 *
 * <p>Reproducible mode: float and double sums, dots and inclusive and exclusive scans of every
 * {@link dev.prims.conformance.FoldData} shape (random, heavy cancellation, subnormals alone and
 * mixed with normals, magnitudes over many binades) at {@link Sizes#reproducible()} must equal
 * {@link dev.prims.conformance.ReproducibleReference} bit for bit and equal the {@code cpu}
 * backend's result where that backend is on the classpath; at {@link Sizes#reproducibleShapes()}
 * also on every variant and every launch shape ({@link dev.prims.conformance.LaunchShapes}, such as
 * {@code prims.cpu.threads}). Integer results and MIN/MAX stay exact in reproducible mode.
 *
 * <p>A class is skipped, test by test with the reason, only when the backend's probe reports its
 * hardware absent; a backend that is present but broken fails. The {@code configured} package runs
 * the same suite against a backend named at run time.
 */
package dev.prims.conformance;
