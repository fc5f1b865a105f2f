package dev.prims.conformance;

/** The suite on the plain sequential test backend: checks the suite's own expectations. */
class SequentialMomentsTest extends MomentsConformance {
  @Override
  protected String backendId() {
    return "seq";
  }
}
