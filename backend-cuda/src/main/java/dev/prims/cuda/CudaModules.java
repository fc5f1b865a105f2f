package dev.prims.cuda;

import static jcuda.driver.JCudaDriver.cuModuleGetFunction;
import static jcuda.driver.JCudaDriver.cuModuleLoadData;
import static jcuda.driver.JCudaDriver.cuModuleUnload;

import dev.prims.PrimsException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import jcuda.CudaException;
import jcuda.driver.CUfunction;
import jcuda.driver.CUmodule;

/**
 * The PTX modules under {@code dev/prims/cuda/ptx/} (one per {@code src/main/cuda/device/*.cu}: one
 * per primitive, and one per scan variant), each loaded (JIT-compiled by the driver) once, on first
 * use of one of its kernels, and their kernels by module and name (a kernel name may occur in more
 * than one module). Not thread-safe: used under the backend's lock with its context current.
 */
final class CudaModules {
  static final String PTX_DIRECTORY = "/dev/prims/cuda/ptx/";

  private final Map<String, CUmodule> modules = new HashMap<>();
  private final Map<String, CUfunction> functions = new HashMap<>();

  /**
   * The kernel {@code name} of module {@code module} ({@code "reduce"}, {@code
   * "scan_decoupled_lookback"}...).
   */
  CUfunction function(String module, String name) {
    String key = module + "/" + name;
    CUfunction f = functions.get(key);
    if (f == null) {
      f = new CUfunction();
      try {
        cuModuleGetFunction(f, module(module), name);
      } catch (CudaException e) {
        throw new PrimsException(
            CudaBackendProvider.ID,
            "kernel " + name + " not found in " + module + ".ptx: " + e.getMessage(),
            e);
      }
      functions.put(key, f);
    }
    return f;
  }

  private CUmodule module(String name) {
    CUmodule m = modules.get(name);
    if (m == null) {
      byte[] ptx = read(name);
      m = new CUmodule();
      try {
        cuModuleLoadData(m, ptx);
      } catch (CudaException e) {
        throw new PrimsException(
            CudaBackendProvider.ID,
            "the driver could not load " + name + ".ptx: " + e.getMessage(),
            e);
      }
      modules.put(name, m);
    }
    return m;
  }

  private static byte[] read(String name) {
    String path = PTX_DIRECTORY + name + ".ptx";
    try (InputStream in = CudaModules.class.getResourceAsStream(path)) {
      if (in == null) {
        throw new PrimsException(CudaBackendProvider.ID, "missing resource " + path);
      }
      byte[] text = in.readAllBytes();
      return Arrays.copyOf(text, text.length + 1);
    } catch (IOException e) {
      throw new PrimsException(CudaBackendProvider.ID, "cannot read " + path, e);
    }
  }

  /** Unloads every module. */
  void unload() {
    for (CUmodule m : modules.values()) {
      try {
        cuModuleUnload(m);
      } catch (CudaException ignored) {
        // the context is going away; nothing more to release
      }
    }
    modules.clear();
    functions.clear();
  }
}
