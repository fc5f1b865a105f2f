<#--
  The Configured*Test classes, one per conformance class: each runs its suite against the backend
  given at run time. Only the suite, and whether it compares launch shapes, differ.
-->
<#assign suites = [
  {"name": "Reduce", "shapes": true},
  {"name": "Scan", "shapes": true},
  {"name": "Histogram", "shapes": false},
  {"name": "Dot", "shapes": true},
  {"name": "Engine", "shapes": false},
  {"name": "Buffer", "shapes": false},
  {"name": "Async", "shapes": false},
  {"name": "ArgReduce", "shapes": true},
  {"name": "Moments", "shapes": true},
  {"name": "Segment", "shapes": true},
  {"name": "CallerArray", "shapes": true},
  {"name": "Sort", "shapes": false},
  {"name": "Select", "shapes": false},
  {"name": "Unique", "shapes": false}
]>
<@pp.dropOutputFile />
<#list suites as suite>
<#assign base = suite.name + "Conformance">
<@pp.changeOutputFile name="/dev/prims/conformance/configured/Configured${suite.name}Test.java" />
package dev.prims.conformance.configured;

import dev.prims.conformance.${base};
<#if suite.shapes>
import java.util.List;
</#if>
import java.util.Map;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * {@link ${base}} against the backend given at run time (see {@link ConfiguredBackend}).
 * Generated from conformance/src/main/codegen/templates/ConfiguredTests.java.
 */
@ExtendWith(ConfiguredBackendExtension.class)
public class Configured${suite.name}Test extends ${base} implements ConfiguredBackend.Target {
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
<#if suite.shapes>

  @Override
  protected List<Map<String, String>> launchShapes() {
    return backend.shapes().orElseGet(super::launchShapes);
  }
</#if>
}
</#list>
