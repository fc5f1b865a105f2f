package dev.prims.conformance;

import java.util.List;
import java.util.Map;

/** The suite on the plain sequential test backend: checks the suite's own expectations. */
class SequentialReduceTest extends ReduceConformance {
  @Override
  protected String backendId() {
    return "seq";
  }

  @Override
  protected List<Map<String, String>> launchShapes() {
    return List.of(
        Map.of("prims.seq.chunk", "3"),
        Map.of("prims.seq.chunk", "1000"),
        Map.of("prims.seq.chunk", "3", "prims.seq.onepass", "true"),
        Map.of("prims.seq.chunk", "1000", "prims.seq.onepass", "true"));
  }
}
