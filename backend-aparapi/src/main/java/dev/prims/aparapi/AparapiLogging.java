package dev.prims.aparapi;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.bridge.SLF4JBridgeHandler;

/**
 * Routes Aparapi's java.util.logging output through SLF4J, installed once on the {@code
 * com.aparapi} logger only (the JVM's other JUL loggers are left alone). Known harmless chatter
 * (class-file attributes such as NestHost that Aparapi does not know, synthetic local variable
 * tables) goes to DEBUG. While a thread launches a kernel its Aparapi warnings are captured, so
 * that the launcher can report them as the reason of a fallback, and logged at DEBUG.
 */
final class AparapiLogging {
  private static final String ROOT = "com.aparapi";
  private static final String[] HARMLESS = {
    "Found unexpected Attribute", "does not contain a LocalVariableTable"
  };
  private static final ThreadLocal<List<String>> CAPTURE = new ThreadLocal<>();

  /** Held strongly: JUL keeps only weak references to loggers and would drop the handler. */
  private static Logger aparapiLogger;

  private AparapiLogging() {}

  /** Installs the bridge once; later calls do nothing. */
  static synchronized void install() {
    if (aparapiLogger != null) {
      return;
    }
    Logger logger = Logger.getLogger(ROOT);
    logger.setUseParentHandlers(false);
    logger.addHandler(new Bridge());
    logger.setLevel(LoggerFactory.getLogger(ROOT).isDebugEnabled() ? Level.FINE : Level.INFO);
    aparapiLogger = logger;
  }

  /** Starts capturing this thread's Aparapi warnings. */
  static void startCapture() {
    CAPTURE.set(new ArrayList<>());
  }

  /** Stops capturing and returns the warnings seen since {@link #startCapture()}. */
  static List<String> stopCapture() {
    List<String> captured = CAPTURE.get();
    CAPTURE.remove();
    return captured == null ? List.of() : captured;
  }

  private static boolean harmless(String message) {
    for (String h : HARMLESS) {
      if (message.contains(h)) {
        return true;
      }
    }
    return false;
  }

  /** The SLF4J bridge with the filtering and capture described above. */
  private static final class Bridge extends SLF4JBridgeHandler {
    @Override
    public void publish(LogRecord record) {
      if (record == null) {
        return;
      }
      String message = record.getMessage() == null ? "" : record.getMessage();
      List<String> captured = CAPTURE.get();
      boolean quiet = harmless(message);
      if (captured != null && !quiet && record.getLevel().intValue() >= Level.WARNING.intValue()) {
        captured.add(message);
        quiet = true;
      }
      if (quiet) {
        org.slf4j.Logger target = getSLF4JLogger(record);
        if (target.isDebugEnabled()) {
          target.debug(message, record.getThrown());
        }
        return;
      }
      super.publish(record);
    }
  }
}
