package dev.prims;

import dev.prims.spi.AbstractBuffer;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.BackendProvider;
import dev.prims.spi.BufferManager;
import dev.prims.spi.DeviceInfo;
import java.lang.reflect.Array;
import java.util.List;
import java.util.Map;

/**
 * What the engine tests' fake providers share: one device named {@code <id>-device}, always
 * available, whose buffers hold Java arrays ({@link ArrayBackend} gives a backend its id, device
 * and buffers). Subclasses compute the primitives.
 */
public abstract class ArrayProvider implements BackendProvider {
  /** This provider's id, which its backends and buffers carry. */
  protected final String id;

  private final int priority;
  private final long memoryBytes;

  /** A provider {@code id} of {@code priority} whose device reports {@code memoryBytes}. */
  protected ArrayProvider(String id, int priority, long memoryBytes) {
    this.id = id;
    this.priority = priority;
    this.memoryBytes = memoryBytes;
  }

  @Override
  public String id() {
    return id;
  }

  @Override
  public int priority() {
    return priority;
  }

  @Override
  public Availability probe(BackendContext context) {
    return Availability.available(List.of(device()), Map.of());
  }

  /** The one device of this provider. */
  public DeviceInfo device() {
    return new DeviceInfo(0, id + "-device", memoryBytes, 1, Map.of());
  }

  /** An engine on this provider alone, without fallback; the caller closes it. */
  public Prims open() {
    return Prims.create(PrimsConfig.builder().backend(id).fallback(false).build(), List.of(this));
  }

  /** A buffer of this provider's backends holding {@code values} itself (not a copy). */
  public DeviceBuffer buffer(Object values) {
    return new ArrayBuffer(values);
  }

  /** The array behind a buffer of this provider. */
  public static Object array(DeviceBuffer buffer) {
    return ((ArrayBuffer) buffer).values;
  }

  /** The int array behind a buffer of this provider. */
  public static int[] ints(DeviceBuffer buffer) {
    return (int[]) array(buffer);
  }

  /** The int sum of {@code values}, wrapping as int arithmetic does. */
  public static int sum(int[] values) {
    int sum = 0;
    for (int v : values) {
      sum += v;
    }
    return sum;
  }

  private final class ArrayBuffer extends AbstractBuffer {
    final Object values;

    ArrayBuffer(Object values) {
      super(id, DType.ofArray(values), Array.getLength(values), null, null, null, false);
      this.values = values;
    }
  }

  /**
   * A backend of this provider: its id and device, buffers of zeroed arrays that uploads and
   * downloads copy, and a sequential chain of {@code n}.
   */
  protected abstract class ArrayBackend implements Backend {
    @Override
    public String id() {
      return id;
    }

    @Override
    public DeviceInfo device() {
      return ArrayProvider.this.device();
    }

    @Override
    public BufferManager buffers() {
      return new BufferManager() {
        @Override
        public DeviceBuffer allocate(DType type, long length) {
          return new ArrayBuffer(
              Array.newInstance(type.arrayClass().getComponentType(), (int) length));
        }

        @Override
        public DeviceBuffer upload(Object array) {
          Object copy =
              Array.newInstance(array.getClass().getComponentType(), Array.getLength(array));
          System.arraycopy(array, 0, copy, 0, Array.getLength(array));
          return new ArrayBuffer(copy);
        }

        @Override
        public void download(DeviceBuffer buffer, Object array) {
          System.arraycopy(array(buffer), 0, array, 0, Array.getLength(array));
        }
      };
    }

    @Override
    public long sequentialChain(DType type, long n) {
      return n;
    }
  }
}
