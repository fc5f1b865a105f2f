package dev.prims.app;

import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Path;

/** Paths of the NumPy-made fixtures under src/test/resources/npy (see make_fixtures.py). */
public final class Fixtures {
  private Fixtures() {}

  /** The fixture {@code name}, such as {@code int32_wrap.npy}. */
  public static Path npy(String name) {
    URL url = Fixtures.class.getResource("/npy/" + name);
    if (url == null) {
      throw new IllegalArgumentException("no fixture " + name + "; run make_fixtures.py");
    }
    try {
      return Path.of(url.toURI());
    } catch (URISyntaxException e) {
      throw new IllegalStateException(e);
    }
  }
}
