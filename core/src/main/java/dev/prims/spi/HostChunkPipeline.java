package dev.prims.spi;

import dev.prims.DType;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Drives a chunked host-array pipeline through pinned staging slots, the same for every GPU
 * backend: chunk i+1 is copied from the Java arrays into its slot by the {@link StagingCopier}
 * while the device uploads chunk i, runs its kernels and (when there is an output) downloads chunk
 * i-1's result into its slot, and while the copier drains chunk i-2's result from its slot into the
 * output array. The backend supplies the device half ({@link Device}): what one chunk enqueues and
 * how to wait until a slot is free again. Slot {@code s} serves chunks {@code s}, {@code s +
 * slots}, ...; a chunk's result comes back into the slot its input went up from.
 */
public final class HostChunkPipeline {
  /** The device half of the pipeline, called from the driving thread only. */
  public interface Device {
    /**
     * Enqueues chunk {@code index} ({@code length} elements of each input, in slot {@code slot} at
     * byte multiples of the slot's share per input): its upload, its kernels and, when the pipeline
     * has an output, the download of its result into the same slot. Returns without waiting.
     */
    void enqueue(int index, int slot, int length);

    /**
     * Blocks until chunk {@code index} (the last one enqueued on {@code slot}) no longer needs its
     * slot: its upload has been read (no output), or its result is in the slot (with an output).
     */
    void await(int index, int slot);
  }

  private HostChunkPipeline() {}

  /** Chunks of {@code chunk} elements that {@code length} elements make. */
  public static int chunks(long length, int chunk) {
    return (int) ((length + chunk - 1) / chunk);
  }

  /**
   * Streams {@code inputs[a][from, from + length)} (all of one type) through {@code slots}, {@code
   * chunk} elements of each input per slot (input a's part from byte {@code a * chunk *
   * type.bytes()}); when {@code output} is not null, each chunk's result (in its slot from byte 0)
   * is copied into {@code output[outputFrom + chunk start, ...)}. Returns when every copy has
   * finished; the device may still be running the kernels of the last chunks when there is no
   * output. {@code output} may be an input array, with {@code outputFrom == from} (in place) or a
   * range apart from the input's. With no inputs the pipeline only drains what the device puts into
   * the slots (a download).
   */
  public static void run(
      Object[] inputs,
      int from,
      Object output,
      int outputFrom,
      int length,
      DType type,
      ByteBuffer[] slots,
      int chunk,
      StagingCopier copier,
      Device device) {
    int count = slots.length;
    if (count < 2) {
      throw new IllegalArgumentException("a pipeline needs at least 2 slots, got " + count);
    }
    int chunks = chunks(length, chunk);
    int shareBytes = chunk * type.bytes();
    // Chunk k is drained `lag` steps after it was enqueued (the device works on it meanwhile), and
    // the fills of up to `ahead` chunks after k are in flight while k's finishes: the copier
    // threads that finish their part of chunk k go on with chunk k+1 rather than wait for the
    // slowest. A slot is filled again only once its last chunk was drained (or, with no output,
    // uploaded) at an earlier step: lag + ahead < slots.
    int lag = output == null ? 0 : Math.min(2, count - 1);
    int ahead = Math.min(2, count - 1 - lag);
    List<CompletableFuture<Void>> pending = new ArrayList<>();
    @SuppressWarnings("unchecked")
    CompletableFuture<Void>[] filled = new CompletableFuture[count];
    @SuppressWarnings("unchecked")
    CompletableFuture<Void>[] drained = new CompletableFuture[count];
    int nextFill = 0;
    boolean finished = false;
    try {
      for (int k = 0; k < chunks + lag; k++) {
        for (; nextFill < chunks && nextFill <= k + ahead; nextFill++) {
          int s = nextFill % count;
          if (nextFill >= count) {
            if (output == null) {
              device.await(nextFill - count, s);
            } else {
              join(drained[s]);
            }
          }
          int start = nextFill * chunk;
          int n = Math.min(chunk, length - start);
          CompletableFuture<?>[] parts = new CompletableFuture<?>[inputs.length];
          for (int a = 0; a < inputs.length; a++) {
            parts[a] =
                copier.copy(slots[s], a * shareBytes, inputs[a], from + start, n, type, true);
          }
          filled[s] = CompletableFuture.allOf(parts);
          pending.add(filled[s]);
        }
        int d = k - lag;
        if (output != null && d >= 0 && d < chunks) {
          int s = d % count;
          device.await(d, s);
          int start = d * chunk;
          int n = Math.min(chunk, length - start);
          drained[s] = copier.copy(slots[s], 0, output, outputFrom + start, n, type, false);
          pending.add(drained[s]);
        }
        if (k < chunks) {
          join(filled[k % count]);
          device.enqueue(k, k % count, Math.min(chunk, length - k * chunk));
        }
        pending.removeIf(CompletableFuture::isDone);
      }
      for (CompletableFuture<Void> f : pending) {
        join(f);
      }
      finished = true;
    } finally {
      if (!finished) {
        // The copier may still write into the slots or the output: wait before giving them back.
        for (CompletableFuture<Void> f : pending) {
          try {
            f.join();
          } catch (RuntimeException ignored) {
            // the first failure is already on its way out
          }
        }
      }
    }
  }

  /**
   * {@link #run} of a scan: {@code range}'s input range up through the slots, each chunk's result
   * back into its output range.
   */
  public static void scan(
      HostScanRange range, ByteBuffer[] slots, int chunk, StagingCopier copier, Device device) {
    Object[] inputs = {range.input()};
    run(
        inputs,
        range.from(),
        range.output(),
        range.outputFrom(),
        range.length(),
        range.type(),
        slots,
        chunk,
        copier,
        device);
  }

  /**
   * {@link #run} of a copy of {@code array[from, from + length)} (a Java array of {@code type}, or
   * a {@link ByteBuffer} of such elements, see {@link StagingCopier#copy}) to the device (the array
   * is the one input, there is no output) or from it (no input: the device fills the slots and the
   * copier drains them into the range).
   */
  public static void move(
      Object array,
      DType type,
      int from,
      int length,
      boolean toDevice,
      ByteBuffer[] slots,
      int chunk,
      StagingCopier copier,
      Device device) {
    Object[] inputs = toDevice ? new Object[] {array} : new Object[0];
    Object output = toDevice ? null : array;
    run(inputs, from, output, from, length, type, slots, chunk, copier, device);
  }

  private static void join(CompletableFuture<Void> f) {
    if (f == null) {
      return;
    }
    try {
      f.join();
    } catch (CompletionException e) {
      if (e.getCause() instanceof RuntimeException r) {
        throw r;
      }
      if (e.getCause() instanceof Error err) {
        throw err;
      }
      throw e;
    }
  }
}
