package dev.prims.cpu;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.CallContext;
import dev.prims.spi.Scanner;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Parallel scan over chunks of {@link CpuPolicy#SCAN_CHUNK} elements in two variants that give the
 * same bits. {@code chained} (default): one sweep; workers take chunks in order, compute a chunk's
 * total, wait for the previous chunk's carry, pass their own on, then scan the chunk while it is
 * still in cache (input read from memory once). {@code two-pass}: all chunk totals in parallel, the
 * carries in order, then all chunks scanned in parallel (input read twice). Both work in place.
 * Off-heap buffers go through {@link StagedScanChunks}, with the same bits.
 */
final class CpuScanner implements Scanner {
  static final String CHAINED = "chained";
  static final String TWO_PASS = "two-pass";

  private final CpuParallel parallel;

  CpuScanner(CpuParallel parallel) {
    this.parallel = parallel;
  }

  @Override
  public void scan(
      DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call) {
    boolean onHeap = CpuBuffer.allOnHeap(input, output);
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
    boolean inclusive = kind == ScanKind.INCLUSIVE;
    run(
        onHeap
            ? ScanChunks.of(
                input.type(),
                CpuBuffer.arrayOf(input),
                CpuBuffer.arrayOf(output),
                (int) input.length(),
                op,
                inclusive)
            : StagedScanChunks.of(CpuBuffer.of(input), CpuBuffer.of(output), op, inclusive),
        call);
  }

  private void run(ScanChunks steps, CallContext call) {
    boolean twoPass = TWO_PASS.equals(call.variant());
    call.usedVariant(twoPass ? TWO_PASS : CHAINED);
    if (steps.n < CpuPolicy.PARALLEL_SCAN_MIN || Math.min(parallel.threads(), steps.chunks) <= 1) {
      serial(steps);
    } else if (twoPass) {
      twoPass(steps);
    } else {
      chained(steps);
    }
  }

  /** Every chunk in order on the calling thread, with the bits of both variants. */
  private static void serial(ScanChunks steps) {
    int chunks = steps.chunks;
    for (int c = 0; c < chunks; c++) {
      steps.inOrder(c);
    }
  }

  private void twoPass(ScanChunks steps) {
    int chunks = steps.chunks;
    for (int first = 0; first < chunks; first += CpuPolicy.SCAN_TILE_CHUNKS) {
      int tileStart = first;
      int end = Math.min(chunks, first + CpuPolicy.SCAN_TILE_CHUNKS);
      int totalsEnd = Math.min(end, chunks - 1);
      parallel.forEachChunk(totalsEnd - tileStart, i -> steps.total(tileStart + i));
      for (int c = tileStart; c < totalsEnd; c++) {
        steps.chain(c);
      }
      parallel.forEachChunk(end - tileStart, i -> steps.scan(tileStart + i));
    }
  }

  private void chained(ScanChunks steps) {
    int workers = Math.min(parallel.threads(), steps.chunks);
    ChainedSweep sweep = new ChainedSweep(steps);
    parallel.forEachChunk(workers, w -> sweep.work());
  }

  /**
   * Shared state of one chained sweep: the next chunk to take and the carries published so far, 64
   * bytes apart in one array so that claiming a chunk does not disturb the workers spinning on the
   * published count (they would share a cache line as two fields of one object).
   */
  private static final class ChainedSweep {
    private static final int SPINS_BEFORE_YIELD = 1 << 10;
    private static final int NEXT = 0;
    private static final int READY = 16;

    private final ScanChunks steps;
    private final AtomicIntegerArray counters = new AtomicIntegerArray(READY + 1);

    ChainedSweep(ScanChunks steps) {
      this.steps = steps;
      counters.set(READY, 1);
    }

    /** Takes chunks in order until none is left. */
    void work() {
      int last = steps.chunks - 1;
      for (int c = counters.getAndIncrement(NEXT); c <= last; c = counters.getAndIncrement(NEXT)) {
        if (c < last) {
          steps.total(c);
          awaitCarry(c);
          steps.chain(c);
          counters.set(READY, c + 2);
        } else {
          awaitCarry(c);
        }
        steps.scan(c);
      }
    }

    /** Waits until {@code carry[chunk]} is published (its owner is running: chunks go in order). */
    private void awaitCarry(int chunk) {
      int spins = 0;
      while (counters.get(READY) <= chunk) {
        if (++spins < SPINS_BEFORE_YIELD) {
          Thread.onSpinWait();
        } else {
          Thread.yield();
        }
      }
    }
  }
}
