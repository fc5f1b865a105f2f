/**
 * Concrete conformance classes for a backend named at run time (JUnit configuration parameters or
 * system properties, see {@link dev.prims.conformance.configured.ConfiguredBackend}), as {@code
 * prims conformance} launches them through the JUnit Platform launcher.
 */
package dev.prims.conformance.configured;
