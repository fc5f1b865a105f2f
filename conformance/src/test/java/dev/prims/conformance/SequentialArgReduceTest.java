package dev.prims.conformance;

/** The suite on the plain sequential test backend: checks the suite's own expectations. */
class SequentialArgReduceTest extends ArgReduceConformance {
  @Override
  protected String backendId() {
    return "seq";
  }
}
