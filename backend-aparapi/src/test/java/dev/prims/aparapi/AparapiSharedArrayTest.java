package dev.prims.aparapi;

import static dev.prims.aparapi.AparapiTestDevice.call;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.aparapi.device.OpenCLDevice;
import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.FoldPlan;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * One buffer in two arguments of a kernel ({@code dot(x, x)}): when its contents change, both of
 * the kernel's device copies must see the change (Aparapi writes a put array only to the first
 * field that holds it).
 */
class AparapiSharedArrayTest {
  private static AparapiBackend backend;

  @BeforeAll
  static void open() {
    OpenCLDevice device = AparapiTestDevice.firstOrAbort();
    backend = AparapiTestDevice.backendOn(device, false);
  }

  @AfterAll
  static void close() {
    AparapiTestDevice.close(backend);
  }

  @Test
  void dotOfABufferWithItselfSeesItsNewContents() {
    try (DeviceBuffer x = backend.buffers().upload(new long[] {1, 2, 3, 4})) {
      assertEquals(30L, backend.dot().dot(x, x, call()));
      backend.scanner().scan(x, x, ReduceOp.SUM, ScanKind.INCLUSIVE, call());
      assertEquals(1L + 9 + 36 + 100, backend.dot().dot(x, x, call()), "x is now 1 3 6 10");
    }
  }

  @Test
  void reproducibleDotOfABufferWithItselfSeesItsNewContents() {
    FoldPlan plan = FoldPlan.forMaxAbs(DType.DOUBLE, 100.0);
    try (DeviceBuffer x = backend.buffers().upload(new double[] {1, 2, 3, 4})) {
      assertEquals(30.0, plan.combine(backend.foldKernels().foldDot(x, x, plan)));
      backend.scanner().scan(x, x, ReduceOp.SUM, ScanKind.INCLUSIVE, call());
      assertEquals(
          146.0, plan.combine(backend.foldKernels().foldDot(x, x, plan)), "x is now 1 3 6 10");
    }
  }
}
