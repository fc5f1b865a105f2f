package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.BackendUnavailableException;
import dev.prims.spi.Availability;
import dev.prims.spi.BackendContext;
import dev.prims.spi.DeviceInfo;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The provider fails soft: without a GPU it reports why; with one it describes the devices. */
class CudaProviderTest {
  private static final BackendContext NO_CONFIG = key -> Optional.empty();

  @Test
  void identifiesItself() {
    CudaBackendProvider provider = new CudaBackendProvider();
    assertEquals("cuda", provider.id());
    assertEquals(100, provider.priority());
  }

  @Test
  void probeNeverThrowsAndExplainsAnAbsentDevice() {
    Availability availability = new CudaBackendProvider().probe(NO_CONFIG);
    if (availability.available()) {
      assertFalse(availability.devices().isEmpty());
      DeviceInfo first = availability.devices().get(0);
      assertTrue(first.computeUnits() > 0, "SM count of " + first);
      assertTrue(first.memoryBytes() > 0, "memory of " + first);
      assertTrue(first.details().containsKey("compute capability"), first.details().toString());
      assertTrue(availability.versions().get("cuda-driver").startsWith("CUDA "));
    } else {
      assertTrue(availability.hardwareAbsent(), availability.reason());
      assertTrue(availability.reason().startsWith("no CUDA device found"), availability.reason());
    }
  }

  @Test
  void createWithoutADeviceThrowsTheReason() {
    CudaBackendProvider provider = new CudaBackendProvider();
    Availability availability = provider.probe(NO_CONFIG);
    if (!availability.available()) {
      BackendUnavailableException e =
          assertThrows(BackendUnavailableException.class, () -> provider.create(NO_CONFIG));
      assertTrue(e.getMessage().contains("no CUDA device found"), e.getMessage());
    } else {
      BackendContext bad =
          key -> Optional.ofNullable(Map.of("prims.device", "no such gpu").get(key));
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> provider.create(bad));
      assertTrue(e.getMessage().contains("no such gpu"), e.getMessage());
    }
  }
}
