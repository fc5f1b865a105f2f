package dev.prims.app.npy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.math.BigInteger;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PythonLiteralTest {
  @Test
  void parsesNestedValues() {
    Object v = PythonLiteral.parse(" {'a': (1, -2,), \"b\": [True, False, None], 'c': 'x\\'y'} ");
    assertEquals(List.of(BigInteger.ONE, BigInteger.valueOf(-2)), ((Map<?, ?>) v).get("a"));
    List<?> b = (List<?>) ((Map<?, ?>) v).get("b");
    assertEquals(Boolean.TRUE, b.get(0));
    assertEquals(Boolean.FALSE, b.get(1));
    assertNull(b.get(2));
    assertEquals("x'y", ((Map<?, ?>) v).get("c"));
  }

  @Test
  void parsesEmptyTuple() {
    assertEquals(List.of(), PythonLiteral.parse("()"));
  }

  @Test
  void namesThePositionOfAnError() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PythonLiteral.parse("{'a' 1}"));
    assertTrue(e.getMessage().contains("at character 5"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> PythonLiteral.parse("{'a': 1} x"));
    assertThrows(IllegalArgumentException.class, () -> PythonLiteral.parse("'open"));
    assertThrows(IllegalArgumentException.class, () -> PythonLiteral.parse("nope"));
  }
}
