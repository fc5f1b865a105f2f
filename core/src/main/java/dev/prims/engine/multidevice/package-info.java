/**
 * One engine over several devices of one backend ({@code prims.device=all} or a list such as {@code
 * 0,1}): buffers split into one shard per device, every primitive run on the shards at once and its
 * partial results combined. The backends themselves stay single-device; this package composes them
 * through the SPI only.
 */
package dev.prims.engine.multidevice;
