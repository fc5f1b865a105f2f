package dev.prims.aparapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aparapi.Kernel;
import com.aparapi.device.OpenCLDevice;
import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.PrimsException;
import dev.prims.ReduceOp;
import dev.prims.spi.CallContext;
import java.util.Arrays;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A kernel that Aparapi runs on its Java thread pool instead of the OpenCL device is reported as
 * such (executed on "Java thread pool (Aparapi fallback)" with the reason), and fails the call when
 * fallback is off.
 */
class AparapiFallbackTest {
  private static OpenCLDevice device;

  @BeforeAll
  static void findDevice() {
    device = AparapiTestDevice.firstOrAbort();
  }

  private static AparapiBackend backend(boolean fallback) {
    return AparapiTestDevice.backendOn(device, fallback);
  }

  private static float[] halves(int n) {
    float[] values = new float[n];
    Arrays.fill(values, 0.5f);
    return values;
  }

  @SuppressWarnings("deprecation")
  private static void forceJavaThreadPool(AparapiBackend backend) {
    backend.kernels().reduce(DType.FLOAT).kernel().setExecutionMode(Kernel.EXECUTION_MODE.JTP);
  }

  @Test
  void aReduceOnTheDeviceSaysNothingAboutFallback() {
    try (AparapiBackend backend = backend(false);
        DeviceBuffer input = backend.buffers().upload(halves(10_000))) {
      CallContext call = new CallContext(null, Determinism.FAST);
      assertEquals(5000f, backend.reducer().reduce(input, ReduceOp.SUM, call));
      assertNull(call.executedOn(), "ran on the backend's own device");
      assertNull(call.note());
    }
  }

  @Test
  void aReduceForcedOntoTheJavaThreadPoolIsReportedWithItsReason() {
    try (AparapiBackend backend = backend(true);
        DeviceBuffer input = backend.buffers().upload(halves(10_000))) {
      forceJavaThreadPool(backend);
      CallContext call = new CallContext(null, Determinism.FAST);
      assertEquals(5000f, backend.reducer().reduce(input, ReduceOp.SUM, call));
      assertEquals(KernelLauncher.JAVA_THREAD_POOL, call.executedOn());
      assertTrue(call.note().contains("FloatReduceKernel"), call.note());
      assertTrue(call.note().contains("JTP"), "the reason names Aparapi's mode: " + call.note());
    }
  }

  @Test
  void aReduceForcedOntoTheJavaThreadPoolFailsWithoutFallback() {
    try (AparapiBackend backend = backend(false);
        DeviceBuffer input = backend.buffers().upload(halves(1000))) {
      forceJavaThreadPool(backend);
      PrimsException e =
          assertThrows(
              PrimsException.class,
              () ->
                  backend
                      .reducer()
                      .reduce(input, ReduceOp.SUM, new CallContext(null, Determinism.FAST)));
      assertEquals("aparapi", e.backend());
      assertTrue(e.getMessage().contains("prims.fallback=false"), e.getMessage());
      assertTrue(e.getMessage().contains(device.getName()), e.getMessage());
    }
  }

  @Test
  void anUntranslatableKernelRunsInJavaAndSaysWhy() {
    KernelLauncher launcher = new KernelLauncher("aparapi", device, true);
    try (KernelHandle<UntranslatableKernel> handle =
        new KernelHandle<>(new UntranslatableKernel())) {
      CallContext call = new CallContext(null, Determinism.FAST);
      int[] out =
          handle.locked(
              k -> {
                launcher.launch(handle, 256, 64, call);
                return k.out;
              });
      assertEquals(2 * 255, out[255], "the Java thread pool computed the result");
      assertEquals(KernelLauncher.JAVA_THREAD_POOL, call.executedOn());
      assertTrue(call.note().contains("UntranslatableKernel"), call.note());
    }
  }

  @Test
  void anUntranslatableKernelFailsWithoutFallback() {
    KernelLauncher launcher = new KernelLauncher("aparapi", device, false);
    try (KernelHandle<UntranslatableKernel> handle =
        new KernelHandle<>(new UntranslatableKernel())) {
      PrimsException e =
          assertThrows(
              PrimsException.class,
              () ->
                  handle.locked(
                      k -> {
                        launcher.launch(handle, 256, 64, new CallContext(null, Determinism.FAST));
                        return null;
                      }));
      assertTrue(e.getMessage().contains("UntranslatableKernel"), e.getMessage());
    }
  }
}
