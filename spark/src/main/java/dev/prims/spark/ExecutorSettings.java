package dev.prims.spark;

import dev.prims.Determinism;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import java.io.Serializable;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;
import org.apache.spark.SparkEnv;
import org.apache.spark.TaskContext;
import org.apache.spark.resource.ResourceInformation;
import org.apache.spark.sql.SparkSession;
import scala.jdk.javaapi.CollectionConverters;

/**
 * The prims configuration a job ships to its tasks: every {@code spark.prims.*} key of the session
 * (from the SparkConf, then the session's runtime conf) as the {@code prims.*} key, plus the GPU
 * Spark assigned to the task as {@code prims.device}. Each executor JVM keeps one open {@link
 * Prims} per distinct configuration, closed when the JVM exits.
 */
final class ExecutorSettings implements Serializable {
  private static final long serialVersionUID = 1L;
  private static final String SPARK_PREFIX = "spark.";
  private static final ConcurrentMap<Map<String, String>, Prims> OPEN = new ConcurrentHashMap<>();

  static {
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(() -> OPEN.values().forEach(Prims::close), "prims-spark-close"));
  }

  private final Map<String, String> values;

  ExecutorSettings(Map<String, String> values) {
    this.values = new LinkedHashMap<>(values);
  }

  /** The {@code spark.prims.*} settings of {@code session}, runtime values overriding SparkConf. */
  static ExecutorSettings of(SparkSession session) {
    Map<String, String> values = new LinkedHashMap<>();
    for (scala.Tuple2<String, String> kv : session.sparkContext().getConf().getAll()) {
      put(values, kv._1(), kv._2());
    }
    CollectionConverters.asJava(session.conf().getAll()).forEach((k, v) -> put(values, k, v));
    return new ExecutorSettings(values);
  }

  private static void put(Map<String, String> values, String key, String value) {
    if (key.startsWith(SPARK_PREFIX + "prims.")) {
      values.put(key.substring(SPARK_PREFIX.length()), value);
    }
  }

  /** Whether sums and dots take the reproducible path ({@code spark.prims.determinism}). */
  boolean reproducible() {
    String id = values.get(PrimsConfig.DETERMINISM);
    return id != null && Determinism.parse(id) == Determinism.REPRODUCIBLE;
  }

  /** The backend list as configured ({@code cpu} when unset, the prims default). */
  String backend() {
    return values.getOrDefault(PrimsConfig.BACKEND, "cpu");
  }

  /**
   * The configuration of a task holding {@code resources}: these settings, with {@code
   * prims.device} set to the task's GPU address when Spark assigned one.
   */
  PrimsConfig configFor(Map<String, ResourceInformation> resources) {
    Map<String, String> task = new LinkedHashMap<>(values);
    GpuAssignment.deviceFor(resources).ifPresent(d -> task.put(PrimsConfig.DEVICE, d));
    return PrimsConfig.of(task);
  }

  /**
   * Runs {@code work} on this executor's prims for the current task. A failure of prims (a backend
   * not available, a kernel failing) fails the task with a message naming the operation, the
   * backend and the executor; bad input keeps its own exception.
   */
  <T> T call(String operation, Function<Prims, T> work) {
    TaskContext task = TaskContext.get();
    PrimsConfig config = configFor(task == null ? Map.of() : task.resourcesJMap());
    try {
      Prims prims = OPEN.computeIfAbsent(config.values(), v -> Prims.create(PrimsConfig.of(v)));
      return work.apply(prims);
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw e;
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          operation
              + " failed with prims.backend="
              + backend()
              + (config.values().containsKey(PrimsConfig.DEVICE)
                  ? ", prims.device=" + config.values().get(PrimsConfig.DEVICE)
                  : "")
              + " on executor "
              + executorId()
              + ": "
              + e.getMessage(),
          e);
    }
  }

  private static String executorId() {
    SparkEnv env = SparkEnv.get();
    return env == null ? "?" : env.executorId();
  }
}
