package dev.prims.app.stress;

import dev.prims.Determinism;
import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.ReduceOp;
import dev.prims.app.BackendsOption;
import dev.prims.app.BadInputException;
import dev.prims.app.SizeOption;
import dev.prims.spi.Availability;
import dev.prims.spi.Backend;
import dev.prims.spi.MemoryLedger;
import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code prims stress}: many threads on one engine with mixed primitives, types, variants,
 * backends, device-buffer chains and engines of their own opened and closed meanwhile, for a fixed
 * time, every answer checked against the cpu backend. Each backend's {@link MemoryLedger} and, on
 * CUDA, device memory in use are read after the first fifth of the run (once lazy one-off
 * allocations settled), after the third fifth and at the end, and the ledgers again after the
 * engine closed. Exit 0 only when every answer was right, nothing failed, at least {@code
 * --min-calls} calls were made, no ledger leaked (see {@link Ledgers}; nothing held after close)
 * and no backend's device memory grew beyond the tolerance in both the second and the last two
 * fifths (a leak grows with the calls; a one-off allocation, or another backend's on a shared GPU,
 * shows in one of them only).
 */
@Command(
    name = "stress",
    mixinStandardHelpOptions = true,
    description = {
      "Load test: many threads call one engine with random primitives, types, sizes, variants"
          + " and backends for a fixed time; every answer is checked against the cpu backend.",
      "Exit 0 only if all answers were right and no device memory leaked.",
    })
public final class StressCommand implements Callable<Integer> {
  /** Exit code when an answer was wrong, a call failed or memory leaked. */
  public static final int EXIT_FAILED = 1;

  @Spec private CommandSpec spec;

  private final Supplier<Prims> engines;

  /** The command on an engine configured as usual (system properties, environment, file). */
  public StressCommand() {
    this(() -> Prims.create(PrimsConfig.empty()));
  }

  /** The command on engines from {@code engines} (for tests with fault-injecting providers). */
  public StressCommand(Supplier<Prims> engines) {
    this.engines = engines;
  }

  @Option(
      names = "--threads",
      defaultValue = "32",
      description = "Threads (default ${DEFAULT-VALUE}).")
  private int threads;

  @Option(
      names = "--seconds",
      defaultValue = "10",
      description = "How long to run (default ${DEFAULT-VALUE}).")
  private double seconds;

  @Mixin private BackendsOption backends;

  /** The largest input length on a GPU when {@code --max-size} is not given: 2^24. */
  static final int GPU_MAX_SIZE = 1 << 24;

  /** The largest input length elsewhere (CPU devices) when {@code --max-size} is not given. */
  static final int OTHER_MAX_SIZE = 65536;

  @Option(
      names = "--max-size",
      description =
          "Largest input length; sizes are log-uniform from 1 (default: 16777216 = 2^24 on GPUs,"
              + " 65536 on CPU devices); the size syntax of run and bench (16M, 2^24, 1e6).",
      converter = SizeOption.IntConverter.class)
  private Integer maxSize;

  @Option(names = "--seed", defaultValue = "1", description = "Seed (default ${DEFAULT-VALUE}).")
  private long seed;

  @Option(
      names = "--min-calls",
      defaultValue = "0",
      description = "Fail unless at least this many calls were made (default ${DEFAULT-VALUE}).")
  private long minCalls;

  @Option(
      names = "--leak-tolerance-mib",
      defaultValue = "0",
      description =
          "Allowed growth of device memory in use in each of the two measured spans, in MiB"
              + " (default ${DEFAULT-VALUE}).")
  private long leakToleranceMib;

  @Override
  public Integer call() throws InterruptedException {
    validate();
    PrintWriter out = spec.commandLine().getOut();
    try (Prims prims = engines.get()) {
      List<String> ids = chooseBackends(prims);
      Set<String> reproducible = new LinkedHashSet<>();
      for (String id : ids) {
        String why = reproducibleProblem(prims, id);
        if (why == null) {
          reproducible.add(id);
        } else {
          out.println("note: reproducible mode not exercised on " + id + ": " + why);
        }
      }
      Map<String, Integer> sizes = new java.util.LinkedHashMap<>();
      for (String id : ids) {
        sizes.put(id, maxSize != null ? maxSize : defaultMaxSize(prims, id));
      }
      StressCase cases = new StressCase(prims, sizes, reproducible, engines);
      List<String> problems = new ArrayList<>();
      for (String id : ids) {
        cases.warmUp(id).forEach(w -> problems.add("WRONG " + w.call() + ": " + w.error()));
      }
      Ledgers ledgers = new Ledgers(prims, ids);
      out.printf(
          "stress: %d threads, %s s, backends %s, sizes 1..%s, seed %d; reference cpu%n",
          threads, seconds, String.join(", ", ids), describe(sizes), seed);
      ledgers.read().forEach((id, usage) -> out.printf("ledger %s at start: %s%n", id, usage));
      out.flush();
      StressRun run = new StressRun(cases, ids);
      long start = System.nanoTime();
      // The first fifth settles what backends allocate once, lazily (modules loaded on a variant's
      // first use, scratch that grows to the largest call); device memory is then measured after
      // the third fifth and at the end: a leak grows with the number of calls, so in both spans.
      long total = (long) (seconds * 1e9);
      run.run(threads, total / 5, seed);
      long settledCalls = run.totalCalls();
      Map<String, OptionalLong> before = memory(prims, ids);
      Map<String, MemoryLedger.Usage> ledgerStart = ledgers.read();
      run.run(threads, 3 * total / 5 - total / 5, seed + threads);
      long middleCalls = run.totalCalls();
      Map<String, OptionalLong> middle = memory(prims, ids);
      Map<String, MemoryLedger.Usage> ledgerMiddle = ledgers.read();
      run.run(threads, total - 3 * total / 5, seed + 2L * threads);
      double elapsed = (System.nanoTime() - start) / 1e9;
      Map<String, OptionalLong> after = memory(prims, ids);
      Map<String, MemoryLedger.Usage> ledgerEnd = ledgers.read();
      problems.addAll(run.problems());
      run.callsByBackend().forEach((id, n) -> out.printf("  %-8s %,d calls%n", id, n));
      out.printf(
          "calls %,d in %.1f s (%.0f/s), wrong %d, failed %d%n",
          run.totalCalls(), elapsed, run.totalCalls() / elapsed, run.wrong(), run.failed());
      boolean leaked = false;
      for (String id : ids) {
        Backend backend = prims.backend(id).primaryBackend();
        if (before.get(id).isPresent() && middle.get(id).isPresent() && after.get(id).isPresent()) {
          long first = middle.get(id).getAsLong() - before.get(id).getAsLong();
          long second = after.get(id).getAsLong() - middle.get(id).getAsLong();
          long tolerance = leakToleranceMib << 20;
          boolean leak = first > tolerance && second > tolerance;
          leaked |= leak;
          out.printf(
              "memory %s: %,d bytes in use after %,d calls, %,d after %,d, %,d after all"
                  + " (%+,d, %+,d)%s%n",
              id,
              before.get(id).getAsLong(),
              settledCalls,
              middle.get(id).getAsLong(),
              middleCalls,
              after.get(id).getAsLong(),
              first,
              second,
              leak ? " LEAK (grew in both spans)" : "");
        } else {
          out.printf("memory %s: not measured (%s)%n", id, DeviceMemory.whyUnknown(backend));
        }
      }
      for (String id : ledgers.ids()) {
        String leak = Ledgers.leak(ledgerStart.get(id), ledgerEnd.get(id));
        leaked |= leak != null;
        out.printf(
            "ledger %s: %s after %,d calls, %s after %,d, %s at the end%s%n",
            id,
            ledgerStart.get(id),
            settledCalls,
            ledgerMiddle.get(id),
            middleCalls,
            ledgerEnd.get(id),
            leak == null ? "" : " LEAK (" + leak + ")");
      }
      problems.forEach(p -> out.println("  " + p));
      boolean tooFew = run.totalCalls() < minCalls;
      if (tooFew) {
        out.printf("only %,d calls, fewer than --min-calls %,d%n", run.totalCalls(), minCalls);
      }
      prims.close();
      for (String id : ledgers.ids()) {
        MemoryLedger.Usage closed = ledgers.read().get(id);
        boolean held = closed.totalBytes() != 0 || closed.buffers() != 0;
        leaked |= held;
        out.printf(
            "ledger %s after close: %s%s%n", id, closed, held ? " LEAK (held after close)" : "");
      }
      boolean pass =
          problems.isEmpty() && run.wrong() == 0 && run.failed() == 0 && !leaked && !tooFew;
      out.println(pass ? "PASS" : "FAIL");
      out.flush();
      return pass ? 0 : EXIT_FAILED;
    }
  }

  /** 2^24 on a GPU, 65536 on other devices. */
  private static int defaultMaxSize(Prims prims, String id) {
    Backend backend = prims.backend(id).primaryBackend();
    String type = backend.device().details().getOrDefault("type", "");
    boolean gpu = id.equals("cuda") || type.equalsIgnoreCase("gpu");
    return gpu ? GPU_MAX_SIZE : OTHER_MAX_SIZE;
  }

  private static String describe(Map<String, Integer> sizes) {
    if (new java.util.HashSet<>(sizes.values()).size() == 1) {
      return Integer.toString(sizes.values().iterator().next());
    }
    List<String> parts = new ArrayList<>();
    sizes.forEach((id, n) -> parts.add(n + " (" + id + ")"));
    return String.join(", ", parts);
  }

  private void validate() {
    if (threads < 1 || threads > 4096) {
      throw new BadInputException("--threads must be between 1 and 4096, got " + threads);
    }
    if (!(seconds > 0) || seconds > 86400) {
      throw new BadInputException("--seconds must be above 0 and at most 86400, got " + seconds);
    }
    if (maxSize != null && (maxSize < 1 || maxSize > 1 << 26)) {
      throw new BadInputException("--max-size must be between 1 and 2^26, got " + maxSize);
    }
    if (minCalls < 0 || leakToleranceMib < 0) {
      throw new BadInputException("--min-calls and --leak-tolerance-mib must not be negative");
    }
  }

  private List<String> chooseBackends(Prims prims) {
    Map<String, Availability> all = prims.backends();
    List<String> ids = new ArrayList<>();
    if (backends.ids() == null || backends.ids().isEmpty()) {
      all.forEach(
          (id, a) -> {
            if (a.available()) {
              ids.add(id);
            }
          });
    } else {
      for (String id : new LinkedHashSet<>(backends.ids())) {
        Availability a = all.get(id.trim());
        if (a == null) {
          throw new BadInputException(
              "unknown backend '" + id + "'; known backends: " + String.join(", ", all.keySet()));
        }
        if (!a.available()) {
          throw new BadInputException("backend " + id + " is not available: " + a.reason());
        }
        ids.add(id.trim());
      }
    }
    if (!all.getOrDefault("cpu", Availability.absent("missing")).available()) {
      throw new BadInputException("the cpu backend, the reference, is not available");
    }
    return ids;
  }

  /** Null when {@code id} computes reproducible sums, else why not. */
  private static String reproducibleProblem(Prims prims, String id) {
    try {
      prims
          .backend(id)
          .determinism(Determinism.REPRODUCIBLE)
          .reduce(new double[] {1, 2, 3}, ReduceOp.SUM);
      return null;
    } catch (RuntimeException e) {
      return dev.prims.engine.FailureMessages.describe(e, "a reproducible sum on " + id);
    }
  }

  private static Map<String, OptionalLong> memory(Prims prims, List<String> ids) {
    Map<String, OptionalLong> result = new java.util.HashMap<>();
    for (String id : ids) {
      result.put(id, DeviceMemory.inUse(prims.backend(id).primaryBackend()));
    }
    return result;
  }
}
