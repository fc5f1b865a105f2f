package dev.prims.spi;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import java.lang.reflect.Array;

/**
 * Segmented arg-min/arg-max through the host, for a backend without a kernel for it: the values and
 * offsets are read back, each segment is searched in index order under {@link ArgOrder}, and the
 * winners and their indices are written to the output buffers (see {@link Segmenter#argReduce}).
 * Correct on any backend; it costs a round trip of the values.
 */
public final class HostSegmentArgs {
  /** The variant a segmented arg-reduce through the host reports. */
  public static final String VARIANT = "segmented-arg-host";

  private HostSegmentArgs() {}

  /** {@link Segmenter#argReduce} on {@code buffers}' backend, through the host. */
  public static void argReduce(
      BufferManager buffers,
      DeviceBuffer values,
      DeviceBuffer offsets,
      long segments,
      DeviceBuffer outValues,
      DeviceBuffer outIndices,
      ReduceOp op) {
    int count = Math.toIntExact(segments);
    Object v = newArray(values.type(), Math.toIntExact(values.length()));
    if (values.length() > 0) {
      buffers.download(values, v);
    }
    long[] starts = new long[count + 1];
    if (offsets.type() == DType.INT) {
      int[] o = new int[count + 1];
      buffers.download(offsets, o, 0, count + 1);
      for (int s = 0; s <= count; s++) {
        starts[s] = o[s];
      }
    } else {
      buffers.download(offsets, starts, 0, count + 1);
    }
    Object winners = newArray(values.type(), count);
    long[] indices = new long[count];
    Number identity = op.identity(values.type());
    for (int s = 0; s < count; s++) {
      int best = -1;
      long bestKey = 0;
      for (int i = (int) starts[s]; i < starts[s + 1]; i++) {
        long key = ArgOrder.keyOf((Number) Array.get(v, i), op);
        if (best < 0 || ArgOrder.wins(key, i, bestKey, best, op)) {
          best = i;
          bestKey = key;
        }
      }
      indices[s] = best;
      Array.set(winners, s, best < 0 ? identity : Array.get(v, best));
    }
    if (count > 0) {
      buffers.write(outValues, 0, winners, 0, count);
      buffers.write(outIndices, 0, indices, 0, count);
    }
  }

  private static Object newArray(DType type, int length) {
    return Array.newInstance(type.arrayClass().getComponentType(), length);
  }
}
