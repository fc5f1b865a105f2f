package dev.prims.app.bench;

/**
 * One step of a ladder: a variant (or the CUB reference) timed on device-resident ints.
 *
 * @param backend backend id, or {@code cub}
 * @param device device name
 * @param primitive reduce, scan or histogram
 * @param variant the variant, or the CUB call
 * @param n elements
 * @param bestMs best time in milliseconds
 * @param medianMs median time in milliseconds
 * @param gbps 10^9 bytes per second from the best time (scan: read + write)
 * @param stepSpeedup the previous variant's time over this one's, or null for the first
 * @param cumulativeSpeedup the first variant's time over this one's, or null for a reference row
 * @param g80Ms Harris' G80 time for this kernel, or null
 * @param g80Gbps Harris' G80 bandwidth for this kernel, or null
 * @param check {@code ok}, or what was wrong with the answer
 */
public record LadderRow(
    String backend,
    String device,
    String primitive,
    String variant,
    long n,
    double bestMs,
    double medianMs,
    double gbps,
    Double stepSpeedup,
    Double cumulativeSpeedup,
    Double g80Ms,
    Double g80Gbps,
    String check) {}
