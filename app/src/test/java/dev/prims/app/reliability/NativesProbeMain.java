package dev.prims.app.reliability;

import dev.prims.cuda.CudaBackendProvider;
import dev.prims.opencl.OpenClBackendProvider;
import dev.prims.spi.Availability;
import dev.prims.spi.BackendProvider;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Run in a fresh JVM by {@link PrivateNativesTest}: probes the OpenCL and CUDA backends (which
 * loads their bindings' native libraries) and prints each availability and every mapped native
 * library of JOCL or JCuda, one per line.
 */
public final class NativesProbeMain {
  private NativesProbeMain() {}

  public static void main(String[] args) throws IOException {
    for (BackendProvider provider :
        new BackendProvider[] {new OpenClBackendProvider(), new CudaBackendProvider()}) {
      Availability a = provider.probe(key -> Optional.empty());
      System.out.println(
          "backend "
              + provider.id()
              + " "
              + (a.available() ? "available" : "absent " + a.reason()));
    }
    for (String line : Files.readAllLines(Path.of("/proc/self/maps"))) {
      if (line.contains("JOCL") || line.contains("JCuda")) {
        System.out.println("mapped " + line.substring(line.indexOf('/')));
      }
    }
  }
}
