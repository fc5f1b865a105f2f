package dev.prims.aparapi;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.prims.SelectResult;
import dev.prims.TopKOrder;
import dev.prims.TopKResult;
import dev.prims.conformance.SelectConformance;
import dev.prims.spi.DeviceSelect;
import org.junit.jupiter.api.Test;

/**
 * The select, partition and top-k conformance suite on the aparapi backend (PoCL here and in CI),
 * and the provenance of its host step.
 */
class AparapiSelectTest extends SelectConformance {
  @Override
  protected String backendId() {
    return "aparapi";
  }

  @Test
  void topKSaysItsCandidatesAreSortedOnTheHost() {
    TopKResult<float[]> top = prims().topK(new float[] {3, 9, 1, 9, 4}, 2, TopKOrder.LARGEST);
    assertArrayEquals(new float[] {9, 9}, top.values());
    assertArrayEquals(new int[] {1, 3}, top.indices());
    assertEquals(DeviceSelect.RADIX_SELECT, top.provenance().variant());
    assertEquals(AparapiCandidateSort.NOTE, top.provenance().note());
  }

  @Test
  void selectRunsOnTheDeviceAlone() {
    SelectResult<int[]> kept = prims().select(new int[] {5, -1, 7, 0}, new int[] {1, 0, 1, 0});
    assertArrayEquals(new int[] {5, 7}, kept.values());
    assertEquals(DeviceSelect.TILE_COMPACT, kept.provenance().variant());
    assertEquals("", kept.provenance().note());
  }
}
