package dev.prims.cpu;

import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.BufferManager;
import dev.prims.spi.CallContext;
import dev.prims.spi.HostScanRange;
import dev.prims.spi.Scanner;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicIntegerArray;

/**
 * Parallel scan over chunks of {@link CpuPolicy#SCAN_CHUNK} elements (integers: {@link
 * CpuPolicy#scanChunk}) in two variants that give the same bits. {@code chained} (default): one
 * sweep; workers take chunks in order, compute a chunk's total, find its carry from the previous
 * chunk's (see {@link ChainedSweep}), then scan the chunk while it is still in cache (input read
 * from memory once, one hand-off to the pool). {@code two-pass}: per tile of chunks, all totals in
 * parallel, the carries in order, then all chunks scanned in parallel (two hand-offs per tile).
 * Both work in place. Scans shorter than {@link CpuPolicy#PARALLEL_SCAN_MIN} run on the calling
 * thread. Off-heap buffers go through {@link StagedScanChunks}, with the same bits; host arrays are
 * scanned where they lie, ranges included.
 */
record CpuScanner(CpuParallel parallel) implements Scanner {
  static final String CHAINED = "chained";
  static final String TWO_PASS = "two-pass";

  @Override
  public void scan(
      DeviceBuffer input, DeviceBuffer output, ReduceOp op, ScanKind kind, CallContext call) {
    boolean onHeap = CpuBuffer.allOnHeap(input, output);
    Scanner.requireOutput(input, output);
    boolean inclusive = kind == ScanKind.INCLUSIVE;
    int chunkSize = CpuPolicy.scanChunk(input.type(), input.length(), parallel.threads());
    run(
        onHeap
            ? ScanChunks.of(
                input.type(),
                CpuBuffer.arrayOf(input),
                0,
                CpuBuffer.arrayOf(output),
                0,
                (int) input.length(),
                chunkSize,
                op,
                inclusive)
            : StagedScanChunks.of(
                CpuBuffer.of(input), CpuBuffer.of(output), chunkSize, op, inclusive),
        call);
  }

  /**
   * Scans straight between the caller's arrays, ranges included: no buffer, no temporary, in place
   * when they are one array with equal offsets.
   */
  @Override
  public void scan(
      BufferManager buffers, HostScanRange range, ReduceOp op, ScanKind kind, CallContext call) {
    run(
        ScanChunks.of(
            range.type(),
            range.input(),
            range.from(),
            range.output(),
            range.outputFrom(),
            range.length(),
            CpuPolicy.scanChunk(range.type(), range.length(), parallel.threads()),
            op,
            kind == ScanKind.INCLUSIVE),
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
   * Shared state of one chained sweep. A worker takes the next chunk, publishes its total, and
   * finds its carry: published already, or {@code carry[c - 1] op total[c - 1]} as soon as both are
   * published. A worker still waiting after a spin (its predecessor's thread descheduled, as on a
   * machine with more runnable threads than cores) looks back to the latest published carry and
   * computes the carries from there itself, summing any chunk whose total nobody has begun (a
   * chunk's total is claimed before it is summed, by its owner or a helper, and only the claimer
   * sums it: a scan in place overwrites a chunk as soon as its total is published, so a second
   * reader could sum half-scanned values). Every carry is {@code carry[c] = carry[c - 1] op total[c
   * - 1]} with the same loops, whoever computes it, so the bits are those of the in-order chain; a
   * carry two workers compute is written twice with the same bits.
   */
  static final class ChainedSweep {
    private static final int SPINS_BEFORE_HELPING = 1 << 11;
    private static final int TOTAL = 1;
    private static final int CARRY = 2;
    private static final int CLAIMED = 4;

    private final ScanChunks steps;
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicIntegerArray state;

    ChainedSweep(ScanChunks steps) {
      this.steps = steps;
      this.state = new AtomicIntegerArray(steps.chunks);
      state.set(0, CARRY);
    }

    /** Takes chunks in order until none is left. */
    void work() {
      int last = steps.chunks - 1;
      for (int c = next.getAndIncrement(); c <= last; c = next.getAndIncrement()) {
        if (c < last) {
          ensureTotal(c);
        }
        awaitCarry(c);
        steps.scan(c);
      }
    }

    /** Sums {@code chunk} if nobody has claimed it, else waits for its claimer's total. */
    private void ensureTotal(int chunk) {
      if (claim(chunk)) {
        steps.total(chunk);
        publish(chunk, TOTAL);
        return;
      }
      while ((state.get(chunk) & TOTAL) == 0) {
        Thread.onSpinWait();
      }
    }

    /** Whether this worker is the first to claim {@code chunk}'s total. */
    private boolean claim(int chunk) {
      return (state.getAndAccumulate(chunk, CLAIMED, (a, b) -> a | b) & CLAIMED) == 0;
    }

    /** Returns once {@code carry[chunk]} is published, computing it when that is quicker. */
    private void awaitCarry(int chunk) {
      int spins = 0;
      while ((state.get(chunk) & CARRY) == 0) {
        int before = state.get(chunk - 1);
        if ((before & (CARRY | TOTAL)) == (CARRY | TOTAL)) {
          steps.chain(chunk - 1);
          publish(chunk, CARRY);
        } else if (++spins < SPINS_BEFORE_HELPING) {
          Thread.onSpinWait();
        } else {
          lookBack(chunk);
        }
      }
    }

    /** Computes the carries from the latest published one up to {@code carry[chunk]}. */
    private void lookBack(int chunk) {
      int from = chunk - 1;
      while ((state.get(from) & CARRY) == 0) {
        from--;
      }
      for (int c = from; c < chunk; c++) {
        if ((state.get(c) & TOTAL) == 0) {
          ensureTotal(c);
        }
        steps.chain(c);
        publish(c + 1, CARRY);
      }
    }

    private void publish(int chunk, int bit) {
      state.getAndAccumulate(chunk, bit, (a, b) -> a | b);
    }
  }
}
