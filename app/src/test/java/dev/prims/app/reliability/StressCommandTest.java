package dev.prims.app.reliability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The short CI version of the load test: 32 threads on one engine, every available backend (cpu,
 * and OpenCL and Aparapi on PoCL where installed), every answer checked against the cpu backend,
 * every backend's memory ledger back to its start and empty after close.
 */
class StressCommandTest {
  @Test
  void thirtyTwoThreadsOnEveryAvailableBackendGetOnlyRightAnswers() {
    StressRunner.Outcome r =
        StressRunner.cli("stress", "--threads", "32", "--seconds", "4", "--max-size", "2048");
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(r.out().contains("wrong 0, failed 0"), r.toString());
    assertTrue(r.out().contains("32 threads"), r.toString());
    assertTrue(r.out().contains("cpu"), r.toString());
    assertTrue(r.out().strip().endsWith("PASS"), r.toString());
    assertTrue(r.out().contains("ledger cpu at start: "), r.toString());
    assertTrue(r.out().contains("ledger cpu after close: 0 bytes (0 buffers"), r.toString());
    assertTrue(!r.out().contains("LEAK"), r.toString());
  }

  @Test
  void badOptionsAreExitTwoWithOneLine() {
    for (String[] args :
        new String[][] {
          {"stress", "--threads", "0"},
          {"stress", "--seconds", "-1"},
          {"stress", "--max-size", "0"},
          {"stress", "--backends", "nope"},
        }) {
      StressRunner.Outcome r = StressRunner.cli(args);
      assertEquals(2, r.exitCode(), r.toString());
      assertEquals(1, r.err().lines().count(), r.toString());
      assertTrue(r.err().startsWith("prims: "), r.toString());
    }
  }

  @Test
  void helpListsTheOptions() {
    StressRunner.Outcome r = StressRunner.cli("stress", "--help");
    assertEquals(0, r.exitCode(), r.toString());
    for (String option : new String[] {"--threads", "--seconds", "--backends", "--min-calls"}) {
      assertTrue(r.out().contains(option), r.toString());
    }
  }

  @Test
  void tooFewCallsFail() {
    StressRunner.Outcome r =
        StressRunner.cli(
            "stress",
            "--threads",
            "1",
            "--seconds",
            "0.2",
            "--backends",
            "cpu",
            "--min-calls",
            "100000000");
    assertEquals(1, r.exitCode(), r.toString());
    assertTrue(r.out().contains("fewer than --min-calls"), r.toString());
  }
}
