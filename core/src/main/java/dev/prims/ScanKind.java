package dev.prims;

/** Whether element i of a scan includes input i ({@link #INCLUSIVE}) or stops before it. */
public enum ScanKind {
  INCLUSIVE,
  EXCLUSIVE
}
