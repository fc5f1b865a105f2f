package dev.prims.conformance.configured;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestInstancePostProcessor;

/** Hands each {@link ConfiguredBackend.Target} the backend named by the JUnit parameters. */
public final class ConfiguredBackendExtension implements TestInstancePostProcessor {
  @Override
  public void postProcessTestInstance(Object testInstance, ExtensionContext context) {
    if (testInstance instanceof ConfiguredBackend.Target) {
      ((ConfiguredBackend.Target) testInstance)
          .configure(ConfiguredBackend.read(context::getConfigurationParameter));
    }
  }
}
