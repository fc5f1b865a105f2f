package dev.prims.cuda;

import static jcuda.driver.JCudaDriver.cuMemcpyDtoH;
import static jcuda.driver.JCudaDriver.cuMemcpyHtoD;
import static jcuda.driver.JCudaDriver.cuMemsetD32;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.DType;
import dev.prims.Determinism;
import dev.prims.DeviceBuffer;
import dev.prims.Primitive;
import dev.prims.ReduceOp;
import dev.prims.ScanKind;
import dev.prims.spi.Availability;
import dev.prims.spi.BackendContext;
import dev.prims.spi.CallContext;
import java.util.Optional;
import jcuda.Pointer;
import jcuda.driver.CUdeviceptr;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * Reduce and scan of 2^32 + 5 floats held on the device (64-bit indexing). The data is zero except
 * 1, 2, 4 and 8 at indices 0, 2^31, 2^32 and 2^32 + 4, so every sum is exact and any index that
 * wraps at 32 bits shows. Skipped without a CUDA device (needs about 40 GB of device memory).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CudaLargeInputTest {
  private static final long N = (1L << 32) + 5;
  private static final long[] POSITIONS = {0, 1L << 31, 1L << 32, (1L << 32) + 4};
  private static final float[] VALUES = {1, 2, 4, 8};

  private CudaBackend backend;
  private DeviceBuffer input;

  @BeforeAll
  void open() {
    BackendContext none = key -> Optional.empty();
    Availability availability = new CudaBackendProvider().probe(none);
    Assumptions.assumeTrue(availability.available(), () -> availability.reason());
    backend = (CudaBackend) new CudaBackendProvider().create(none);
    input = backend.buffers().allocate(DType.FLOAT, N);
    CUdeviceptr p = ((CudaBuffer) input).pointer();
    backend.call(
        () -> {
          cuMemsetD32(p, 0, N);
          for (int i = 0; i < POSITIONS.length; i++) {
            cuMemcpyHtoD(
                p.withByteOffset(4 * POSITIONS[i]), Pointer.to(new float[] {VALUES[i]}), 4);
          }
          return null;
        });
  }

  @AfterAll
  void close() {
    if (backend != null) {
      input.close();
      backend.close();
    }
  }

  @Test
  void everyReduceVariantSumsPast2To32() {
    for (String variant : backend.variants(Primitive.REDUCE)) {
      Number sum =
          backend.reducer().reduce(input, ReduceOp.SUM, new CallContext(variant, Determinism.FAST));
      assertEquals(15f, sum.floatValue(), variant);
    }
    assertEquals(8f, backend.reducer().reduce(input, ReduceOp.MAX, call(null)).floatValue());
  }

  @Test
  void everyScanVariantScansPast2To32() {
    try (DeviceBuffer output = backend.buffers().allocate(DType.FLOAT, N)) {
      for (String variant : backend.variants(Primitive.SCAN)) {
        backend.scanner().scan(input, output, ReduceOp.SUM, ScanKind.INCLUSIVE, call(variant));
        assertEquals(1f, at(output, 0), variant);
        assertEquals(1f, at(output, (1L << 31) - 1), variant);
        assertEquals(3f, at(output, 1L << 31), variant);
        assertEquals(3f, at(output, (1L << 32) - 1), variant);
        assertEquals(7f, at(output, 1L << 32), variant);
        assertEquals(7f, at(output, (1L << 32) + 3), variant);
        assertEquals(15f, at(output, N - 1), variant);
      }
      backend.scanner().scan(input, output, ReduceOp.SUM, ScanKind.EXCLUSIVE, call(null));
      assertEquals(0f, at(output, 0));
      assertEquals(1f, at(output, 1L << 31));
      assertEquals(3f, at(output, 1L << 32));
      assertEquals(7f, at(output, N - 1));
    }
  }

  private static CallContext call(String variant) {
    return new CallContext(variant, Determinism.FAST);
  }

  private float at(DeviceBuffer buffer, long index) {
    float[] value = new float[1];
    CUdeviceptr p = ((CudaBuffer) buffer).pointer();
    backend.call(
        () -> {
          cuMemcpyDtoH(Pointer.to(value), p.withByteOffset(4 * index), 4);
          return null;
        });
    return value[0];
  }
}
