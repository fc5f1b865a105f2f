package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.ReduceOp;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/** Slices and direct ByteBuffers copied straight to and from CUDA memory. Skipped without CUDA. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CudaBufferSliceTest {
  private Prims prims;

  @BeforeAll
  void open() {
    prims = Prims.create(CudaTests.cudaOnly().build());
    CudaTests.assumeDevice(prims);
  }

  @AfterAll
  void close() {
    prims.close();
  }

  @Test
  void sliceUploadAndSliceDownload() {
    long[] values = {100, 1, 2, 3, 4, 100};
    try (DeviceBuffer b = prims.upload(values, 1, 4)) {
      assertEquals(4, b.length());
      assertEquals(10, prims.reduce(b, ReduceOp.SUM).asLong());
      long[] target = new long[7];
      prims.download(b, target, 3, 3);
      assertArrayEquals(new long[] {0, 0, 0, 1, 2, 3, 0}, target);
    }
  }

  @Test
  void directByteBufferFromItsPosition() {
    ByteBuffer data = ByteBuffer.allocateDirect(6 * 8).order(ByteOrder.nativeOrder());
    for (int i = 0; i < 6; i++) {
      data.putDouble(i + 0.5);
    }
    data.flip().position(16);
    try (DeviceBuffer b = prims.upload(data, DType.DOUBLE)) {
      assertEquals(4, b.length());
      assertEquals(2.5 + 3.5 + 4.5 + 5.5, prims.reduce(b, ReduceOp.SUM).asDouble());
      assertEquals(16, data.position());
    }
  }
}
