package dev.prims.app;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The start of a command line for a child JVM of a test: the same java and JDK 24+ flags. */
public final class ChildJvm {
  private ChildJvm() {}

  /** {@code java} of this JVM, then the flags this JVM got that silence JDK 24+ warnings. */
  public static List<String> command() {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    for (String arg : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (arg.startsWith("--enable-native-access") || arg.startsWith("--sun-misc-unsafe")) {
        command.add(arg);
      }
    }
    return command;
  }
}
