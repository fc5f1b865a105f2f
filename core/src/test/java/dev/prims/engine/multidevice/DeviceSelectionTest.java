package dev.prims.engine.multidevice;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DeviceSelectionTest {
  @Test
  void oneDeviceKeepsTheSingleDevicePath() {
    assertEquals(Optional.empty(), DeviceSelection.members(null, 4));
    assertEquals(Optional.empty(), DeviceSelection.members("1", 4));
    assertEquals(Optional.empty(), DeviceSelection.members("H100", 4));
    assertEquals(Optional.empty(), DeviceSelection.members("all", 1));
    assertFalse(DeviceSelection.isMulti("0"));
  }

  @Test
  void allAndListsNameEveryMember() {
    assertEquals(Optional.of(List.of("0", "1", "2")), DeviceSelection.members("ALL", 3));
    assertEquals(Optional.of(List.of("1", "0")), DeviceSelection.members(" 1, 0 ", 3));
    assertEquals(Optional.of(List.of("0", "0")), DeviceSelection.members("0,0", 1));
    assertTrue(DeviceSelection.isMulti("0,1"));
    assertTrue(DeviceSelection.isMulti("all"));
  }

  @Test
  void anEmptyEntryIsNamed() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> DeviceSelection.members("0,,1", 2));
    assertTrue(e.getMessage().contains("'0,,1'"), e.getMessage());
  }
}
