package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.Prims;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.StagingPolicy;
import java.util.SplittableRandom;
import java.util.function.LongBinaryOperator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Host scans through the staged pipeline with 64 KiB slots (8192 longs), three of them, so that a
 * few hundred thousand elements cross many chunk edges and every slot is reused: the carry between
 * chunks, exclusive and inclusive, several operators, in place and into a range of the caller's
 * array, against plain Java (long results exactly). Skipped without a CUDA device.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CudaStagedScanTest {
  private Prims staged;

  @BeforeAll
  void open() {
    staged =
        Prims.create(
            CudaTests.cudaOnly()
                .set(StagingPolicy.chunkKey(CudaTransferPolicy.PREFIX), "65536")
                .set(StagingPolicy.slotsKey(CudaTransferPolicy.PREFIX), "3")
                .build());
    CudaTests.assumeDevice(staged);
  }

  @AfterAll
  void close() {
    if (staged != null) {
      staged.close();
    }
  }

  private static long[] expected(long[] in, ReduceOp op, ScanKind kind, long identity) {
    LongBinaryOperator f =
        switch (op) {
          case MAX -> Math::max;
          case MIN -> Math::min;
          default -> Long::sum;
        };
    long[] out = new long[in.length];
    long acc = identity;
    for (int i = 0; i < in.length; i++) {
      if (kind == ScanKind.EXCLUSIVE) {
        out[i] = acc;
        acc = f.applyAsLong(acc, in[i]);
      } else {
        acc = i == 0 ? in[0] : f.applyAsLong(acc, in[i]);
        out[i] = acc;
      }
    }
    return out;
  }

  @ParameterizedTest
  @ValueSource(ints = {131_072, 131_073, 8192 * 7 - 1, 400_003})
  void scansAcrossChunkEdgesAreExactNewIntoARangeAndInPlace(int n) {
    long[] values = new SplittableRandom(n).longs(n, -1_000_000, 1_000_000).toArray();
    for (ScanKind kind : ScanKind.values()) {
      for (ReduceOp op : new ReduceOp[] {ReduceOp.SUM, ReduceOp.MAX}) {
        long identity = op == ReduceOp.MAX ? Long.MIN_VALUE : 0;
        long[] want = expected(values, op, kind, identity);
        assertArrayEquals(want, staged.scan(values, op, kind).values(), op + " " + kind);
        long[] into = new long[n + 9];
        staged.scan(values, 0, into, 4, n, op, kind);
        for (int i = 0; i < n; i++) {
          assertEquals(want[i], into[4 + i], op + " " + kind + " element " + i);
        }
        assertEquals(0, into[3]);
        assertEquals(0, into[n + 4]);
        long[] inPlace = values.clone();
        staged.scan(inPlace, 0, inPlace, 0, n, op, kind);
        assertArrayEquals(want, inPlace, op + " " + kind + " in place");
      }
    }
  }

  @ParameterizedTest
  @ValueSource(ints = {300_001})
  void floatSumsOfSmallIntegersAcrossChunksAreExact(int n) {
    float[] values = new float[n];
    SplittableRandom random = new SplittableRandom(5);
    for (int i = 0; i < n; i++) {
      values[i] = random.nextInt(-8, 9);
    }
    float[] got = staged.scan(values, ReduceOp.SUM, ScanKind.INCLUSIVE).values();
    long acc = 0;
    for (int i = 0; i < n; i++) {
      acc += (long) values[i];
      assertEquals((float) acc, got[i], "element " + i);
    }
  }
}
