package dev.prims.app.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.DType;
import java.util.List;
import org.junit.jupiter.api.Test;

class ArgMomentsOperationTest {
  @Test
  void namedOnTheirOwnAndNotPartOfReduce() {
    assertEquals(
        List.of(Operation.ARGMAX, Operation.MOMENTS, Operation.ARGMIN),
        Operation.parseList("argmax, moments,reduce:argmin"));
    List<Operation> reduce = Operation.parseList("reduce");
    assertFalse(
        reduce.contains(Operation.ARGMAX) || reduce.contains(Operation.MOMENTS), "" + reduce);
    assertEquals(3, reduce.size());
  }

  @Test
  void cubMeasuresArgReduceButNotMoments() {
    List<String> args = new CubRequest("cub", Operation.ARGMAX, DType.FLOAT, 1024, 5).arguments();
    assertTrue(args.containsAll(List.of("argreduce", "--op", "max")), args.toString());
    assertFalse(Operation.MOMENTS.hasCubReference());
    assertFalse(Operation.ARGMIN.hasThrustReference());
    assertEquals("DeviceReduce::ArgMax", BenchRunner.referenceName("cub", Operation.ARGMAX));
  }
}
