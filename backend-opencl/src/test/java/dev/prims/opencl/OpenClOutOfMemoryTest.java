package dev.prims.opencl;

import static org.jocl.CL.CL_INVALID_VALUE;
import static org.jocl.CL.CL_MEM_OBJECT_ALLOCATION_FAILURE;
import static org.jocl.CL.CL_OUT_OF_RESOURCES;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.PrimsException;
import dev.prims.ReduceOp;
import dev.prims.spi.Availability;
import dev.prims.spi.MemoryLedger;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.jocl.CLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Out of device memory on OpenCL: OpenCL's out-of-memory codes, wherever they surface, become one
 * clear message naming what the backend's ledger holds; buffers are committed when allocated, so
 * that a driver committing memory at first use fails at the allocation. Filling a real device is
 * opt-in ({@code -Dprims.test.fillDevice=true}, for GPU hosts): on PoCL it would fill the host's
 * memory.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class OpenClOutOfMemoryTest {
  private Prims root;
  private Prims prims;
  private OpenClBackend backend;

  @BeforeAll
  void open() {
    Prims probe = Prims.create(PrimsConfig.of(Map.of(PrimsConfig.BACKEND, "opencl")));
    Availability a = probe.backends().get("opencl");
    if (!a.available() && a.hardwareAbsent()) {
      probe.close();
      Assumptions.abort("opencl not available: " + a.reason());
    }
    root = probe;
    prims = probe.backend("opencl");
    backend = (OpenClBackend) prims.primaryBackend();
  }

  @AfterAll
  void close() {
    if (root != null) {
      root.close();
    }
  }

  @Test
  void outOfMemoryCodesFromAnyCallBecomeOneClearMessageWithTheLedger() {
    try (DeviceBuffer held = prims.allocate(DType.LONG, 1000)) {
      MemoryLedger.Usage usage = backend.memoryLedger().usage();
      for (int code : new int[] {CL_MEM_OBJECT_ALLOCATION_FAILURE, CL_OUT_OF_RESOURCES}) {
        String name = org.jocl.CL.stringFor_errorCode(code);
        PrimsException e = scanFailingWith(name, code);
        String message = e.getMessage();
        assertTrue(message.startsWith("opencl: out of device memory during scan on "), message);
        assertTrue(message.contains("the opencl backend holds"), message);
        assertTrue(
            message.contains(String.format("%,d", usage.bufferBytes())),
            "names the ledger's buffer bytes: " + message);
        assertTrue(message.endsWith(name), message);
      }
      PrimsException other = scanFailingWith("CL_INVALID_VALUE", CL_INVALID_VALUE);
      assertTrue(other.getMessage().contains("scan on"), other.getMessage());
      assertTrue(!other.getMessage().contains("out of device memory"), other.getMessage());
    }
  }

  /** What a call named "scan" throws when OpenCL fails it with {@code code}. */
  private PrimsException scanFailingWith(String name, int code) {
    return assertThrows(
        PrimsException.class,
        () ->
            backend.locked(
                "scan",
                () -> {
                  throw new CLException(name, code);
                }));
  }

  /**
   * Allocates buffers of 1 GiB until the device is full: the failure comes from {@code allocate}
   * itself (NVIDIA's OpenCL accepted 320 GiB on an 80 GB card before buffers were committed), says
   * out of device memory with the ledger, and the engine works again once they are closed.
   */
  @Test
  @EnabledIfSystemProperty(named = "prims.test.fillDevice", matches = "true")
  void fillingTheDeviceFailsAtAllocationAndTheEngineRecovers() {
    long before = backend.memoryLedger().usage().bufferBytes();
    List<DeviceBuffer> held = new ArrayList<>();
    PrimsException full = null;
    try {
      for (int i = 0; i < 4096 && full == null; i++) {
        try {
          held.add(prims.allocate(DType.FLOAT, 1L << 28));
        } catch (PrimsException e) {
          full = e;
        }
      }
      assertTrue(full != null, "4 TiB allocated without a failure");
      assertTrue(
          full.getMessage().startsWith("opencl: out of device memory: cannot allocate 1073741824"),
          full.getMessage());
      assertTrue(full.getMessage().contains("the opencl backend holds"), full.getMessage());
    } finally {
      held.forEach(DeviceBuffer::close);
    }
    assertEquals(before, backend.memoryLedger().usage().bufferBytes());
    float[] ones = new float[1 << 20];
    java.util.Arrays.fill(ones, 1f);
    try (DeviceBuffer again = prims.upload(ones)) {
      assertEquals(1 << 20, prims.reduce(again, ReduceOp.SUM).asFloat(), "usable after");
    }
  }
}
