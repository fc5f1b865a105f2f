package dev.prims.engine.multidevice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.spi.DeviceInfo;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DeviceSelectionTest {
  @Test
  void oneDeviceKeepsTheSingleDevicePath() {
    assertEquals(Optional.empty(), DeviceSelection.members(null, gpus(4)));
    assertEquals(Optional.empty(), DeviceSelection.members("1", gpus(4)));
    assertEquals(Optional.empty(), DeviceSelection.members("H100", gpus(4)));
    assertEquals(Optional.empty(), DeviceSelection.members("all", gpus(1)));
    assertFalse(DeviceSelection.isMulti("0"));
  }

  @Test
  void allAndListsNameEveryMember() {
    assertEquals(Optional.of(List.of("0", "1", "2")), DeviceSelection.members("ALL", gpus(3)));
    assertEquals(Optional.of(List.of("1", "0")), DeviceSelection.members(" 1, 0 ", gpus(3)));
    assertEquals(Optional.of(List.of("0", "0")), DeviceSelection.members("0,0", gpus(1)));
    assertTrue(DeviceSelection.isMulti("0,1"));
    assertTrue(DeviceSelection.isMulti("all"));
  }

  @Test
  void anEmptyEntryIsNamed() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> DeviceSelection.members("0,,1", gpus(2)));
    assertTrue(e.getMessage().contains("'0,,1'"), e.getMessage());
  }

  @Test
  void allSpansTheFirstDevicesKindOnly() {
    List<DeviceInfo> mixed =
        List.of(
            device(0, "0", "gpu"),
            device(1, "0", "gpu"),
            device(0, "1", "cpu"),
            device(2, "0", "gpu"));
    assertEquals(Optional.of(List.of("0", "1", "3")), DeviceSelection.members("all", mixed));
    assertEquals(
        Optional.empty(),
        DeviceSelection.members("all", List.of(device(0, "0", "gpu"), device(0, "1", "cpu"))));
  }

  private static List<DeviceInfo> gpus(int n) {
    List<DeviceInfo> devices = new java.util.ArrayList<>();
    for (int i = 0; i < n; i++) {
      devices.add(new DeviceInfo(i, "gpu " + i, 1L << 30, 100, Map.of()));
    }
    return devices;
  }

  private static DeviceInfo device(int index, String platform, String type) {
    return new DeviceInfo(
        index, type + " " + index, 1L << 30, 10, Map.of("platformIndex", platform, "type", type));
  }
}
