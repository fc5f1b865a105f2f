package dev.prims.app.npy;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.prims.app.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NpyWriterTest {
  @Test
  void writesTheSameBytesAsNumpy(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("scan.npy");
    NpyWriter.write(out, new int[] {1, 3, 6, 10});
    assertArrayEquals(
        Files.readAllBytes(Fixtures.npy("scan_i4_inclusive.npy")), Files.readAllBytes(out));
  }

  @Test
  void roundTripsEveryTypeAcrossChunks(@TempDir Path dir) throws IOException {
    Random random = new Random(7);
    int n = (1 << 18) + 3;
    int[] ints = random.ints(n).toArray();
    long[] longs = random.longs(n).toArray();
    double[] doubles = random.doubles(n).toArray();
    float[] floats = new float[n];
    for (int i = 0; i < n; i++) {
      floats[i] = (float) random.nextGaussian();
    }
    floats[5] = Float.NaN;
    floats[6] = -0.0f;
    NpyWriter.write(dir.resolve("i.npy"), ints);
    NpyWriter.write(dir.resolve("l.npy"), longs);
    NpyWriter.write(dir.resolve("f.npy"), floats);
    NpyWriter.write(dir.resolve("d.npy"), doubles);
    NpyWriter.write(dir.resolve("e.npy"), new double[0]);
    assertArrayEquals(ints, (int[]) NpyReader.read(dir.resolve("i.npy")));
    assertArrayEquals(longs, (long[]) NpyReader.read(dir.resolve("l.npy")));
    assertArrayEquals(floats, (float[]) NpyReader.read(dir.resolve("f.npy")));
    assertArrayEquals(doubles, (double[]) NpyReader.read(dir.resolve("d.npy")));
    assertEquals(0, ((double[]) NpyReader.read(dir.resolve("e.npy"))).length);
  }

  @Test
  void replacesAnExistingFileWhole(@TempDir Path dir) throws IOException {
    Path out = dir.resolve("x.npy");
    NpyWriter.write(out, new long[] {1, 2, 3});
    NpyWriter.write(out, new long[] {4});
    assertArrayEquals(new long[] {4}, (long[]) NpyReader.read(out));
    assertEquals(List.of("x.npy"), names(dir));
  }

  @Test
  void leavesNothingBehindWhenTheMoveFails(@TempDir Path dir) throws IOException {
    Path target = dir.resolve("occupied.npy");
    Files.createDirectory(target);
    Files.writeString(target.resolve("keep"), "x");
    assertThrows(IOException.class, () -> NpyWriter.write(target, new int[] {1, 2}));
    assertEquals(List.of("occupied.npy"), names(dir));
    assertEquals(List.of("keep"), names(target));
  }

  @Test
  void failsWhenTheDirectoryIsMissing(@TempDir Path dir) {
    assertThrows(
        IOException.class, () -> NpyWriter.write(dir.resolve("no/such/x.npy"), new int[] {1}));
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.map(p -> p.getFileName().toString()).sorted().collect(Collectors.toList());
    }
  }
}
