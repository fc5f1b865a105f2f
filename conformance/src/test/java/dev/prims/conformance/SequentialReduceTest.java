package dev.prims.conformance;

import dev.prims.conformance.seq.SequentialProvider;
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
    return SequentialProvider.launchShapes(true);
  }
}
