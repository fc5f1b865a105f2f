package dev.prims.engine;

import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * The {@code prims.properties} file that applies (the working directory's, else the classpath's),
 * and its name for messages.
 */
record PropertiesFile(Properties properties, String source) {
  static PropertiesFile find() {
    Path local = Path.of("prims.properties");
    if (Files.isRegularFile(local)) {
      String source = local.toAbsolutePath().toString();
      try {
        return new PropertiesFile(
            parse(Files.readString(local, StandardCharsets.ISO_8859_1), source), source);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read " + source + ": " + e.getMessage(), e);
      }
    }
    ClassLoader loader = Thread.currentThread().getContextClassLoader();
    URL resource = loader == null ? null : loader.getResource("prims.properties");
    if (resource == null) {
      return new PropertiesFile(new Properties(), "prims.properties");
    }
    String source = resource.toString();
    try (InputStream in = resource.openStream()) {
      return new PropertiesFile(
          parse(new String(in.readAllBytes(), StandardCharsets.ISO_8859_1), source), source);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read " + source + ": " + e.getMessage(), e);
    }
  }

  /**
   * {@code text} parsed as a properties file ({@link Properties#load(java.io.Reader)}).
   *
   * @throws IllegalArgumentException naming {@code source} and the line of a malformed escape
   */
  static Properties parse(String text, String source) {
    Properties p = new Properties();
    try {
      p.load(new StringReader(text));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          source + ":" + malformedLine(text) + ": malformed \\uxxxx escape in prims.properties", e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return p;
  }

  /** The 1-based number of the first line with a {@code \\u} not followed by four hex digits. */
  static int malformedLine(String text) {
    String[] lines = text.split("\r\n|\r|\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i];
      for (int j = 0; j < line.length(); j++) {
        if (line.charAt(j) != '\\' || j + 1 >= line.length()) {
          continue;
        }
        if (line.charAt(j + 1) == 'u' && !fourHexDigits(line, j + 2)) {
          return i + 1;
        }
        j++;
      }
    }
    return lines.length;
  }

  private static boolean fourHexDigits(String line, int from) {
    if (from + 4 > line.length()) {
      return false;
    }
    for (int k = from; k < from + 4; k++) {
      if (Character.digit(line.charAt(k), 16) < 0) {
        return false;
      }
    }
    return true;
  }
}
