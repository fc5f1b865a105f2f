package dev.prims.conformance.configured;

import dev.prims.conformance.SortConformance;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link SortConformance} against the backend given at run time (see {@link ConfiguredBackend}).
 */
@ExtendWith(ConfiguredBackendExtension.class)
public class ConfiguredSortTest extends SortConformance implements ConfiguredBackend.Target {
  private ConfiguredBackend backend = ConfiguredBackend.fromSystemProperties();

  @Override
  public void configure(ConfiguredBackend backend) {
    this.backend = backend;
  }

  @Override
  protected String backendId() {
    return backend.id();
  }

  @Override
  protected Map<String, String> configuration() {
    return backend.configuration();
  }

  @Override
  protected List<Map<String, String>> launchShapes() {
    return backend.shapes().orElseGet(super::launchShapes);
  }
}
