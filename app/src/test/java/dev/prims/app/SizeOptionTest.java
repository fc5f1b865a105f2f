package dev.prims.app;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SizeOptionTest {
  @Test
  void everyFormNamesTheSameCounts() {
    assertEquals(16L << 20, SizeOption.parse("16M"));
    assertEquals(16L << 20, SizeOption.parse("2^24"));
    assertEquals(64L << 10, SizeOption.parse("64k"));
    assertEquals(1L << 30, SizeOption.parse(" 1G "));
    assertEquals(1_000_000L, SizeOption.parse("1e6"));
    assertEquals(25_000_000L, SizeOption.parse("2.5E7"));
    assertEquals(1_000_000L, SizeOption.parse("1000000"));
    assertEquals(0L, SizeOption.parse("0"));
  }

  @Test
  void unreadableSizesAreClearExceptions() {
    for (String bad :
        new String[] {"", "x", "-5", "1.5e0", "2^63", "2^-1", "16T", "1e30", "9E18M"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> SizeOption.parse(bad), bad);
      assertTrue(e.getMessage().contains("'" + bad.trim() + "'"), e.getMessage());
    }
  }

  @Test
  void runAndBenchAcceptTheSameSyntax() {
    Cli run = Cli.run("run", "reduce", "--n", "1e3", "--type", "int", "--backend", "cpu");
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.out().contains("1000"), run.out());
    Cli bad = Cli.run("run", "reduce", "--n", "lots", "--backend", "cpu");
    assertEquals(2, bad.exitCode());
    assertTrue(bad.err().contains("cannot read size 'lots'"), bad.err());
  }

  @Test
  void intSizeOptionsTakeTheSameSyntaxAndRefuseWhatIntCannotHold() {
    assertEquals(1 << 24, new SizeOption.IntConverter().convert("2^24"));
    assertEquals(16 << 20, new SizeOption.IntConverter().convert("16M"));
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> new SizeOption.IntConverter().convert("2^31"));
    assertTrue(e.getMessage().contains("2^31"), e.getMessage());
    Cli stress = Cli.run("stress", "--max-size", "lots", "--backends", "cpu");
    assertEquals(2, stress.exitCode(), stress.err());
    assertTrue(stress.err().contains("cannot read size 'lots'"), stress.err());
  }
}
