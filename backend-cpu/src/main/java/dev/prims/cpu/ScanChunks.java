package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.ReduceOp;

/**
 * The per-chunk steps of a scan, one implementation per type, shared by the scan drivers: a chunk's
 * total, the carry chain {@code carry[c + 1] = carry[c] op total[c]} (always in chunk order, so
 * every driver and thread count gives the same bits), and the chunk's local scan from its carry.
 * Chunks are {@link CpuPolicy#SCAN_CHUNK} elements.
 */
abstract class ScanChunks {
  final long n;
  final int chunks;
  final ReduceOp op;
  final boolean inclusive;

  ScanChunks(long n, ReduceOp op, boolean inclusive) {
    this.n = n;
    this.chunks = CpuPolicy.chunks(n, CpuPolicy.SCAN_CHUNK);
    this.op = op;
    this.inclusive = inclusive;
  }

  /** Steps for scanning {@code in} into {@code out} (arrays of one type; may be the same). */
  static ScanChunks of(DType type, Object in, Object out, int n, ReduceOp op, boolean inclusive) {
    switch (type) {
      case INT:
        return new Ints((int[]) in, (int[]) out, n, op, inclusive);
      case LONG:
        return new Longs((long[]) in, (long[]) out, n, op, inclusive);
      case FLOAT:
        return new Floats((float[]) in, (float[]) out, n, op, inclusive);
      default:
        return new Doubles((double[]) in, (double[]) out, n, op, inclusive);
    }
  }

  /** Computes the total of {@code chunk} (needed for every chunk but the last). */
  abstract void total(int chunk);

  /** Sets {@code carry[chunk + 1]} from {@code carry[chunk]} and the chunk's total. */
  abstract void chain(int chunk);

  /** Scans {@code chunk} starting from {@code carry[chunk]}. */
  abstract void scan(int chunk);

  /**
   * Scans {@code chunk} once {@code carry[chunk]} is known, and sets {@code carry[chunk + 1]}
   * unless it is the last: the chunks taken in order on one thread. Floating types take the three
   * steps, whose order fixes the bits; integer types scan in one pass and carry the running value
   * on, which is exactly {@code carry[chunk] op total}.
   */
  void inOrder(int chunk) {
    if (chunk < chunks - 1) {
      total(chunk);
      chain(chunk);
    }
    scan(chunk);
  }

  /** Index of a chunk's first element (64-bit). */
  final long first(int chunk) {
    return (long) chunk * CpuPolicy.SCAN_CHUNK;
  }

  /** Number of elements in a chunk. */
  final int length(int chunk) {
    return CpuPolicy.chunkLength(n, CpuPolicy.SCAN_CHUNK, chunk);
  }

  final int start(int chunk) {
    return chunk * CpuPolicy.SCAN_CHUNK;
  }

  /** Start of a chunk's second half (its first half is the longer one when odd). */
  final int mid(int chunk) {
    int from = start(chunk);
    return from + (end(chunk) - from + 1) / 2;
  }

  final int end(int chunk) {
    return (int) Math.min(n, (long) (chunk + 1) * CpuPolicy.SCAN_CHUNK);
  }

  private static final class Ints extends ScanChunks {
    private final int[] in;
    private final int[] out;
    private final int[] total;
    private final int[] carry;

    Ints(int[] in, int[] out, int n, ReduceOp op, boolean inclusive) {
      super(n, op, inclusive);
      this.in = in;
      this.out = out;
      this.total = new int[Math.max(chunks, 1)];
      this.carry = new int[Math.max(chunks, 1)];
      carry[0] = op.identity(DType.INT).intValue();
    }

    @Override
    void total(int chunk) {
      total[chunk] = ReduceLoops.reduce(in, start(chunk), end(chunk), op);
    }

    @Override
    void chain(int chunk) {
      carry[chunk + 1] = ReduceLoops.apply(op, carry[chunk], total[chunk]);
    }

    @Override
    void scan(int chunk) {
      ScanLoops.scan(in, out, start(chunk), end(chunk), carry[chunk], op, inclusive);
    }

    @Override
    void inOrder(int chunk) {
      int next = ScanLoops.scan(in, out, start(chunk), end(chunk), carry[chunk], op, inclusive);
      if (chunk < chunks - 1) {
        carry[chunk + 1] = next;
      }
    }
  }

  private static final class Longs extends ScanChunks {
    private final long[] in;
    private final long[] out;
    private final long[] total;
    private final long[] carry;

    Longs(long[] in, long[] out, int n, ReduceOp op, boolean inclusive) {
      super(n, op, inclusive);
      this.in = in;
      this.out = out;
      this.total = new long[Math.max(chunks, 1)];
      this.carry = new long[Math.max(chunks, 1)];
      carry[0] = op.identity(DType.LONG).longValue();
    }

    @Override
    void total(int chunk) {
      total[chunk] = ReduceLoops.reduce(in, start(chunk), end(chunk), op);
    }

    @Override
    void chain(int chunk) {
      carry[chunk + 1] = ReduceLoops.apply(op, carry[chunk], total[chunk]);
    }

    @Override
    void scan(int chunk) {
      ScanLoops.scan(in, out, start(chunk), end(chunk), carry[chunk], op, inclusive);
    }

    @Override
    void inOrder(int chunk) {
      long next = ScanLoops.scan(in, out, start(chunk), end(chunk), carry[chunk], op, inclusive);
      if (chunk < chunks - 1) {
        carry[chunk + 1] = next;
      }
    }
  }

  private static final class Floats extends ScanChunks {
    private final float[] in;
    private final float[] out;
    private final float[] total;
    private final float[] carry;
    private final float[] firstHalf;

    Floats(float[] in, float[] out, int n, ReduceOp op, boolean inclusive) {
      super(n, op, inclusive);
      this.in = in;
      this.out = out;
      this.total = new float[Math.max(chunks, 1)];
      this.carry = new float[Math.max(chunks, 1)];
      this.firstHalf = new float[Math.max(chunks, 1)];
      carry[0] = op.identity(DType.FLOAT).floatValue();
    }

    @Override
    void total(int chunk) {
      if (op == ReduceOp.SUM) {
        int mid = mid(chunk);
        firstHalf[chunk] = ReduceLoops.sum(in, start(chunk), mid);
        total[chunk] = firstHalf[chunk] + ReduceLoops.sum(in, mid, end(chunk));
      } else {
        total[chunk] = ReduceLoops.reduce(in, start(chunk), end(chunk), op);
      }
    }

    @Override
    void chain(int chunk) {
      carry[chunk + 1] = ReduceLoops.apply(op, carry[chunk], total[chunk]);
    }

    @Override
    void scan(int chunk) {
      if (op == ReduceOp.SUM) {
        int mid = mid(chunk);
        float first =
            chunk < chunks - 1 ? firstHalf[chunk] : ReduceLoops.sum(in, start(chunk), mid);
        float carryA = carry[chunk];
        ScanLoops.sumTwoChains(
            in, out, start(chunk), mid, end(chunk), carryA, carryA + first, inclusive);
      } else {
        ScanLoops.scan(in, out, start(chunk), end(chunk), carry[chunk], op, inclusive);
      }
    }
  }

  private static final class Doubles extends ScanChunks {
    private final double[] in;
    private final double[] out;
    private final double[] total;
    private final double[] carry;
    private final double[] firstHalf;

    Doubles(double[] in, double[] out, int n, ReduceOp op, boolean inclusive) {
      super(n, op, inclusive);
      this.in = in;
      this.out = out;
      this.total = new double[Math.max(chunks, 1)];
      this.carry = new double[Math.max(chunks, 1)];
      this.firstHalf = new double[Math.max(chunks, 1)];
      carry[0] = op.identity(DType.DOUBLE).doubleValue();
    }

    @Override
    void total(int chunk) {
      if (op == ReduceOp.SUM) {
        int mid = mid(chunk);
        firstHalf[chunk] = ReduceLoops.sum(in, start(chunk), mid);
        total[chunk] = firstHalf[chunk] + ReduceLoops.sum(in, mid, end(chunk));
      } else {
        total[chunk] = ReduceLoops.reduce(in, start(chunk), end(chunk), op);
      }
    }

    @Override
    void chain(int chunk) {
      carry[chunk + 1] = ReduceLoops.apply(op, carry[chunk], total[chunk]);
    }

    @Override
    void scan(int chunk) {
      if (op == ReduceOp.SUM) {
        int mid = mid(chunk);
        double first =
            chunk < chunks - 1 ? firstHalf[chunk] : ReduceLoops.sum(in, start(chunk), mid);
        double carryA = carry[chunk];
        ScanLoops.sumTwoChains(
            in, out, start(chunk), mid, end(chunk), carryA, carryA + first, inclusive);
      } else {
        ScanLoops.scan(in, out, start(chunk), end(chunk), carry[chunk], op, inclusive);
      }
    }
  }
}
