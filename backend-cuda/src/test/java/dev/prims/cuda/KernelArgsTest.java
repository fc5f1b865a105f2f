package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import jcuda.driver.CUdeviceptr;
import org.junit.jupiter.api.Test;

/**
 * Kernel parameters packed into a parameter block: one 8-byte slot each, then a pointer to every
 * slot. Needs no GPU (the block lies in a direct buffer at a made-up address).
 */
class KernelArgsTest {
  private static final long BASE = 0x7f00_0000_1000L;

  private static KernelParamBlock block() {
    return new KernelParamBlock(ByteBuffer.allocateDirect(16 * KernelArgs.MAX), BASE, null, null);
  }

  @Test
  void everyKindOfParameterLandsInItsSlotWithItsBits() {
    KernelParamBlock block = block();
    CUdeviceptr base = new CUdeviceptr();
    block.fill(
        new KernelArgs()
            .pointer(base.withByteOffset(4096))
            .i64(-7L)
            .i32(-2)
            .f32(1.5f)
            .f64(-2.25)
            .pointer(base.withByteOffset(24).withByteOffset(8)));
    ByteBuffer slots = block.bytes();
    assertEquals(4096L, slots.getLong(0));
    assertEquals(-7L, slots.getLong(8));
    assertEquals(-2, slots.getInt(16));
    assertEquals(1.5f, slots.getFloat(24));
    assertEquals(-2.25, slots.getDouble(32));
    assertEquals(32L, slots.getLong(40));
  }

  @Test
  void thePointerArrayPointsAtEverySlot() {
    ByteBuffer bytes = block().bytes();
    for (int i = 0; i < KernelArgs.MAX; i++) {
      assertEquals(BASE + 8L * i, bytes.getLong(8 * KernelArgs.MAX + 8 * i), "pointer " + i);
    }
  }

  @Test
  void aLaterLaunchOverwritesTheSlotsAndTooManyParametersAreRefused() {
    KernelParamBlock block = block();
    block.fill(new KernelArgs().i64(1).i64(2));
    block.fill(new KernelArgs().i64(3));
    assertEquals(3L, block.bytes().getLong(0));
    KernelArgs args = new KernelArgs();
    for (int i = 0; i < KernelArgs.MAX; i++) {
      args.i32(i);
    }
    assertThrows(IllegalStateException.class, () -> args.i32(32));
  }
}
