package dev.prims.app.conformance;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.TestSource;
import org.junit.platform.engine.support.descriptor.ClassSource;
import org.junit.platform.engine.support.descriptor.MethodSource;
import org.junit.platform.launcher.TestExecutionListener;
import org.junit.platform.launcher.TestIdentifier;
import org.junit.platform.launcher.TestPlan;

/**
 * Counts a conformance run by class: each {@code Configured<Name>Test} becomes the cell {@code
 * name} ({@code reduce}, {@code scan}...), with passes, failures (a failing class counts as one),
 * skips and its first failure.
 */
final class MatrixListener implements TestExecutionListener {
  private final Map<String, ConformanceCell> cells = new LinkedHashMap<>();
  private TestPlan plan;

  MatrixListener(Iterable<String> cellNames) {
    cellNames.forEach(name -> cells.put(name, ConformanceCell.EMPTY));
  }

  /** The cells, in the order given. */
  Map<String, ConformanceCell> cells() {
    return cells;
  }

  /** The cell name of a conformance class: {@code ConfiguredReduceTest} is {@code reduce}. */
  static String cellName(String className) {
    String simple = className.substring(className.lastIndexOf('.') + 1);
    simple = simple.substring(simple.lastIndexOf('$') + 1);
    if (simple.startsWith("Configured")) {
      simple = simple.substring("Configured".length());
    }
    if (simple.endsWith("Test")) {
      simple = simple.substring(0, simple.length() - "Test".length());
    }
    return simple.toLowerCase(Locale.ROOT);
  }

  @Override
  public void testPlanExecutionStarted(TestPlan testPlan) {
    this.plan = testPlan;
  }

  @Override
  public void executionSkipped(TestIdentifier id, String reason) {
    cellOf(id).ifPresent(cell -> cells.computeIfPresent(cell, (k, c) -> c.skip()));
  }

  @Override
  public void executionFinished(TestIdentifier id, TestExecutionResult result) {
    Optional<String> cell = cellOf(id);
    if (cell.isEmpty()) {
      return;
    }
    boolean classLevel = id.getSource().map(s -> s instanceof ClassSource).orElse(false);
    if (!id.isTest() && !classLevel) {
      if (result.getStatus() == TestExecutionResult.Status.FAILED) {
        cells.computeIfPresent(cell.get(), (k, c) -> c.fail(describe(id, result)));
      }
      return;
    }
    switch (result.getStatus()) {
      case SUCCESSFUL -> {
        if (id.isTest()) {
          cells.computeIfPresent(cell.get(), (k, c) -> c.pass());
        }
      }
      case ABORTED -> {
        if (id.isTest()) {
          cells.computeIfPresent(cell.get(), (k, c) -> c.skip());
        }
      }
      case FAILED -> cells.computeIfPresent(cell.get(), (k, c) -> c.fail(describe(id, result)));
    }
  }

  private Optional<String> cellOf(TestIdentifier id) {
    for (TestIdentifier at = id;
        at != null;
        at = plan == null ? null : plan.getParent(at).orElse(null)) {
      Optional<TestSource> source = at.getSource();
      if (source.isPresent() && source.get() instanceof ClassSource cs) {
        return Optional.of(cellName(cs.getClassName()));
      }
      if (source.isPresent() && source.get() instanceof MethodSource ms) {
        return Optional.of(cellName(ms.getClassName()));
      }
    }
    return Optional.empty();
  }

  private static String describe(TestIdentifier id, TestExecutionResult result) {
    String message =
        result
            .getThrowable()
            .map(t -> t.getMessage() == null ? t.getClass().getName() : t.getMessage())
            .orElse("failed");
    message = message.strip().replaceAll("\\s*\\R\\s*", " ");
    if (message.length() > 300) {
      message = message.substring(0, 297) + "...";
    }
    return id.getDisplayName() + ": " + message;
  }
}
