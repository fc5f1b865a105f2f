package dev.prims.cpu;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.CallContext;
import dev.prims.spi.Scanner;

/**
 * Two-pass parallel scan over chunks of {@link CpuPolicy#SCAN_CHUNK} elements: (1) every chunk's
 * total in parallel, (2) an exclusive scan of the totals in order, (3) every chunk scanned in
 * parallel starting from its offset. Works in place.
 */
final class CpuScanner implements Scanner {
  static final String TWO_PASS = "two-pass";

  private final CpuParallel parallel;

  CpuScanner(CpuParallel parallel) {
    this.parallel = parallel;
  }

  @Override
  public void scan(
      DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call) {
    Object in = CpuBuffer.arrayOf(input);
    Object out = CpuBuffer.arrayOf(output);
    if (output.type() != input.type() || output.length() < input.length()) {
      throw new IllegalArgumentException(
          "scan output must be "
              + input.type().id()
              + "["
              + input.length()
              + "] or longer, got "
              + output.type().id()
              + "["
              + output.length()
              + "]");
    }
    int n = (int) input.length();
    boolean inclusive = kind == ScanKind.INCLUSIVE;
    call.usedVariant(TWO_PASS);
    switch (input.type()) {
      case INT:
        scanInts((int[]) in, (int[]) out, n, op, inclusive);
        break;
      case LONG:
        scanLongs((long[]) in, (long[]) out, n, op, inclusive);
        break;
      case FLOAT:
        scanFloats((float[]) in, (float[]) out, n, op, inclusive);
        break;
      default:
        scanDoubles((double[]) in, (double[]) out, n, op, inclusive);
    }
  }

  private void scanInts(int[] a, int[] o, int n, ReduceOp op, boolean inclusive) {
    int chunks = CpuPolicy.chunks(n, CpuPolicy.SCAN_CHUNK);
    int[] carry = new int[Math.max(chunks, 1)];
    parallel.forEachChunk(
        chunks - 1, c -> carry[c + 1] = ReduceLoops.reduce(a, start(c), end(c, n), op));
    carry[0] = op.identity(DType.INT).intValue();
    for (int c = 1; c < chunks; c++) {
      carry[c] = ReduceLoops.apply(op, carry[c - 1], carry[c]);
    }
    parallel.forEachChunk(
        chunks, c -> ScanLoops.scan(a, o, start(c), end(c, n), carry[c], op, inclusive));
  }

  private void scanLongs(long[] a, long[] o, int n, ReduceOp op, boolean inclusive) {
    int chunks = CpuPolicy.chunks(n, CpuPolicy.SCAN_CHUNK);
    long[] carry = new long[Math.max(chunks, 1)];
    parallel.forEachChunk(
        chunks - 1, c -> carry[c + 1] = ReduceLoops.reduce(a, start(c), end(c, n), op));
    carry[0] = op.identity(DType.LONG).longValue();
    for (int c = 1; c < chunks; c++) {
      carry[c] = ReduceLoops.apply(op, carry[c - 1], carry[c]);
    }
    parallel.forEachChunk(
        chunks, c -> ScanLoops.scan(a, o, start(c), end(c, n), carry[c], op, inclusive));
  }

  private void scanFloats(float[] a, float[] o, int n, ReduceOp op, boolean inclusive) {
    int chunks = CpuPolicy.chunks(n, CpuPolicy.SCAN_CHUNK);
    float[] carry = new float[Math.max(chunks, 1)];
    parallel.forEachChunk(
        chunks - 1, c -> carry[c + 1] = ReduceLoops.reduce(a, start(c), end(c, n), op));
    carry[0] = op.identity(DType.FLOAT).floatValue();
    for (int c = 1; c < chunks; c++) {
      carry[c] = ReduceLoops.apply(op, carry[c - 1], carry[c]);
    }
    parallel.forEachChunk(
        chunks, c -> ScanLoops.scan(a, o, start(c), end(c, n), carry[c], op, inclusive));
  }

  private void scanDoubles(double[] a, double[] o, int n, ReduceOp op, boolean inclusive) {
    int chunks = CpuPolicy.chunks(n, CpuPolicy.SCAN_CHUNK);
    double[] carry = new double[Math.max(chunks, 1)];
    parallel.forEachChunk(
        chunks - 1, c -> carry[c + 1] = ReduceLoops.reduce(a, start(c), end(c, n), op));
    carry[0] = op.identity(DType.DOUBLE).doubleValue();
    for (int c = 1; c < chunks; c++) {
      carry[c] = ReduceLoops.apply(op, carry[c - 1], carry[c]);
    }
    parallel.forEachChunk(
        chunks, c -> ScanLoops.scan(a, o, start(c), end(c, n), carry[c], op, inclusive));
  }

  private static int start(int chunk) {
    return chunk * CpuPolicy.SCAN_CHUNK;
  }

  private static int end(int chunk, int n) {
    return (int) Math.min(n, (long) (chunk + 1) * CpuPolicy.SCAN_CHUNK);
  }
}
