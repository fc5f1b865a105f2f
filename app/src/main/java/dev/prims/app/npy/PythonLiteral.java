package dev.prims.app.npy;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Parses the small subset of Python literals found in {@code .npy} headers: dicts, tuples, lists,
 * quoted strings, integers, {@code True}, {@code False} and {@code None}. Values become {@link
 * Map}, {@link List}, {@link String}, {@link BigInteger}, {@link Boolean} or null.
 */
final class PythonLiteral {
  private final String text;
  private int pos;

  private PythonLiteral(String text) {
    this.text = text;
  }

  /**
   * The value of {@code text}, which must hold exactly one literal.
   *
   * @throws IllegalArgumentException naming the position of the first thing it cannot parse
   */
  static Object parse(String text) {
    PythonLiteral p = new PythonLiteral(text);
    Object value = p.value();
    p.skipSpace();
    if (p.pos != text.length()) {
      throw p.error("unexpected text after the literal");
    }
    return value;
  }

  private Object value() {
    skipSpace();
    if (pos >= text.length()) {
      throw error("unexpected end");
    }
    char c = text.charAt(pos);
    switch (c) {
      case '{':
        return dict();
      case '(':
        return sequence(')');
      case '[':
        return sequence(']');
      case '\'':
      case '"':
        return string(c);
      default:
        if (c == '-' || c == '+' || Character.isDigit(c)) {
          return integer();
        }
        return word();
    }
  }

  private Map<Object, Object> dict() {
    Map<Object, Object> map = new LinkedHashMap<>();
    pos++;
    while (true) {
      skipSpace();
      if (peek('}')) {
        pos++;
        return map;
      }
      Object key = value();
      skipSpace();
      expect(':');
      map.put(key, value());
      skipSpace();
      if (peek(',')) {
        pos++;
      } else if (!peek('}')) {
        throw error("expected ',' or '}'");
      }
    }
  }

  private List<Object> sequence(char close) {
    List<Object> list = new ArrayList<>();
    pos++;
    while (true) {
      skipSpace();
      if (peek(close)) {
        pos++;
        return list;
      }
      list.add(value());
      skipSpace();
      if (peek(',')) {
        pos++;
      } else if (!peek(close)) {
        throw error("expected ',' or '" + close + "'");
      }
    }
  }

  private String string(char quote) {
    StringBuilder sb = new StringBuilder();
    pos++;
    while (pos < text.length()) {
      char c = text.charAt(pos++);
      if (c == quote) {
        return sb.toString();
      }
      if (c == '\\' && pos < text.length()) {
        c = text.charAt(pos++);
      }
      sb.append(c);
    }
    throw error("unterminated string");
  }

  private BigInteger integer() {
    int start = pos;
    if (peek('-') || peek('+')) {
      pos++;
    }
    while (pos < text.length() && Character.isDigit(text.charAt(pos))) {
      pos++;
    }
    String digits = text.substring(start, pos);
    if (pos < text.length() && (text.charAt(pos) == 'L' || text.charAt(pos) == 'l')) {
      pos++;
    }
    try {
      return new BigInteger(digits);
    } catch (NumberFormatException e) {
      pos = start;
      throw error("malformed integer");
    }
  }

  private Object word() {
    int start = pos;
    while (pos < text.length() && Character.isLetterOrDigit(text.charAt(pos))) {
      pos++;
    }
    String word = text.substring(start, pos);
    switch (word) {
      case "True":
        return Boolean.TRUE;
      case "False":
        return Boolean.FALSE;
      case "None":
        return null;
      default:
        pos = start;
        throw error("unexpected '" + (word.isEmpty() ? text.charAt(pos) : word) + "'");
    }
  }

  private void skipSpace() {
    while (pos < text.length() && Character.isWhitespace(text.charAt(pos))) {
      pos++;
    }
  }

  private boolean peek(char c) {
    return pos < text.length() && text.charAt(pos) == c;
  }

  private void expect(char c) {
    if (!peek(c)) {
      throw error("expected '" + c + "'");
    }
    pos++;
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException(what + " at character " + pos);
  }
}
