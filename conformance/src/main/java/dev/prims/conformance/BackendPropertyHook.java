package dev.prims.conformance;

import net.jqwik.api.lifecycle.AroundPropertyHook;
import net.jqwik.api.lifecycle.PropertyExecutionResult;
import net.jqwik.api.lifecycle.PropertyExecutor;
import net.jqwik.api.lifecycle.PropertyLifecycleContext;
import org.opentest4j.TestAbortedException;

/**
 * Gives a jqwik property of a {@link BackendConformance} class its engine (jqwik does not run JUnit
 * Jupiter's {@code @BeforeAll}): opens it before the property, reports the property aborted when
 * the backend's hardware is absent, and closes the engine after.
 */
public final class BackendPropertyHook implements AroundPropertyHook {
  @Override
  public PropertyExecutionResult aroundProperty(
      PropertyLifecycleContext context, PropertyExecutor property) {
    BackendConformance test = (BackendConformance) context.testInstance();
    try {
      test.prims();
    } catch (TestAbortedException absent) {
      return property.execute().mapToAborted(absent);
    }
    return property.executeAndFinally(test::closeBackend);
  }
}
