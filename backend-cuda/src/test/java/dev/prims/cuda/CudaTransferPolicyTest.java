package dev.prims.cuda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.prims.spi.BackendContext;
import dev.prims.spi.StagingPolicy;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The staged path's chunking and its configuration key (no GPU needed). */
class CudaTransferPolicyTest {
  @Test
  void chunksFillASlotAndStayVectorAligned() {
    CudaTransferPolicy policy = CudaTransferPolicy.defaults();
    int slot = policy.staging().chunkBytes();
    for (int inputs = 1; inputs <= 2; inputs++) {
      for (int bytes : new int[] {4, 8}) {
        int elements = policy.chunkElements(inputs, bytes);
        assertEquals(0, elements % 16);
        assertEquals(0, ((long) elements * bytes) % 16);
        assertTrue((long) inputs * elements * bytes <= slot);
        assertTrue((long) inputs * (elements + 16) * bytes > slot);
      }
    }
    assertEquals(0, slot % 16);
  }

  @Test
  void onlyLargeTransfersOnTheStagedPathStage() {
    CudaTransferPolicy staged = CudaTransferPolicy.defaults();
    assertTrue(staged.stages(CudaTransferPolicy.STAGED_MIN_BYTES));
    assertFalse(staged.stages(CudaTransferPolicy.STAGED_MIN_BYTES - 1));
    CudaTransferPolicy pageable = new CudaTransferPolicy(false, staged.staging());
    assertFalse(pageable.stages(Long.MAX_VALUE));
  }

  @Test
  void stagingKeysAreReadUnderPrimsCudaAndBadValuesNameTheKey() {
    Map<String, String> values =
        Map.of(
            "prims.cuda.stagingChunkBytes", "65536",
            "prims.cuda.stagingSlots", "3",
            "prims.cuda.stagingThreads", "5");
    BackendContext context = key -> Optional.ofNullable(values.get(key));
    CudaTransferPolicy policy = CudaTransferPolicy.of(context);
    assertTrue(policy.staged());
    assertEquals(new StagingPolicy(65536, 3, 5), policy.staging());
    BackendContext badSlots =
        key -> Optional.ofNullable(key.equals("prims.cuda.stagingSlots") ? "1" : null);
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> CudaTransferPolicy.of(badSlots));
    assertTrue(e.getMessage().contains("prims.cuda.stagingSlots") && e.getMessage().contains("1"));
  }

  @Test
  void unsetKeysTakeTheCudaDefaultsNotTheSharedOnes() {
    BackendContext onlyThreads =
        key -> Optional.ofNullable(key.equals("prims.cuda.stagingThreads") ? "7" : null);
    StagingPolicy staging = CudaTransferPolicy.of(onlyThreads).staging();
    StagingPolicy cuda = CudaTransferPolicy.stagingDefaults();
    assertEquals(new StagingPolicy(cuda.chunkBytes(), cuda.slots(), 7), staging);
    assertEquals(
        CudaTransferPolicy.defaults().staging(),
        CudaTransferPolicy.of(key -> Optional.empty()).staging());
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
