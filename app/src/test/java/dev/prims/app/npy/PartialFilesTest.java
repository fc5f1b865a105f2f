package dev.prims.app.npy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Partial outputs of a JVM that is terminated or killed mid-write do not stay behind. */
class PartialFilesTest {
  @TempDir Path dir;

  /** Starts a JVM holding a partial file of {@code target}; returns it with the file's path. */
  private record Holder(Process process, Path partial) {}

  private Holder hold(Path target) throws Exception {
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Process p =
        new ProcessBuilder(
                java.toString(),
                "-cp",
                System.getProperty("java.class.path"),
                PartialFileHolder.class.getName(),
                target.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    BufferedReader out =
        new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8));
    Path partial = Path.of(out.readLine());
    assertTrue(Files.exists(partial), partial.toString());
    assertTrue(
        PartialFiles.NAME.matcher(partial.getFileName().toString()).matches(),
        partial.getFileName().toString());
    return new Holder(p, partial);
  }

  @Test
  void terminatingTheWriterRemovesItsPartialFile() throws Exception {
    Holder h = hold(dir.resolve("out.npy"));
    h.process().destroy(); // SIGTERM: shutdown hooks run
    assertTrue(h.process().waitFor(30, TimeUnit.SECONDS));
    assertEquals(143, h.process().exitValue(), "terminated by SIGTERM");
    assertFalse(Files.exists(h.partial()), "the exit hook removed " + h.partial());
  }

  @Test
  void aKilledWritersLeftoverIsRemovedByTheNextWriteIntoTheDirectory() throws Exception {
    Holder h = hold(dir.resolve("out.npy"));
    Path unrelated = Files.writeString(dir.resolve(".notes.tmp"), "mine");
    Path ownLive = dir.resolve(".x.npy.prims-" + ProcessHandle.current().pid() + "-abc.tmp");
    Files.writeString(ownLive, "this JVM's");
    h.process().destroyForcibly(); // SIGKILL: no hook runs
    assertTrue(h.process().waitFor(30, TimeUnit.SECONDS));
    assertNotEquals(143, h.process().exitValue());
    assertTrue(Files.exists(h.partial()), "kill -9 leaves the partial file");

    NpyWriter.write(dir.resolve("other.npy"), new int[] {1, 2, 3});
    assertFalse(Files.exists(h.partial()), "the next write removed " + h.partial());
    assertTrue(Files.exists(unrelated), "other files stay");
    assertTrue(Files.exists(ownLive), "files of a live writer stay");
    assertArrayEquals(new int[] {1, 2, 3}, (int[]) NpyReader.read(dir.resolve("other.npy")));
  }

  @Test
  void aLiveWritersPartialFileStays() throws Exception {
    Holder h = hold(dir.resolve("out.npy"));
    try {
      assertEquals(0, PartialFiles.removeLeftovers(dir));
      assertTrue(Files.exists(h.partial()));
    } finally {
      h.process().destroyForcibly();
      h.process().waitFor(30, TimeUnit.SECONDS);
    }
  }

  @Test
  void aWriteLeavesNoPartialFile() throws Exception {
    NpyWriter.write(dir.resolve("a.npy"), new double[] {1.5});
    try (var files = Files.list(dir)) {
      assertEquals(java.util.List.of("a.npy"), files.map(f -> f.getFileName().toString()).toList());
    }
  }
}
