package dev.prims.spi;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** Moves a finished temporary file over its target so that readers see the old or the new whole. */
public final class AtomicReplace {
  private AtomicReplace() {}

  /**
   * Moves {@code temp} over {@code target}, atomically where the file system can (else a plain
   * replacing move).
   */
  public static void move(Path temp, Path target) throws IOException {
    try {
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    } catch (AtomicMoveNotSupportedException e) {
      Files.move(temp, target, StandardCopyOption.REPLACE_EXISTING);
    }
  }
}
