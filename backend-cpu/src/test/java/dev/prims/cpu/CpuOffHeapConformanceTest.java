package dev.prims.cpu;

import dev.prims.conformance.BufferConformance;
import dev.prims.conformance.DotConformance;
import dev.prims.conformance.EngineConformance;
import dev.prims.conformance.HistogramConformance;
import dev.prims.conformance.ReduceConformance;
import dev.prims.conformance.ScanConformance;
import dev.prims.conformance.SortConformance;
import java.util.Map;
import net.jqwik.api.Group;
import org.junit.jupiter.api.Nested;

/**
 * The conformance suite a second time, under {@link OffHeapConfiguration#SMALL}: every buffer
 * longer than 1024 elements off-heap, in chunks of 1000. Each suite is a nested class (JUnit's
 * {@code @Nested} for its tests, jqwik's {@code @Group} for its properties).
 */
class CpuOffHeapConformanceTest {
  @Nested
  @Group
  class Reduce extends ReduceConformance {
    @Override
    protected String backendId() {
      return "cpu";
    }

    @Override
    protected Map<String, String> configuration() {
      return OffHeapConfiguration.SMALL;
    }
  }

  @Nested
  @Group
  class Scan extends ScanConformance {
    @Override
    protected String backendId() {
      return "cpu";
    }

    @Override
    protected Map<String, String> configuration() {
      return OffHeapConfiguration.SMALL;
    }
  }

  @Nested
  @Group
  class Histogram extends HistogramConformance {
    @Override
    protected String backendId() {
      return "cpu";
    }

    @Override
    protected Map<String, String> configuration() {
      return OffHeapConfiguration.SMALL;
    }
  }

  @Nested
  class Sort extends SortConformance {
    @Override
    protected String backendId() {
      return "cpu";
    }

    @Override
    protected Map<String, String> configuration() {
      return OffHeapConfiguration.SMALL;
    }
  }

  @Nested
  @Group
  class Dot extends DotConformance {
    @Override
    protected String backendId() {
      return "cpu";
    }

    @Override
    protected Map<String, String> configuration() {
      return OffHeapConfiguration.SMALL;
    }
  }

  @Nested
  class Engine extends EngineConformance {
    @Override
    protected String backendId() {
      return "cpu";
    }

    @Override
    protected Map<String, String> configuration() {
      return OffHeapConfiguration.SMALL;
    }
  }

  @Nested
  class Buffer extends BufferConformance {
    @Override
    protected String backendId() {
      return "cpu";
    }

    @Override
    protected Map<String, String> configuration() {
      return OffHeapConfiguration.SMALL;
    }
  }
}
