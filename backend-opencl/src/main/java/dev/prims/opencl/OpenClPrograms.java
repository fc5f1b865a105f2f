package dev.prims.opencl;

import static org.jocl.CL.*;

import dev.prims.PrimsException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.jocl.CLException;
import org.jocl.Pointer;
import org.jocl.Sizeof;
import org.jocl.cl_context;
import org.jocl.cl_device_id;
import org.jocl.cl_kernel;
import org.jocl.cl_program;

/**
 * Builds OpenCL programs once per (source, options) for one device and context, and hands out their
 * kernels. A failed build raises a {@link PrimsException} carrying the compiler's log. Not
 * thread-safe: the backend calls it under its lock.
 */
final class OpenClPrograms implements AutoCloseable {
  private static final String RESOURCES = "/dev/prims/opencl/";

  private final cl_context context;
  private final cl_device_id device;
  private final Map<String, cl_program> programs = new HashMap<>();
  private final Map<String, cl_kernel> kernels = new HashMap<>();
  private final Map<String, String> sources = new HashMap<>();
  private final String extraOptions;
  private final Path binaries;

  /**
   * @param extraOptions appended to every build (from {@code prims.opencl.buildOptions}; may be
   *     empty)
   * @param binaries where each built program's device binary is written (NVIDIA's is PTX), or null
   *     (from {@code prims.opencl.binaries})
   */
  OpenClPrograms(cl_context context, cl_device_id device, String extraOptions, Path binaries) {
    this.context = context;
    this.device = device;
    this.extraOptions = extraOptions.isBlank() ? "" : " " + extraOptions.trim();
    this.binaries = binaries;
  }

  /**
   * Kernel {@code name} of resource {@code file} (prefixed by common.cl and lookback.cl) built with
   * options; {@code file} may name several resources joined by {@code +}, compiled as one program
   * in that order.
   */
  cl_kernel kernel(String file, String options, String name) {
    String programKey = file + "|" + options;
    cl_program program =
        programs.computeIfAbsent(
            programKey, k -> build(file, common() + sources(file), options + extraOptions));
    return kernels.computeIfAbsent(
        programKey + "|" + name, k -> clCreateKernel(program, name, null));
  }

  /** Builds {@code source}; {@code label} names it in the error. */
  cl_program build(String label, String source, String options) {
    cl_program program = clCreateProgramWithSource(context, 1, new String[] {source}, null, null);
    try {
      clBuildProgram(program, 1, new cl_device_id[] {device}, options, null, null);
      if (binaries != null) {
        writeBinary(label, options, program);
      }
      return program;
    } catch (CLException e) {
      String log = buildLog(program);
      clReleaseProgram(program);
      throw new PrimsException(
          OpenClBackend.ID,
          "building "
              + label
              + " with options '"
              + options
              + "' failed ("
              + e.getMessage()
              + "); build log:\n"
              + log,
          e);
    }
  }

  /**
   * Writes the device binary of {@code program} to {@code binaries}, named by the label and a hash
   * of the options, with the options in a {@code .options} file beside it.
   */
  private void writeBinary(String label, String options, cl_program program) {
    long[] size = new long[1];
    clGetProgramInfo(program, CL_PROGRAM_BINARY_SIZES, Sizeof.size_t, Pointer.to(size), null);
    byte[] binary = new byte[(int) size[0]];
    clGetProgramInfo(
        program, CL_PROGRAM_BINARIES, Sizeof.POINTER, Pointer.to(Pointer.to(binary)), null);
    String name = label.replace('+', '_') + "-" + Integer.toHexString(options.hashCode());
    try {
      Files.createDirectories(binaries);
      Files.write(binaries.resolve(name + ".bin"), binary);
      Files.writeString(binaries.resolve(name + ".options"), options + "\n");
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the binary of " + label + " to " + binaries, e);
    }
  }

  private String buildLog(cl_program program) {
    try {
      long[] size = new long[1];
      clGetProgramBuildInfo(program, device, CL_PROGRAM_BUILD_LOG, 0, null, size);
      byte[] log = new byte[(int) size[0]];
      clGetProgramBuildInfo(
          program, device, CL_PROGRAM_BUILD_LOG, log.length, Pointer.to(log), null);
      return new String(log, StandardCharsets.UTF_8).trim();
    } catch (CLException e) {
      return "(no build log: " + e.getMessage() + ")";
    }
  }

  /** The sources every program begins with: the operators and types, and the look-back states. */
  private String common() {
    return source("common.cl") + source("lookback.cl");
  }

  private String sources(String files) {
    StringBuilder joined = new StringBuilder();
    for (String file : files.split("\\+")) {
      joined.append(source(file)).append('\n');
    }
    return joined.toString();
  }

  private String source(String file) {
    return sources.computeIfAbsent(file, OpenClPrograms::readResource);
  }

  private static String readResource(String file) {
    try (InputStream in = OpenClPrograms.class.getResourceAsStream(RESOURCES + file)) {
      if (in == null) {
        throw new IllegalStateException("kernel source " + RESOURCES + file + " is missing");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8) + "\n";
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read kernel source " + file, e);
    }
  }

  @Override
  public void close() {
    kernels.values().forEach(k -> clReleaseKernel(k));
    programs.values().forEach(p -> clReleaseProgram(p));
    kernels.clear();
    programs.clear();
  }
}
