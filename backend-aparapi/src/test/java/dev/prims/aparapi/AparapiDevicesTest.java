package dev.prims.aparapi;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.aparapi.device.OpenCLDevice;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.spi.Availability;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** Device listing and the choice of a device by {@code prims.device}. */
class AparapiDevicesTest {
  private static List<OpenCLDevice> devices;

  @BeforeAll
  static void listDevices() {
    devices = AparapiTestDevice.allOrAbort();
  }

  @Test
  void selectsByIndexAndByNameSubstring() {
    assertEquals(0, AparapiDevices.select(devices, null));
    assertEquals(0, AparapiDevices.select(devices, " "));
    int last = devices.size() - 1;
    assertEquals(last, AparapiDevices.select(devices, Integer.toString(last)));
    String name = devices.get(last).getName();
    String part = name.substring(name.length() / 2).toUpperCase(Locale.ROOT);
    assertEquals(
        name, devices.get(AparapiDevices.select(devices, part)).getName(), "substring " + part);
  }

  @Test
  void anUnknownDeviceListsTheDevices() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> AparapiDevices.select(devices, "no-such-device-xyz"));
    assertTrue(e.getMessage().contains(devices.get(0).getName()), e.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () -> AparapiDevices.select(devices, Integer.toString(devices.size())));
  }

  @Test
  void probeListsTheOpenClDevicesAndResultsNameTheDevice() {
    try (Prims prims =
        Prims.create(PrimsConfig.builder().backend("aparapi").fallback(false).build())) {
      Availability availability = prims.backends().get("aparapi");
      assertTrue(availability.available(), availability.reason());
      assertEquals(devices.size(), availability.devices().size());
      assertEquals(devices.get(0).getName(), availability.devices().get(0).name());
      assertFalse(availability.devices().get(0).details().isEmpty());
      var result = prims.reduce(new int[] {1, 2, 3}, dev.prims.ReduceOp.SUM);
      assertEquals(6, result.asInt());
      assertEquals("aparapi", result.provenance().backend());
      int chosen = AparapiDevices.select(devices, System.getProperty("prims.device"));
      assertEquals(devices.get(chosen).getName(), result.provenance().device());
    }
  }
}
