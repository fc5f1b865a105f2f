package dev.prims.spi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The pipeline driver against a device made of a thread: it scans each chunk in its slot (with a
 * carry between chunks) or sums it, some time after it was enqueued, so that fills, device work and
 * drains of different chunks really overlap. Checks the results, that no slot is filled while the
 * device still needs it, and that a copier failure comes out and leaves nothing running.
 */
class HostChunkPipelineTest {
  private static final StagingCopier COPIER = new StagingCopier("test", 3);

  @AfterAll
  static void close() {
    COPIER.close();
  }

  /** A device that runs each chunk's work on a thread of its own, in order. */
  private static final class ThreadDevice implements HostChunkPipeline.Device {
    private final ExecutorService device = Executors.newSingleThreadExecutor();
    private final ByteBuffer[] slots;
    private final boolean scan;
    private final Future<?>[] done;
    private final int[] inUse;
    final List<Long> sums = new ArrayList<>();
    private long carry;

    ThreadDevice(ByteBuffer[] slots, boolean scan) {
      this.slots = slots;
      this.scan = scan;
      this.done = new Future<?>[slots.length];
      this.inUse = new int[slots.length];
      java.util.Arrays.fill(inUse, -1);
    }

    @Override
    public void enqueue(int index, int slot, int length) {
      assertEquals(-1, inUse[slot], "slot " + slot + " enqueued while chunk busy");
      inUse[slot] = index;
      done[slot] =
          device.submit(
              () -> {
                ByteBuffer b = slots[slot].duplicate().order(ByteOrder.nativeOrder());
                long sum = 0;
                for (int i = 0; i < length; i++) {
                  long v = b.getLong(8 * i);
                  sum += v;
                  if (scan) {
                    carry += v;
                    b.putLong(8 * i, carry);
                  }
                }
                synchronized (sums) {
                  sums.add(sum);
                }
              });
    }

    @Override
    public void await(int index, int slot) {
      assertEquals(index, inUse[slot], "awaited chunk of slot " + slot);
      try {
        done[slot].get();
      } catch (Exception e) {
        throw new AssertionError(e);
      }
      inUse[slot] = -1;
    }

    void shutdown() {
      device.shutdown();
    }

    /** Waits for the chunks still on the device (a fold does not wait for its last ones). */
    void finish() {
      device.shutdown();
      try {
        assertTrue(device.awaitTermination(30, java.util.concurrent.TimeUnit.SECONDS));
      } catch (InterruptedException e) {
        throw new AssertionError(e);
      }
    }
  }

  private static ByteBuffer[] slots(int count, int bytes) {
    ByteBuffer[] slots = new ByteBuffer[count];
    for (int s = 0; s < count; s++) {
      slots[s] = ByteBuffer.allocateDirect(bytes).order(ByteOrder.nativeOrder());
    }
    return slots;
  }

  @ParameterizedTest
  @CsvSource({
    "2,1000,64",
    "3,1000,64",
    "4,4096,1024",
    "3,300000,65536",
    "2,1,16",
    "5,64,64",
    "3,1000003,262144",
    "2,700001,262144"
  })
  void scansIntoTheOutputInPlaceAndIntoARange(int count, int n, int chunk) {
    long[] input = new SplittableRandom(n).longs(n, -1000, 1000).toArray();
    long[] expected = input.clone();
    java.util.Arrays.parallelPrefix(expected, Long::sum);
    for (boolean inPlace : new boolean[] {false, true}) {
      ByteBuffer[] slots = slots(count, chunk * 8);
      ThreadDevice device = new ThreadDevice(slots, true);
      long[] source = inPlace ? input.clone() : input;
      long[] output = inPlace ? source : new long[n + 7];
      int at = inPlace ? 0 : 3;
      HostChunkPipeline.run(
          new Object[] {source}, 0, output, at, n, DType.LONG, slots, chunk, COPIER, device);
      device.shutdown();
      assertArrayEquals(expected, java.util.Arrays.copyOfRange(output, at, at + n));
      if (!inPlace) {
        assertEquals(0, output[2]);
        assertEquals(0, output[n + 3]);
        assertArrayEquals(input, new SplittableRandom(n).longs(n, -1000, 1000).toArray());
      }
    }
  }

  @ParameterizedTest
  @CsvSource({"2,100000,4096", "4,100000,4096", "3,17,16", "3,1000003,262144"})
  void foldsSeeEveryElementOfEveryInputOnce(int count, int n, int chunk) {
    long[] a = new SplittableRandom(1).longs(n, -1000, 1000).toArray();
    long[] b = new SplittableRandom(2).longs(n, -1000, 1000).toArray();
    ByteBuffer[] slots = slots(count, 2 * chunk * 8);
    // the fake device sums the first input's share of each slot; the second sits after it
    ThreadDevice device = new ThreadDevice(slots, false);
    HostChunkPipeline.run(
        new Object[] {a, b}, 0, null, 0, n, DType.LONG, slots, chunk, COPIER, device);
    device.finish();
    assertEquals(HostChunkPipeline.chunks(n, chunk), device.sums.size());
    assertEquals(java.util.Arrays.stream(a).sum(), device.sums.stream().mapToLong(x -> x).sum());
  }

  /** A byte buffer (direct or on the heap) moves as its elements would from an array. */
  @ParameterizedTest
  @CsvSource({"true,3,1000003,262144", "false,2,300000,65536", "true,2,17,16"})
  void byteBuffersMoveAsTheirElements(boolean direct, int count, int n, int chunk) {
    long[] values = new SplittableRandom(n).longs(n, -1000, 1000).toArray();
    ByteBuffer data =
        (direct ? ByteBuffer.allocateDirect(8 * n) : ByteBuffer.allocate(8 * n))
            .order(ByteOrder.nativeOrder());
    data.asLongBuffer().put(values);
    ByteBuffer[] slots = slots(count, chunk * 8);
    ThreadDevice device = new ThreadDevice(slots, false);
    HostChunkPipeline.move(data, DType.LONG, 0, n, true, slots, chunk, COPIER, device);
    device.finish();
    assertEquals(HostChunkPipeline.chunks(n, chunk), device.sums.size());
    assertEquals(
        java.util.Arrays.stream(values).sum(), device.sums.stream().mapToLong(x -> x).sum());
    // and back: a slot's bytes into a range of the buffer
    ByteBuffer slot = slots[0];
    int m = Math.min(n, chunk);
    slot.duplicate().order(ByteOrder.nativeOrder()).asLongBuffer().put(values, 0, m);
    ByteBuffer target =
        (direct ? ByteBuffer.allocateDirect(8 * (m + 2)) : ByteBuffer.allocate(8 * (m + 2)))
            .order(ByteOrder.nativeOrder());
    COPIER.copy(slot, 0, target, 1, m, DType.LONG, false).join();
    long[] back = new long[m + 2];
    target.asLongBuffer().get(back);
    assertEquals(0, back[0]);
    assertEquals(0, back[m + 1]);
    assertArrayEquals(
        java.util.Arrays.copyOf(values, m), java.util.Arrays.copyOfRange(back, 1, m + 1));
  }

  @Test
  void aFailingCopyComesOutAndTheDeviceGetsNoFurtherChunk() {
    ByteBuffer[] slots = slots(2, 64);
    ThreadDevice device = new ThreadDevice(slots, true);
    long[] input = new long[100];
    long[] tooShort = new long[10];
    RuntimeException e =
        assertThrows(
            RuntimeException.class,
            () ->
                HostChunkPipeline.run(
                    new Object[] {input},
                    0,
                    tooShort,
                    0,
                    100,
                    DType.LONG,
                    slots,
                    8,
                    COPIER,
                    device));
    device.shutdown();
    assertTrue(e instanceof IndexOutOfBoundsException, e.toString());
  }

  @Test
  void oneSlotIsRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                HostChunkPipeline.run(
                    new Object[] {new long[4]},
                    0,
                    null,
                    0,
                    4,
                    DType.LONG,
                    slots(1, 64),
                    8,
                    COPIER,
                    new ThreadDevice(slots(1, 64), false)));
    assertTrue(e.getMessage().contains("2 slots") && e.getMessage().contains("1"), e.getMessage());
    assertSame(IllegalArgumentException.class, e.getClass());
  }
}
