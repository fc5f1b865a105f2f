package dev.prims.app.bench;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Model.CommandSpec;

/** Writes benchmark results as JSON (the rows with the run's facts and notes) and as CSV. */
public final class BenchFiles {
  /** The CSV columns, in order; also the JSON names of a row's fields. */
  public static final List<String> COLUMNS =
      List.of(
          "backend",
          "device",
          "primitive",
          "op",
          "type",
          "mode",
          "n",
          "variant",
          "best_ms",
          "median_ms",
          "reps",
          "gbps",
          "pct_copy_bw",
          "peer",
          "peer_ratio");

  private static final ObjectMapper JSON =
      new ObjectMapper()
          .setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
          .enable(SerializationFeature.INDENT_OUTPUT);

  private BenchFiles() {}

  /**
   * A new report's first facts: {@code tool} (such as {@code prims bench}), the date and the
   * command line of the run of {@code spec}; the caller adds the rest in order.
   */
  public static Map<String, Object> newReport(String tool, CommandSpec spec) {
    Map<String, Object> report = new LinkedHashMap<>();
    report.put("tool", tool);
    report.put("date", Instant.now().toString());
    report.put(
        "command", "prims " + String.join(" ", spec.commandLine().getParseResult().originalArgs()));
    return report;
  }

  /** {@code report} (a map of facts such as {@code rows} and {@code notes}) as JSON text. */
  public static String json(Map<String, Object> report) {
    try {
      return JSON.writeValueAsString(report);
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /**
   * Reads the rows and notes of earlier {@link #json} reports, in order.
   *
   * @throws IOException when a file cannot be read or has no rows
   */
  public static BenchResult readJson(List<Path> files) throws IOException {
    List<BenchRow> rows = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    for (Path file : files) {
      JsonNode report = JSON.readTree(file.toFile());
      JsonNode array = report == null ? null : report.get("rows");
      if (array == null || !array.isArray()) {
        throw new IOException(file + " has no \"rows\" array: not a prims bench --json report");
      }
      for (JsonNode r : array) {
        rows.add(
            new BenchRow(
                r.path("backend").asText(),
                r.path("device").asText(),
                r.path("primitive").asText(),
                r.path("op").asText(),
                r.path("type").asText(),
                r.path("mode").asText(),
                r.path("n").asLong(),
                r.path("variant").asText(),
                r.path("best_ms").asDouble(),
                r.path("median_ms").asDouble(),
                r.path("reps").asInt(),
                r.path("gbps").asDouble(),
                optional(r, "pct_copy_bw"),
                r.hasNonNull("peer") ? r.get("peer").asText() : null,
                optional(r, "peer_ratio")));
      }
      JsonNode fileNotes = report.get("notes");
      if (fileNotes != null) {
        fileNotes.forEach(n -> notes.add(n.asText()));
      }
    }
    return new BenchResult(rows, notes, List.of(), List.of());
  }

  private static Double optional(JsonNode row, String field) {
    return row.hasNonNull(field) ? row.get(field).asDouble() : null;
  }

  /** Writes {@code rows} as CSV with a header line of {@link #COLUMNS}. */
  public static void writeCsv(List<BenchRow> rows, Path file) throws IOException {
    createParent(file);
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      w.write(String.join(",", COLUMNS));
      w.write('\n');
      for (BenchRow r : rows) {
        List<String> cells =
            List.of(
                r.backend(),
                r.device(),
                r.primitive(),
                r.op(),
                r.type(),
                r.mode(),
                Long.toString(r.n()),
                r.variant(),
                number(r.bestMs()),
                number(r.medianMs()),
                Integer.toString(r.reps()),
                number(r.gbps()),
                r.pctCopyBw() == null ? "" : number(r.pctCopyBw()),
                r.peer() == null ? "" : r.peer(),
                r.peerRatio() == null ? "" : number(r.peerRatio()));
        StringBuilder line = new StringBuilder();
        for (String cell : cells) {
          if (line.length() > 0) {
            line.append(',');
          }
          line.append(quote(cell));
        }
        w.write(line.append('\n').toString());
      }
    }
  }

  private static String number(double value) {
    return String.format(Locale.ROOT, "%.6g", value);
  }

  private static String quote(String cell) {
    if (cell.contains(",") || cell.contains("\"") || cell.contains("\n")) {
      return "\"" + cell.replace("\"", "\"\"") + "\"";
    }
    return cell;
  }

  /** Creates the folders {@code file} is to be written in, where missing. */
  static void createParent(Path file) throws IOException {
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
  }
}
