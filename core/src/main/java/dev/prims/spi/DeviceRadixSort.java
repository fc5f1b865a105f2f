package dev.prims.spi;

/**
 * The pass loop of the device backends' LSD radix sort, over memory handles {@code M} of one
 * backend: per digit, tile histograms, their scan and a stable scatter, ping-pong between the
 * outputs and scratch as {@link RadixPasses} says; passes whose digit every key shares ({@link
 * #sharedDigits}) are skipped. The first pass turns keys into radix bits as it loads them, the last
 * turns them back as it writes the outputs; a sort that ends in scratch (in place with an odd
 * number of passes) brings the keys back with {@link #bitsToKeys} and the values with {@link
 * #copyValues}. A backend implements the steps as kernel launches (enqueued in order).
 *
 * @param <M> the backend's handle of device memory (compared by identity: the same buffer must come
 *     as the same handle)
 */
public abstract class DeviceRadixSort<M> {
  /**
   * Counts the digits at {@code shift} ({@code digitBits} wide) of each tile of {@code keys} into
   * the counts, turning keys into radix bits first when {@code transformIn}.
   */
  protected abstract void histograms(M keys, int shift, int digitBits, boolean transformIn);

  /** Scans the counts of {@link #histograms} into each tile's first slot per digit. */
  protected abstract void scanCounts();

  /**
   * Moves {@code keys} (and {@code values}, null for keys alone) to {@code keysDst} ({@code
   * valuesDst}) by the scanned counts, stably; {@code transformIn} as in {@link #histograms},
   * {@code transformOut} turning radix bits back into keys as they are written.
   */
  protected abstract void scatter(
      M keys,
      M keysDst,
      M values,
      M valuesDst,
      int shift,
      int digitBits,
      boolean transformIn,
      boolean transformOut);

  /** Turns the radix bits in {@code bits} into keys in {@code keys}. */
  protected abstract void bitsToKeys(M bits, M keys);

  /** Copies the values in {@code from} to {@code to}. */
  protected abstract void copyValues(M from, M to);

  /**
   * The passes over {@code keys} whose digit every key shares, as bit {@code p} for pass {@code p}
   * ({@link RadixPasses#sharedDigits}); they are skipped. The default finds none.
   */
  protected long sharedDigits(M keys, int beginBit, int endBit, int digitBits) {
    return 0;
  }

  /**
   * Sorts {@code job}'s keys (its values beside them, or none) into its outputs by its bits (not
   * empty) in digits of {@code digitBits}, with its scratch as large as the keys (values).
   */
  final void sort(DeviceSorter.Job<M> job, int digitBits) {
    int all = (job.endBit() - job.beginBit() + digitBits - 1) / digitBits;
    long shared = sharedDigits(job.keys(), job.beginBit(), job.endBit(), digitBits);
    int[] running = new int[all];
    int count = 0;
    for (int p = 0; p < all; p++) {
      if ((shared >>> p & 1) == 0) {
        running[count++] = p;
      }
    }
    if (count == 0) {
      running[count++] = all - 1; // one pass still moves the keys and turns them back
    }
    RadixPasses keyPasses = RadixPasses.running(count, job.keys() == job.keysOut());
    RadixPasses valuePasses = RadixPasses.running(count, job.values() == job.valuesOut());
    boolean valuesEndInOutput = job.values() == null || valuePasses.endsInOutput();
    M keysSrc = job.keys();
    M valuesSrc = job.values();
    for (int j = 0; j < count; j++) {
      int shift = job.beginBit() + running[j] * digitBits;
      int bits = Math.min(digitBits, job.endBit() - shift);
      boolean first = j == 0;
      boolean transformOut = j == count - 1 && keyPasses.endsInOutput();
      M keysDst = keyPasses.writesOutput(j) ? job.keysOut() : job.keysTmp();
      M valuesDst =
          job.values() == null
              ? null
              : valuePasses.writesOutput(j) ? job.valuesOut() : job.valuesTmp();
      histograms(keysSrc, shift, bits, first);
      scanCounts();
      scatter(keysSrc, keysDst, valuesSrc, valuesDst, shift, bits, first, transformOut);
      keysSrc = keysDst;
      valuesSrc = valuesDst;
    }
    if (!keyPasses.endsInOutput()) {
      bitsToKeys(keysSrc, job.keysOut());
    }
    if (!valuesEndInOutput) {
      copyValues(valuesSrc, job.valuesOut());
    }
  }
}
