package dev.prims.cpu;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.DType;
import dev.prims.spi.SelectKernels;
import dev.prims.spi.SelectProgram;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The cpu backend's compaction kernel against a plain loop, on the paths its top-k does not take: a
 * partition, and an offset with a capacity below the kept count with indices, over many chunks.
 */
class CpuSelectKernelsTest {
  private static final int N = 100_003;

  @Test
  void partitionKeepsBothSidesInInputOrder() {
    int[] flags = randomFlags(1);
    int[] values = sequence();
    int[] out = new int[N];
    long[] kept = new long[1];
    compactByFlags(values, null, flags, out, null, 0, N, true, kept);
    int[] expected = new int[N];
    int m = 0;
    for (int i = 0; i < N; i++) {
      if (flags[i] != 0) {
        expected[m++] = values[i];
      }
    }
    assertEquals(m, kept[0]);
    for (int i = 0; i < N; i++) {
      if (flags[i] == 0) {
        expected[m++] = values[i];
      }
    }
    assertArrayEquals(expected, out);
  }

  @Test
  void capacityCutsTheKeptValuesAfterTheOffset() {
    int[] flags = randomFlags(2);
    int[] values = sequence();
    int[] indices = new int[N];
    for (int i = 0; i < N; i++) {
      indices[i] = 7 * i + 1;
    }
    int at = 5;
    int capacity = 1000;
    int[] out = new int[at + capacity + 3];
    int[] indicesOut = new int[out.length];
    Arrays.fill(out, -1);
    Arrays.fill(indicesOut, -1);
    long[] kept = new long[1];
    compactByFlags(values, indices, flags, out, indicesOut, at, capacity, false, kept);
    int[] expected = new int[out.length];
    int[] expectedIndices = new int[out.length];
    Arrays.fill(expected, -1);
    Arrays.fill(expectedIndices, -1);
    int m = 0;
    for (int i = 0; i < N; i++) {
      if (flags[i] != 0) {
        if (m < capacity) {
          expected[at + m] = values[i];
          expectedIndices[at + m] = indices[i];
        }
        m++;
      }
    }
    assertEquals(m, kept[0]);
    assertArrayEquals(expected, out);
    assertArrayEquals(expectedIndices, indicesOut);
  }

  /**
   * Runs one flags-program compaction of int {@code values} (with {@code indices}, or null) into
   * {@code out} ({@code indicesOut}) on four threads; the kept count goes to {@code kept[0]}.
   */
  private static void compactByFlags(
      int[] values,
      int[] indices,
      int[] flags,
      int[] out,
      int[] indicesOut,
      long at,
      long capacity,
      boolean partition,
      long[] kept) {
    try (CpuParallel parallel = new CpuParallel(4)) {
      kept[0] =
          new CpuSelectKernels(parallel)
              .compact(
                  new SelectKernels.Compaction(
                      new CpuBuffer(DType.INT, values),
                      indices == null ? null : new CpuBuffer(DType.INT, indices),
                      SelectProgram.flags(),
                      new CpuBuffer(DType.INT, flags),
                      new CpuBuffer(DType.INT, out),
                      indicesOut == null ? null : new CpuBuffer(DType.INT, indicesOut),
                      at,
                      capacity,
                      partition));
    }
  }

  private static int[] randomFlags(long seed) {
    SplittableRandom random = new SplittableRandom(seed);
    int[] flags = new int[N];
    for (int i = 0; i < N; i++) {
      flags[i] = random.nextInt(3) == 0 ? 0 : random.nextInt() | 1;
    }
    return flags;
  }

  private static int[] sequence() {
    int[] values = new int[N];
    for (int i = 0; i < N; i++) {
      values[i] = 3 * i - 50_000;
    }
    return values;
  }
}
