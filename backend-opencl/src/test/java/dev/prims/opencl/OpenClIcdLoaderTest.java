package dev.prims.opencl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where the OpenCL ICD loader is looked for before JOCL loads (no hardware needed). */
class OpenClIcdLoaderTest {
  @TempDir Path dir;

  @Test
  void theSearchPathFollowsLdLibraryPathThenLdSoConfAndItsIncludesThenTheSystem()
      throws IOException {
    Path confDir = Files.createDirectories(dir.resolve("ld.so.conf.d"));
    Files.writeString(confDir.resolve("b.conf"), "/opt/b\n");
    Files.writeString(confDir.resolve("a.conf"), "# vendor\n/opt/a # trailing comment\n");
    Files.writeString(confDir.resolve("ignored.txt"), "/opt/never\n");
    Path conf = dir.resolve("ld.so.conf");
    Files.writeString(conf, "include ld.so.conf.d/*.conf\n/opt/c\n");

    List<Path> path = OpenClIcdLoader.searchPath("/first::/second", "/java", conf);

    assertEquals(
        List.of(
            Path.of("/first"),
            Path.of("/second"),
            Path.of("/java"),
            Path.of("/opt/a"),
            Path.of("/opt/b"),
            Path.of("/opt/c")),
        path.subList(0, 6));
    assertTrue(path.contains(Path.of("/usr/lib/x86_64-linux-gnu")));
    assertFalse(path.contains(Path.of("/opt/never")));
  }

  @Test
  void aMissingConfAndNullListsLeaveTheSystemDirectories() {
    List<Path> path = OpenClIcdLoader.searchPath(null, null, dir.resolve("absent.conf"));
    assertEquals(Path.of("/lib"), path.get(0));
  }

  @Test
  void theLoaderIsFoundByEitherNameAndOnlyWhereItIs() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("empty"));
    Path withVersioned = Files.createDirectories(dir.resolve("versioned"));
    Path withPlain = Files.createDirectories(dir.resolve("plain"));
    Files.writeString(withVersioned.resolve("libOpenCL.so.1"), "");
    Files.writeString(withPlain.resolve("libOpenCL.so"), "");

    assertFalse(OpenClIcdLoader.presentIn(List.of(empty, dir.resolve("missing"))));
    assertTrue(OpenClIcdLoader.presentIn(List.of(empty, withVersioned)));
    assertTrue(OpenClIcdLoader.presentIn(List.of(withPlain)));
  }
}
