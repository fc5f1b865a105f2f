package dev.prims.aparapi;

import com.aparapi.Kernel;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Function;

/**
 * One compiled kernel of a backend, used by one thread at a time (Aparapi kernels are not
 * thread-safe), with the versions of the buffers its device copies hold, so that unchanged inputs
 * are not copied again.
 *
 * @param <K> the kernel class
 */
final class KernelHandle<K extends Kernel> implements AutoCloseable {
  private final K kernel;
  private final String name;
  private final ReentrantLock lock = new ReentrantLock();
  private final Map<String, Synced> synced = new HashMap<>();
  private final Set<AparapiBuffer> held = Collections.newSetFromMap(new WeakHashMap<>());
  private long uploads;

  private record Synced(Object array, long version) {}

  KernelHandle(K kernel) {
    this.kernel = kernel;
    this.name = kernel.getClass().getSimpleName();
    kernel.setExplicit(true);
  }

  /** The kernel's simple class name, for messages. */
  String name() {
    return name;
  }

  /** The kernel; only use it inside {@link #locked}. */
  K kernel() {
    return kernel;
  }

  /** Runs {@code work} holding this kernel's lock. */
  <T> T locked(Function<K, T> work) {
    lock.lock();
    try {
      return work.apply(kernel);
    } finally {
      lock.unlock();
    }
  }

  /**
   * Makes the kernel's device copy of the array bound to field {@code slot} current: puts it unless
   * this kernel last saw this very array at this version.
   */
  void bind(String slot, AparapiBuffer buffer) {
    Object array = buffer.array();
    long version = buffer.version();
    Synced last = synced.get(slot);
    if (last == null || last.array() != array || last.version() != version) {
      Transfers.put(kernel, array);
      synced.put(slot, new Synced(array, version));
      uploads++;
    }
  }

  /** How many times {@link #bind} copied a buffer to the device (for tests and diagnostics). */
  long uploads() {
    lock.lock();
    try {
      return uploads;
    } finally {
      lock.unlock();
    }
  }

  /** Copies a kernel-written buffer back to the host and records the new version. */
  void fetch(String slot, AparapiBuffer buffer) {
    Object array = buffer.array();
    Transfers.get(kernel, array);
    synced.put(slot, new Synced(array, buffer.markWritten()));
  }

  /**
   * Leaves what the last run wrote to the array of {@code buffer}, bound to field {@code slot}, on
   * this kernel's device copy: the buffer gets a new version, and its host array is brought up to
   * date when it is next used ({@link AparapiBuffer#array}, {@link #settleAllBut}).
   */
  void hold(String slot, AparapiBuffer buffer) {
    synced.put(slot, new Synced(buffer.arrayToOverwrite(), buffer.markWritten()));
    buffer.holder(this);
    held.add(buffer);
  }

  /** Forgets a hold on {@code buffer} without copying it back (its host array is newer now). */
  void release(AparapiBuffer buffer) {
    held.remove(buffer);
    if (buffer.holder() == this) {
      buffer.holder(null);
    }
  }

  /** Copies the contents this kernel holds for {@code buffer} back to its host array. */
  void settle(AparapiBuffer buffer) {
    lock.lock();
    try {
      if (held.remove(buffer) && buffer.holder() == this && !buffer.isClosed()) {
        Transfers.get(kernel, buffer.arrayToOverwrite());
      }
      if (buffer.holder() == this) {
        buffer.holder(null);
      }
    } finally {
      lock.unlock();
    }
  }

  /**
   * Copies back every buffer this kernel holds but {@code keep} (which the next run overwrites), as
   * the next run may rebind or rebuild their device copies (the caller holds the lock).
   */
  void settleAllBut(AparapiBuffer keep) {
    for (AparapiBuffer buffer : List.copyOf(held)) {
      if (buffer != keep) {
        settle(buffer);
      }
    }
  }

  /** Copies a scratch array to the device before the next run. */
  void put(Object array) {
    Transfers.put(kernel, array);
  }

  /** Copies a scratch array back from the device. */
  void get(Object array) {
    Transfers.get(kernel, array);
  }

  /** Forgets every device copy (after a run on the Java thread pool, which left them stale). */
  void forgetDeviceCopies() {
    synced.clear();
  }

  @Override
  public void close() {
    lock.lock();
    try {
      kernel.dispose();
      synced.clear();
      for (AparapiBuffer buffer : List.copyOf(held)) {
        release(buffer);
      }
    } finally {
      lock.unlock();
    }
  }
}
