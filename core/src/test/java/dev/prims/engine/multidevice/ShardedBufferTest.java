package dev.prims.engine.multidevice;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.ArrayProvider;
import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.spi.Backend;
import dev.prims.spi.BackendContext;
import dev.prims.spi.DotProduct;
import dev.prims.spi.Histogrammer;
import dev.prims.spi.Reducer;
import dev.prims.spi.Scanner;
import java.util.List;
import org.junit.jupiter.api.Test;

/** When a multi-device buffer counts as closed while its shards are being replaced. */
class ShardedBufferTest {
  private static final class Members extends ArrayProvider {
    Members() {
      super("members", 0, 1L << 20);
    }

    @Override
    public Backend create(BackendContext context) {
      return new ArrayBackend() {
        @Override
        public Reducer reducer() {
          return null;
        }

        @Override
        public Scanner scanner() {
          return null;
        }

        @Override
        public Histogrammer histogrammer() {
          return null;
        }

        @Override
        public DotProduct dot() {
          return null;
        }

        @Override
        public List<String> variants(Primitive primitive) {
          return List.of();
        }

        @Override
        public void close() {}
      };
    }
  }

  /**
   * A shard whose first {@link #isClosed} check is overtaken by a shard task replacing it: the task
   * puts the replacement in place and closes this shard before the check reads its state.
   */
  private static final class OvertakenShard implements DeviceBuffer {
    private final DeviceBuffer inner;
    private final ShardedBuffer owner;
    private final DeviceBuffer replacement;
    private boolean closed;
    private boolean overtaken;

    OvertakenShard(DeviceBuffer inner, ShardedBuffer owner, DeviceBuffer replacement) {
      this.inner = inner;
      this.owner = owner;
      this.replacement = replacement;
    }

    @Override
    public DType type() {
      return inner.type();
    }

    @Override
    public long length() {
      return inner.length();
    }

    @Override
    public String backend() {
      return inner.backend();
    }

    @Override
    public boolean isClosed() {
      if (!overtaken) {
        overtaken = true;
        owner.replace(0, replacement);
      }
      return closed;
    }

    @Override
    public void close() {
      closed = true;
      inner.close();
    }
  }

  @Test
  void aShardReplacedDuringTheCheckDoesNotCloseTheBuffer() {
    Members members = new Members();
    MultiDeviceBackend engine =
        new MultiDeviceBackend(
            "members",
            List.of(
                members.create(key -> java.util.Optional.empty()),
                members.create(key -> java.util.Optional.empty())),
            1,
            false);
    DeviceBuffer buffer = engine.buffers().allocate(DType.INT, 64);
    ShardedBuffer sharded = engine.sharded(buffer);
    DeviceBuffer fresh = members.buffer(new int[(int) sharded.shard(0).length()]);
    OvertakenShard overtaken =
        new OvertakenShard(
            members.buffer(new int[(int) sharded.shard(0).length()]), sharded, fresh);
    sharded.replace(0, overtaken);

    assertFalse(sharded.isClosed(), "a shard closed after its replacement was put in place");
    assertTrue(overtaken.isClosed());
    assertSame(fresh, sharded.shard(0));

    sharded.shard(1).close();
    assertTrue(sharded.isClosed(), "a current shard closed by its backend closes the buffer");
    assertThrows(IllegalStateException.class, () -> sharded.shard(0));
  }
}
