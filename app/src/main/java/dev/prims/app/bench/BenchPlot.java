package dev.prims.app.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;

/**
 * Draws GB/s against size with XChart into one PNG: one panel per primitive, operator and type, one
 * line per backend (and mode) and peer. Runs headless.
 */
public final class BenchPlot {
  private static final int PANEL_WIDTH = 640;
  private static final int PANEL_HEIGHT = 420;
  private static final int MAX_COLUMNS = 3;

  private BenchPlot() {}

  /** Writes the chart of {@code rows} to {@code file} as PNG. */
  public static void write(List<BenchRow> rows, Path file) throws IOException {
    System.setProperty("java.awt.headless", "true");
    Map<String, List<BenchRow>> panels = new LinkedHashMap<>();
    for (BenchRow r : rows) {
      panels.computeIfAbsent(r.primitive() + " " + r.op() + " " + r.type(), k -> new ArrayList<>());
      panels.get(r.primitive() + " " + r.op() + " " + r.type()).add(r);
    }
    List<XYChart> charts = new ArrayList<>();
    for (Map.Entry<String, List<BenchRow>> panel : panels.entrySet()) {
      charts.add(chart(panel.getKey(), panel.getValue()));
    }
    if (charts.isEmpty()) {
      charts.add(chart("no results", List.of()));
    }
    int columns = Math.min(MAX_COLUMNS, charts.size());
    int rowsOfPanels = (charts.size() + columns - 1) / columns;
    while (charts.size() < rowsOfPanels * columns) {
      charts.add(chart("", List.of()));
    }
    BenchFiles.createParent(file);
    try (OutputStream out = Files.newOutputStream(file)) {
      BitmapEncoder.saveBitmap(charts, rowsOfPanels, columns, out, BitmapEncoder.BitmapFormat.PNG);
    } catch (LinkageError | java.awt.AWTError e) {
      throw new IOException(
          "cannot draw "
              + file
              + ": the Java runtime cannot render text here ("
              + e.getMessage()
              + "); keep --json and draw later with 'prims bench --from FILE.json --plot "
              + file.getFileName()
              + "'",
          e);
    }
  }

  private static XYChart chart(String title, List<BenchRow> rows) {
    XYChart chart =
        new XYChartBuilder()
            .width(PANEL_WIDTH)
            .height(PANEL_HEIGHT)
            .title(title)
            .xAxisTitle("elements")
            .yAxisTitle("GB/s")
            .build();
    chart.getStyler().setXAxisLogarithmic(true);
    chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNW);
    chart.getStyler().setMarkerSize(6);
    Map<String, List<BenchRow>> lines = new LinkedHashMap<>();
    for (BenchRow r : rows) {
      lines.computeIfAbsent(r.label(), k -> new ArrayList<>()).add(r);
    }
    for (Map.Entry<String, List<BenchRow>> line : lines.entrySet()) {
      List<BenchRow> points = new ArrayList<>(line.getValue());
      points.sort((a, b) -> Long.compare(a.n(), b.n()));
      double[] x = points.stream().mapToDouble(BenchRow::n).toArray();
      double[] y = points.stream().mapToDouble(BenchRow::gbps).toArray();
      XYSeries series = chart.addSeries(line.getKey(), x, y);
      series.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Line);
    }
    return chart;
  }
}
