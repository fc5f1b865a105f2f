package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class TerminalTest {
  @Test
  void aTerminalOutsideCiIsInteractive() {
    assertTrue(Terminal.interactive(Map.of("TERM", "xterm-256color"), true));
    assertTrue(Terminal.interactive(Map.of("CI", "false"), true));
  }

  @Test
  void noTerminalCiOrADumbTerminalIsNot() {
    assertFalse(Terminal.interactive(Map.of(), false));
    assertFalse(Terminal.interactive(Map.of("CI", "true"), true));
    assertFalse(Terminal.interactive(Map.of("CI", "1"), true));
    assertFalse(Terminal.interactive(Map.of("TERM", "dumb"), true));
  }

  @Test
  void stderrOfATestRunIsNoTerminal() {
    // surefire redirects the forked JVM's stderr to a pipe
    assertFalse(Terminal.stderrIsInteractive());
  }
}
