package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.HistogramSpec;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.CallContext;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * One real buffer of 2^31 + 5 floats (8 GiB off-heap in the default chunks of 2^28 floats). The
 * data is zero except 1, 2, 4, 8, 16 and 32 on both sides of the first chunk boundary and of 2^31,
 * so every sum is exact and an index that wraps at 32 bits, or a lost chunk, shows. Checks reduce
 * SUM and MAX, a histogram counted by a single worker (more than 2^31 - 1 values in one bin), and
 * an in-place inclusive scan spot-checked around those places.
 *
 * <p>Skipped only when this machine cannot hold it: it needs the buffer's bytes within the JVM's
 * direct memory limit (the module's surefire configuration raises it to 10 GiB) and physically
 * available plus {@link #HEADROOM} to spare, so it never pushes a build into the kernel's
 * out-of-memory killer.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CpuHugeBufferTest {
  private static final long N = (1L << 31) + 5;
  private static final long BYTES = N * Float.BYTES;
  private static final long HEADROOM = 3L << 30;
  private static final long[] POSITIONS = {
    0, (1L << 28) - 1, 1L << 28, (1L << 31) - 1, 1L << 31, (1L << 31) + 4
  };
  private static final float[] VALUES = {1, 2, 4, 8, 16, 32};

  private CpuBackend backend;
  private CpuBackend oneWorker;
  private DeviceBuffer input;

  @BeforeAll
  void open() {
    long limit = DirectMemory.limit();
    long available = PhysicalMemory.available();
    Assumptions.assumeTrue(
        limit >= BYTES && available >= BYTES + HEADROOM,
        () ->
            "a buffer of 2^31 + 5 floats needs "
                + gib(BYTES)
                + " of direct memory and "
                + gib(BYTES + HEADROOM)
                + " of available physical memory (with "
                + gib(HEADROOM)
                + " to spare); this JVM's direct memory limit is "
                + gib(limit)
                + " (-XX:MaxDirectMemorySize) and the machine has "
                + gib(available)
                + " available");
    backend = CpuOffHeapTest.backend(Map.of());
    oneWorker = CpuOffHeapTest.backend(Map.of(CpuBackendProvider.THREADS, "1"));
    long start = System.nanoTime();
    input = backend.buffers().allocate(DType.FLOAT, N);
    CpuBufferManager buffers = (CpuBufferManager) backend.buffers();
    for (int i = 0; i < POSITIONS.length; i++) {
      buffers.write(input, POSITIONS[i], new float[] {VALUES[i]}, 0, 1);
    }
    report("allocate 2^31 + 5 floats off-heap (zeroed) and set 6 values", start);
  }

  @AfterAll
  void close() {
    if (input != null) {
      input.close();
    }
    if (backend != null) {
      backend.close();
      oneWorker.close();
    }
  }

  @Test
  void reduceHistogramAndScanPast2To31() {
    assertTrue(!CpuBuffer.of(input).onHeap(), "a buffer this long lives off the heap");
    assertEquals(N, input.length());

    long start = System.nanoTime();
    assertEquals(63f, backend.reducer().reduce(input, ReduceOp.SUM, call()).floatValue());
    report("reduce SUM", start);
    start = System.nanoTime();
    assertEquals(32f, backend.reducer().reduce(input, ReduceOp.MAX, call()).floatValue());
    report("reduce MAX", start);

    start = System.nanoTime();
    try (DeviceBuffer counts = backend.buffers().allocate(DType.LONG, 4)) {
      long out =
          oneWorker.histogrammer().histogram(input, HistogramSpec.even(4, 0, 64), counts, call());
      long[] counted = new long[4];
      backend.buffers().download(counts, counted);
      assertEquals(0, out, "out of range");
      assertArrayEquals(new long[] {N - 2, 1, 1, 0}, counted, "one worker, 2^31 + 3 in bin 0");
    }
    report("histogram, one worker", start);

    start = System.nanoTime();
    backend.scanner().scan(input, input, ReduceOp.SUM, ScanKind.INCLUSIVE, call());
    report("inclusive scan in place", start);
    float running = 0;
    for (int i = 0; i < POSITIONS.length; i++) {
      if (POSITIONS[i] > 0) {
        assertEquals(running, at(POSITIONS[i] - 1), "before " + POSITIONS[i]);
      }
      running += VALUES[i];
      assertEquals(running, at(POSITIONS[i]), "at " + POSITIONS[i]);
    }
    assertEquals(63f, at(N - 1));
  }

  private static CallContext call() {
    return new CallContext(null, Determinism.FAST);
  }

  private float at(long index) {
    float[] value = new float[1];
    ((CpuBufferManager) backend.buffers()).read(input, index, value, 0, 1);
    return value[0];
  }

  private static void report(String what, long start) {
    System.out.printf("CpuHugeBufferTest: %s: %.2f s%n", what, (System.nanoTime() - start) / 1e9);
  }

  private static String gib(long bytes) {
    return String.format("%.2f GiB", bytes / (double) (1L << 30));
  }
}
