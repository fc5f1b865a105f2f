package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** The staged path's chunking and its configuration key (no GPU needed). */
class CudaTransferPolicyTest {
  @Test
  void chunksFillASlotAndStayVectorAligned() {
    for (int inputs = 1; inputs <= 2; inputs++) {
      for (int bytes : new int[] {4, 8}) {
        int elements = CudaTransferPolicy.chunkElements(inputs, bytes);
        assertEquals(0, elements % 16);
        assertEquals(0, ((long) elements * bytes) % 16);
        assertTrue((long) inputs * elements * bytes <= CudaTransferPolicy.CHUNK_BYTES);
        assertTrue((long) inputs * (elements + 16) * bytes > CudaTransferPolicy.CHUNK_BYTES);
      }
    }
    assertEquals(0, CudaTransferPolicy.CHUNK_BYTES % 16);
  }

  @Test
  void hostPathKeyIsStagedByDefaultAndRejectsOtherValues() {
    assertTrue(CudaTransferPolicy.staged(null));
    assertTrue(CudaTransferPolicy.staged("staged"));
    assertFalse(CudaTransferPolicy.staged("pageable"));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CudaTransferPolicy.staged("pinned"));
    assertTrue(e.getMessage().contains("prims.cuda.hostpath") && e.getMessage().contains("pinned"));
  }
}
