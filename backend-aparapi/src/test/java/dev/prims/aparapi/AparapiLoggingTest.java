package dev.prims.aparapi;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

/** Aparapi's JUL warnings are captured during launches, and its known chatter is not. */
class AparapiLoggingTest {
  @Test
  void capturesWarningsButNotHarmlessChatter() {
    AparapiLogging.install();
    Logger logger = Logger.getLogger("com.aparapi.internal.model.ClassModel");
    AparapiLogging.startCapture();
    logger.warning("Found unexpected Attribute (name = NestHost)");
    logger.info("an informative line");
    logger.log(Level.WARNING, "Device failed for SomeKernel: OpenCL compile failed");
    List<String> captured = AparapiLogging.stopCapture();
    assertEquals(List.of("Device failed for SomeKernel: OpenCL compile failed"), captured);
    assertEquals(List.of(), AparapiLogging.stopCapture(), "capture ends with stopCapture");
  }
}
