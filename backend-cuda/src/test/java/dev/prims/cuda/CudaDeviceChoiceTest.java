package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.spi.DeviceInfo;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@code prims.device} picks a CUDA device by index or by a piece of its name. */
class CudaDeviceChoiceTest {
  private static final List<DeviceInfo> DEVICES =
      List.of(
          new DeviceInfo(0, "NVIDIA H200", 141L << 30, 132, Map.of()),
          new DeviceInfo(1, "NVIDIA L4", 24L << 30, 58, Map.of()));

  @Test
  void defaultsToTheFirstDevice() {
    assertEquals("NVIDIA H200", CudaDevices.choose(DEVICES, null).name());
    assertEquals("NVIDIA H200", CudaDevices.choose(DEVICES, " ").name());
  }

  @Test
  void choosesByIndexOrNameSubstring() {
    assertEquals("NVIDIA L4", CudaDevices.choose(DEVICES, "1").name());
    assertEquals("NVIDIA L4", CudaDevices.choose(DEVICES, "l4").name());
    assertEquals("NVIDIA H200", CudaDevices.choose(DEVICES, "h200").name());
  }

  @Test
  void unknownDeviceListsTheDevices() {
    for (String selector : List.of("2", "-1", "A100")) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> CudaDevices.choose(DEVICES, selector));
      assertTrue(e.getMessage().contains(selector), e.getMessage());
      assertTrue(e.getMessage().contains("1: NVIDIA L4"), e.getMessage());
    }
  }
}
