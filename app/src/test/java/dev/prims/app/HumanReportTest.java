package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.util.RawValue;
import dev.prims.Primitive;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HumanReportTest {
  private static Map<String, Object> reduceReport() {
    Map<String, Object> r = new LinkedHashMap<>();
    r.put("primitive", "reduce");
    r.put("op", "sum");
    r.put("type", "float");
    r.put("n", 3);
    r.put("input", "x.npy");
    r.put("backend", "opencl");
    r.put("device", "gpu0");
    r.put("variant", "shuffle");
    r.put("runs", 1);
    r.put("millis", 1.5);
    r.put("result", new RawValue("0.1"));
    return r;
  }

  @Test
  void twoLinesWithAnswerAndPlace() {
    assertEquals(
        List.of("sum of 3 float from x.npy: 0.1", "on opencl (gpu0, shuffle) in 1.5 ms"),
        HumanReport.lines(Primitive.REDUCE, reduceReport()));
  }

  @Test
  void multiLineFallbackNotesAreCut() {
    Map<String, Object> r = reduceReport();
    r.put("runs", 4);
    r.put("medianMillis", 2.0);
    r.put("note", "fell back from cuda: no libcuda\n\tat jcuda.LibUtils.loadLibrary\n\tat x");
    assertEquals(
        "on opencl (gpu0, shuffle) in best 1.5 ms, median 2.0 ms of 4 runs;"
            + " fell back from cuda: no libcuda [more with --json]",
        HumanReport.lines(Primitive.REDUCE, r).get(1));
  }
}
