package dev.prims.aparapi;

import com.aparapi.device.OpenCLDevice;
import com.aparapi.internal.opencl.OpenCLLoader;
import com.aparapi.internal.opencl.OpenCLPlatform;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Run in a fresh JVM by {@link AparapiQuietTest}: prints the platform list that {@link
 * AparapiPlatformPreload} gives Aparapi, a line {@code --- aparapi}, then the list Aparapi's own
 * native enumeration builds; or {@code absent} where Aparapi has no OpenCL or the preload did not
 * run.
 */
public final class AparapiPreloadCompareMain {
  private AparapiPreloadCompareMain() {}

  /** Prints both lists. */
  public static void main(String[] args) {
    if (!OpenCLLoader.isOpenCLAvailable() || !AparapiPlatformPreload.preload()) {
      System.out.println("absent");
      return;
    }
    List<String> lines = describe(new OpenCLPlatform().getOpenCLPlatforms());
    lines.add("--- aparapi");
    lines.addAll(describe(OpenCLPlatform.getUncachedOpenCLPlatforms()));
    lines.forEach(System.out::println);
  }

  private static List<String> describe(List<OpenCLPlatform> platforms) {
    List<String> lines = new ArrayList<>();
    for (OpenCLPlatform p : platforms) {
      lines.add(String.join(" | ", "platform", p.getName(), p.getVendor(), p.getVersion()));
      for (OpenCLDevice d : p.getOpenCLDevices()) {
        lines.add(
            String.join(
                " | ",
                "device " + d.getDeviceId(),
                d.getName(),
                String.valueOf(d.getType()),
                "units " + d.getMaxComputeUnits(),
                "dims " + d.getMaxWorkItemDimensions(),
                "items " + Arrays.toString(d.getMaxWorkItemSize()),
                "group " + d.getMaxWorkGroupSize(),
                "alloc " + d.getMaxMemAllocSize(),
                "global " + d.getGlobalMemSize(),
                "local " + d.getLocalMemSize(),
                "shared " + d.isSharedMemory()));
      }
    }
    return lines;
  }
}
