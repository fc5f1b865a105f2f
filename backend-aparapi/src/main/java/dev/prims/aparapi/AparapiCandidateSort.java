package dev.prims.aparapi;

import dev.prims.SortOrder;
import dev.prims.spi.BufferSort;
import dev.prims.spi.CallContext;
import dev.prims.spi.Sorter;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * The sort of the top-k's candidates on the host: the Aparapi backend has no sort of its own, and
 * the radix select ({@link dev.prims.spi.DeviceSelect}) orders the values it gathered (the k, plus
 * ties of the k-th) by index and then by key. A stable ascending sort, in place, of an int or long
 * key buffer with an int value buffer, by the whole key (those keys lie within the bits asked for);
 * nothing else, and no sort of host arrays: it is not the backend's sort.
 */
record AparapiCandidateSort(DriverContext context) implements Sorter {
  /** How the top-k's provenance names the step. */
  static final String NOTE =
      "top-k candidates (k plus ties) sorted on the host: Aparapi has no sort";

  @Override
  public void sort(Object keys, Object values, SortOrder order, CallContext call) {
    throw new UnsupportedOperationException("backend aparapi has no sort yet");
  }

  @Override
  public void sort(BufferSort sort, CallContext call) {
    if (sort.order() != SortOrder.ASCENDING || sort.values() == null || sort.keysMove()) {
      throw new UnsupportedOperationException(
          "the Aparapi top-k candidate sort takes an ascending in-place sort of keys with values");
    }
    AparapiBuffer keys = context.buffers().own(sort.keys());
    AparapiBuffer values = context.buffers().own(sort.values());
    int n = keys.size();
    int[] order = order(keys.array(), n);
    permute(keys.array(), order);
    permute(values.array(), order);
    keys.markWritten();
    values.markWritten();
    if (call != null) {
      call.note(NOTE);
    }
  }

  /** The positions of the first {@code n} keys in stable ascending order of the keys. */
  private static int[] order(Object keys, int n) {
    int[] order = new int[n];
    if (keys instanceof int[] k) {
      long[] packed = new long[n];
      for (int i = 0; i < n; i++) {
        packed[i] = ((long) k[i] << Integer.SIZE) | i;
      }
      Arrays.parallelSort(packed);
      for (int i = 0; i < n; i++) {
        order[i] = (int) packed[i];
      }
      return order;
    }
    long[] k = (long[]) keys;
    return IntStream.range(0, n)
        .boxed()
        .sorted(Comparator.comparingLong(i -> k[i]))
        .mapToInt(Integer::intValue)
        .toArray();
  }

  /** Puts element {@code order[i]} of {@code array} at {@code i}. */
  private static void permute(Object array, int[] order) {
    Object was = array instanceof int[] a ? a.clone() : ((long[]) array).clone();
    for (int i = 0; i < order.length; i++) {
      System.arraycopy(was, order[i], array, i, 1);
    }
  }
}
