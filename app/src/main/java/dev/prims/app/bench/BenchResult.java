package dev.prims.app.bench;

import java.util.List;
import java.util.Map;

/**
 * What a benchmark run produced.
 *
 * @param rows every measurement, peers included
 * @param notes what was skipped or failed, and why
 * @param copyBandwidth the copy bandwidths used for the percentage column, by device and size
 * @param devices the backends that ran, with their devices
 */
public record BenchResult(
    List<BenchRow> rows,
    List<String> notes,
    List<Map<String, Object>> copyBandwidth,
    List<Map<String, Object>> devices) {}
