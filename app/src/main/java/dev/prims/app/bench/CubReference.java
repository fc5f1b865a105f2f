package dev.prims.app.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.stream.Stream;

/**
 * The CUB/Thrust reference program ({@code cub_reference.cu}, kept beside this class): built with
 * {@code nvcc} on first use into a cache directory ({@code ~/.cache/prims/cub-<hash>-<arch>}, or
 * {@code -Dprims.cub.cache} / {@code PRIMS_CUB_CACHE}) and run in batch mode. Everything fails
 * soft: without an NVIDIA GPU or {@code nvcc} the reference is simply absent, with the reason.
 */
public final class CubReference {
  /** Classpath location of the program's source. */
  public static final String SOURCE = "/dev/prims/app/bench/cub_reference.cu";

  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path binary;

  private CubReference(Path binary) {
    this.binary = binary;
  }

  /** The reference program at {@code binary}, already built. */
  static CubReference at(Path binary) {
    return new CubReference(binary);
  }

  /** The program's binary. */
  public Path binary() {
    return binary;
  }

  /** A located (or newly built) reference program, or the reason there is none. */
  public record Located(CubReference reference, String problem) {
    public Optional<CubReference> get() {
      return Optional.ofNullable(reference);
    }

    /**
     * The reference, or empty after adding "{@code what} not run: " and the problem to {@code
     * notes}.
     */
    public Optional<CubReference> orNote(String what, List<String> notes) {
      if (reference == null) {
        notes.add(what + " not run: " + problem);
      }
      return get();
    }
  }

  /**
   * Finds the cached binary for this machine's GPU, building it with {@code nvcc} when missing.
   * {@code log} receives progress lines (a build takes minutes).
   */
  public static Located locate(Consumer<String> log) {
    String source;
    try (InputStream in = CubReference.class.getResourceAsStream(SOURCE)) {
      if (in == null) {
        return new Located(null, "the reference program source " + SOURCE + " is not packaged");
      }
      source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      return new Located(null, "cannot read " + SOURCE + ": " + e.getMessage());
    }
    String hash = sha256(source).substring(0, 16);
    Path cache = cacheRoot();
    Optional<String> arch = gpuArchitecture();
    if (arch.isEmpty()) {
      Optional<Path> any = anyCachedBinary(cache, hash);
      if (any.isPresent()) {
        return new Located(new CubReference(any.get()), null);
      }
      return new Located(null, "no NVIDIA GPU found (nvidia-smi gives no compute capability)");
    }
    Path dir = cache.resolve("cub-" + hash + "-" + arch.get());
    Path binary = dir.resolve("cub_reference");
    if (Files.isExecutable(binary)) {
      return new Located(new CubReference(binary), null);
    }
    Optional<Path> nvcc = nvcc();
    if (nvcc.isEmpty()) {
      return new Located(null, "nvcc not found on PATH or in /usr/local/cuda/bin");
    }
    try {
      Files.createDirectories(dir);
      Path cu = dir.resolve("cub_reference.cu");
      Files.writeString(cu, source);
      Path partial = dir.resolve("cub_reference.partial");
      Path buildLog = dir.resolve("build.log");
      log.accept(
          "building the CUB/Thrust reference with nvcc for "
              + arch.get()
              + " into "
              + dir
              + " (first use; takes a few minutes)");
      Process p =
          new ProcessBuilder(
                  nvcc.get().toString(),
                  "-O3",
                  "-std=c++17",
                  "-arch=" + arch.get(),
                  "-o",
                  partial.toString(),
                  cu.toString())
              .redirectErrorStream(true)
              .redirectOutput(buildLog.toFile())
              .start();
      if (!p.waitFor(30, TimeUnit.MINUTES)) {
        p.destroyForcibly();
        return new Located(null, "nvcc took over 30 minutes building " + cu);
      }
      if (p.exitValue() != 0) {
        return new Located(
            null, "nvcc failed (exit " + p.exitValue() + "); see " + buildLog.toAbsolutePath());
      }
      Files.move(partial, binary, StandardCopyOption.ATOMIC_MOVE);
      return new Located(new CubReference(binary), null);
    } catch (IOException e) {
      return new Located(null, "cannot build the reference in " + dir + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Located(null, "interrupted while building the reference");
    }
  }

  /**
   * Runs every request in one process on GPU {@code device} and returns the answers by request (a
   * failed measurement carries its error; a program that cannot run gives every request that
   * error).
   */
  public Map<CubRequest, CubResult> run(List<CubRequest> requests, int device) {
    Map<CubRequest, CubResult> results = new LinkedHashMap<>();
    if (requests.isEmpty()) {
      return results;
    }
    try {
      Process p =
          new ProcessBuilder(binary.toString(), "--batch", "--device", Integer.toString(device))
              .redirectError(ProcessBuilder.Redirect.DISCARD)
              .start();
      try (Writer w = new java.io.OutputStreamWriter(p.getOutputStream(), StandardCharsets.UTF_8)) {
        for (CubRequest r : requests) {
          w.write(String.join(" ", r.arguments()));
          w.write('\n');
        }
      }
      List<String> lines = new ArrayList<>();
      try (BufferedReader reader =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line = reader.readLine(); line != null; line = reader.readLine()) {
          if (!line.isBlank()) {
            lines.add(line);
          }
        }
      }
      p.waitFor(1, TimeUnit.MINUTES);
      // A program that fails before measuring (no device, say) prints one error line only.
      CubResult early = lines.size() == 1 && requests.size() > 1 ? parse(lines.get(0)) : null;
      for (int i = 0; i < requests.size(); i++) {
        CubResult result;
        if (early != null && !early.ok()) {
          result = early;
        } else if (i < lines.size()) {
          result = parse(lines.get(i));
        } else {
          result = failed("no answer: the reference program stopped early");
        }
        results.put(requests.get(i), result);
      }
    } catch (IOException e) {
      requests.forEach(r -> results.put(r, failed("cannot run " + binary + ": " + e.getMessage())));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      requests.forEach(r -> results.put(r, failed("interrupted")));
    }
    return results;
  }

  private static CubResult parse(String line) {
    try {
      JsonNode node = JSON.readTree(line);
      if (node.has("error")) {
        return failed(node.get("error").asText());
      }
      return new CubResult(
          node.get("best_ms").asDouble(),
          node.get("median_ms").asDouble(),
          node.get("reps").asInt(),
          node.get("gbps").asDouble(),
          node.get("checksum").asDouble(),
          node.get("device").asText(),
          null);
    } catch (IOException | NullPointerException e) {
      return failed("unreadable answer from the reference program: " + line);
    }
  }

  private static CubResult failed(String error) {
    return new CubResult(0, 0, 0, 0, 0, "", error);
  }

  private static Path cacheRoot() {
    String configured = System.getProperty("prims.cub.cache", System.getenv("PRIMS_CUB_CACHE"));
    if (configured != null && !configured.isBlank()) {
      return Path.of(configured);
    }
    return Path.of(System.getProperty("user.home"), ".cache", "prims");
  }

  private static Optional<Path> anyCachedBinary(Path cache, String hash) {
    if (!Files.isDirectory(cache)) {
      return Optional.empty();
    }
    try (Stream<Path> dirs = Files.list(cache)) {
      return dirs.filter(d -> d.getFileName().toString().startsWith("cub-" + hash + "-"))
          .map(d -> d.resolve("cub_reference"))
          .filter(Files::isExecutable)
          .findFirst();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** {@code sm_90} for a GPU of compute capability 9.0, from nvidia-smi; empty without a GPU. */
  static Optional<String> gpuArchitecture() {
    try {
      Process p =
          new ProcessBuilder("nvidia-smi", "--query-gpu=compute_cap", "--format=csv,noheader")
              .redirectErrorStream(true)
              .start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
      if (!p.waitFor(30, TimeUnit.SECONDS) || p.exitValue() != 0) {
        return Optional.empty();
      }
      String first = out.lines().findFirst().orElse("").trim();
      if (!first.matches("\\d+\\.\\d+")) {
        return Optional.empty();
      }
      return Optional.of("sm_" + first.replace(".", ""));
    } catch (IOException e) {
      return Optional.empty();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Optional.empty();
    }
  }

  private static Optional<Path> nvcc() {
    String path = System.getenv("PATH");
    if (path != null) {
      for (String dir : path.split(java.io.File.pathSeparator)) {
        Path candidate = Path.of(dir, "nvcc");
        if (Files.isExecutable(candidate)) {
          return Optional.of(candidate);
        }
      }
    }
    Path standard = Path.of("/usr/local/cuda/bin/nvcc");
    return Files.isExecutable(standard) ? Optional.of(standard) : Optional.empty();
  }

  private static String sha256(String text) {
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest).toLowerCase(Locale.ROOT);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The cache subdirectory name for the packaged source and {@code arch} (for pre-building). */
  public static String cacheDirectoryName(String arch) throws IOException {
    try (InputStream in = CubReference.class.getResourceAsStream(SOURCE)) {
      if (in == null) {
        throw new IOException(SOURCE + " is not packaged");
      }
      String source = new String(in.readAllBytes(), StandardCharsets.UTF_8);
      return "cub-" + sha256(source).substring(0, 16) + "-" + arch;
    }
  }
}
