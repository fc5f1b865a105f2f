package dev.prims.aparapi;

import com.aparapi.Kernel;
import java.lang.reflect.Field;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Whether Aparapi's last run of a kernel fell back from the device it was given. Aparapi 3.0.2 has
 * no public answer: {@code Kernel.getTargetDevice()} names the kernel class's preferred device (the
 * first GPU), not the device of the {@code Range} that ran, so on a host with a GPU and a CPU
 * device it names the GPU even when the CPU device ran the kernel. Its kernel runner keeps a
 * private {@code isFallBack} flag, set when a run falls back and cleared after every run that
 * OpenCL completed; this reads it. Where the field is missing (another Aparapi version) the answer
 * is unknown and the caller compares preferred devices as before.
 */
final class AparapiRunState {
  private static final Logger LOG = LoggerFactory.getLogger(AparapiRunState.class);
  private static final Field RUNNER = field(Kernel.class, "kernelRunner");
  private static final Field FALL_BACK =
      RUNNER == null ? null : field(RUNNER.getType(), "isFallBack");

  private AparapiRunState() {}

  /** True or false when known, null when this Aparapi does not tell. */
  static Boolean fellBack(Kernel kernel) {
    if (FALL_BACK == null) {
      return null;
    }
    try {
      Object runner = RUNNER.get(kernel);
      return runner == null ? null : FALL_BACK.getBoolean(runner);
    } catch (IllegalAccessException | RuntimeException e) {
      return null;
    }
  }

  private static Field field(Class<?> owner, String name) {
    try {
      Field f = owner.getDeclaredField(name);
      f.setAccessible(true);
      return f;
    } catch (ReflectiveOperationException | RuntimeException e) {
      LOG.debug("aparapi: cannot read {}.{}: {}", owner.getName(), name, e.toString());
      return null;
    }
  }
}
