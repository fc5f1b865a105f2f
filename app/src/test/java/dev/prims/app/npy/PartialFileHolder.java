package dev.prims.app.npy;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JVM caught in the middle of writing an output: creates the partial file of {@code args[0]},
 * writes a little into it, prints its path, and waits (at most a minute) to be killed.
 */
public final class PartialFileHolder {
  private PartialFileHolder() {}

  public static void main(String[] args) throws Exception {
    Path temp = PartialFiles.create(Path.of(args[0]));
    Files.writeString(temp, "partial");
    System.out.println(temp);
    System.out.flush();
    Thread.sleep(60_000);
  }
}
