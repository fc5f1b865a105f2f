package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import jcuda.driver.CUdeviceptr;
import org.junit.jupiter.api.Test;

/**
 * Kernel parameters packed into the launching thread's slots, one 8-byte slot each. Needs no GPU.
 */
class KernelArgsTest {
  @Test
  void everyKindOfParameterLandsInItsSlotWithItsBits() {
    CUdeviceptr base = new CUdeviceptr();
    new KernelArgs()
        .pointer(base.withByteOffset(4096))
        .i64(-7L)
        .i32(-2)
        .f32(1.5f)
        .f64(-2.25)
        .pointer(base.withByteOffset(24).withByteOffset(8))
        .build();
    ByteBuffer slots = KernelArgs.lastBuilt();
    assertEquals(4096L, slots.getLong(0));
    assertEquals(-7L, slots.getLong(8));
    assertEquals(-2, slots.getInt(16));
    assertEquals(1.5f, slots.getFloat(24));
    assertEquals(-2.25, slots.getDouble(32));
    assertEquals(32L, slots.getLong(40));
  }

  @Test
  void aLaterBuildOverwritesTheSlotsAndTooManyParametersAreRefused() {
    new KernelArgs().i64(1).i64(2).build();
    new KernelArgs().i64(3).build();
    assertEquals(3L, KernelArgs.lastBuilt().getLong(0));
    KernelArgs args = new KernelArgs();
    for (int i = 0; i < 32; i++) {
      args.i32(i);
    }
    assertThrows(IllegalStateException.class, () -> args.i32(32));
  }
}
