package dev.prims.cuda;

import static jcuda.driver.JCudaDriver.cuDeviceGetCount;
import static jcuda.driver.JCudaDriver.cuDeviceTotalMem;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.spi.Availability;
import java.util.Arrays;
import java.util.IntSummaryStatistics;
import java.util.Optional;
import java.util.stream.IntStream;
import jcuda.driver.CUdevice;
import jcuda.driver.JCudaDriver;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * A buffer larger than one GPU's memory, spread over every GPU by {@code prims.device=all}, filled
 * slice by slice with {@link Prims#write} and reduced (sum, min, max) against the host's answer,
 * computed from the same slices. Runs only when {@code -Dprims.test.largeBufferGiB=G} asks for a
 * buffer of {@code G} GiB of ints and the machine has at least two CUDA devices whose memory
 * together holds it (skipped otherwise: the hardware is absent).
 */
class CudaMultiDeviceLargeBufferTest {
  private static final int SLICE = 1 << 28;

  @Test
  void aBufferLargerThanOneGpuSumsAndReducesAsTheHostDoes() {
    long gib = Long.getLong("prims.test.largeBufferGiB", 0);
    Assumptions.assumeTrue(gib > 0, "set -Dprims.test.largeBufferGiB=G to run (G GiB of ints)");
    Availability availability = new CudaBackendProvider().probe(key -> Optional.empty());
    Assumptions.assumeTrue(availability.available(), availability::reason);
    JCudaDriver.setExceptionsEnabled(true);
    JCudaDriver.cuInit(0);
    int[] count = new int[1];
    cuDeviceGetCount(count);
    Assumptions.assumeTrue(count[0] >= 2, "needs two CUDA devices, found " + count[0]);
    long[] firstMemory = new long[1];
    CUdevice first = new CUdevice();
    JCudaDriver.cuDeviceGet(first, 0);
    cuDeviceTotalMem(firstMemory, first);
    long n = (gib << 30) / Integer.BYTES;
    assertTrue(
        n * Integer.BYTES > firstMemory[0],
        gib + " GiB is not larger than device 0's " + firstMemory[0] + " bytes");

    long started = System.nanoTime();
    long sum = 0;
    int min = Integer.MAX_VALUE;
    int max = Integer.MIN_VALUE;
    try (Prims prims = Prims.create(PrimsConfig.builder().backend("cuda").device("all").build());
        DeviceBuffer values = prims.allocate(DType.INT, n)) {
      int[] slice = new int[SLICE];
      for (long from = 0; from < n; from += SLICE) {
        int length = (int) Math.min(SLICE, n - from);
        long base = from;
        IntStream.range(0, length).parallel().forEach(i -> slice[i] = value(base + i));
        IntSummaryStatistics stats = Arrays.stream(slice, 0, length).parallel().summaryStatistics();
        sum += stats.getSum();
        min = Math.min(min, stats.getMin());
        max = Math.max(max, stats.getMax());
        prims.write(values, from, slice, 0, length);
      }
      System.out.printf(
          "filled %d ints (%d GiB) over %s in %.1f s%n",
          n,
          gib,
          prims.reduce(values, ReduceOp.MAX).provenance().device(),
          (System.nanoTime() - started) / 1e9);
      long t0 = System.nanoTime();
      int deviceSum = prims.reduce(values, ReduceOp.SUM).asInt();
      long t1 = System.nanoTime();
      assertEquals((int) sum, deviceSum, "sum (wrapping as Java's int arithmetic)");
      assertEquals(min, prims.reduce(values, ReduceOp.MIN).asInt(), "min");
      assertEquals(max, prims.reduce(values, ReduceOp.MAX).asInt(), "max");
      System.out.printf(
          "sum %d, min %d, max %d: as the host computed; the sum took %.3f ms%n",
          deviceSum, min, max, (t1 - t0) / 1e6);
    }
  }

  /** Signed values spread over the whole int range, the same for every slice size. */
  private static int value(long i) {
    long x = i * 0x9E3779B97F4A7C15L;
    x ^= x >>> 29;
    return (int) (x ^ (x >>> 32));
  }
}
