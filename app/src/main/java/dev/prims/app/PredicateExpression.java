package dev.prims.app;

import dev.prims.Predicate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.DoubleFunction;
import java.util.function.LongFunction;

/**
 * Parses the {@code --where} expression of {@code prims run select|partition} into a {@link
 * Predicate}: comparisons {@code x < c}, {@code x <= c}, {@code x > c}, {@code x >= c}, {@code x ==
 * c}, {@code x != c}, ranges {@code x in [a, b]} and {@code x in [a, b)}, {@code notnan}, joined by
 * {@code and} (binding tighter) and {@code or}, with parentheses. A whole-number constant compares
 * as an integer, any other as a double, as Java's operators would.
 */
final class PredicateExpression {
  /** A comparison operator's predicate of an integer and of a floating constant. */
  private record Comparison(LongFunction<Predicate> ofLong, DoubleFunction<Predicate> ofDouble) {}

  private static final Map<String, Comparison> COMPARISONS =
      Map.of(
          "<", new Comparison(Predicate::lessThan, Predicate::lessThan),
          "<=", new Comparison(Predicate::atMost, Predicate::atMost),
          ">", new Comparison(Predicate::greaterThan, Predicate::greaterThan),
          ">=", new Comparison(Predicate::atLeast, Predicate::atLeast),
          "==", new Comparison(Predicate::equalTo, Predicate::equalTo),
          "!=", new Comparison(Predicate::notEqualTo, Predicate::notEqualTo));

  private final List<String> tokens;
  private final String text;
  private int at;

  private PredicateExpression(String text) {
    this.text = text;
    this.tokens = tokenize(text);
  }

  /**
   * The predicate of {@code text}.
   *
   * @throws BadInputException naming the expression and what is wrong with it
   */
  static Predicate parse(String text) {
    PredicateExpression p = new PredicateExpression(text);
    Predicate result = p.or();
    if (p.at != p.tokens.size()) {
      throw p.bad("unexpected '" + p.tokens.get(p.at) + "'");
    }
    return result;
  }

  private Predicate or() {
    Predicate left = and();
    while (accept("or")) {
      left = left.or(and());
    }
    return left;
  }

  private Predicate and() {
    Predicate left = term();
    while (accept("and")) {
      left = left.and(term());
    }
    return left;
  }

  private Predicate term() {
    if (accept("(")) {
      Predicate inner = or();
      expect(")");
      return inner;
    }
    if (accept("notnan")) {
      return Predicate.notNaN();
    }
    expect("x");
    String op = next("a comparison");
    if (op.equals("in")) {
      expect("[");
      String lower = next("a lower bound");
      expect(",");
      String upper = next("an upper bound");
      String close = next("] or )");
      if (!close.equals("]") && !close.equals(")")) {
        throw bad("a range ends with ] or ), not '" + close + "'");
      }
      try {
        if (integral(lower) && integral(upper)) {
          long lo = Long.parseLong(lower);
          long hi = Long.parseLong(upper);
          return close.equals("]") ? Predicate.between(lo, hi) : Predicate.inRange(lo, hi);
        }
        double lo = number(lower);
        double hi = number(upper);
        return close.equals("]") ? Predicate.between(lo, hi) : Predicate.inRange(lo, hi);
      } catch (IllegalArgumentException e) {
        throw bad(e.getMessage());
      }
    }
    String constant = next("a constant");
    try {
      if (integral(constant)) {
        long c = Long.parseLong(constant);
        return comparison(op).ofLong().apply(c);
      }
      double c = number(constant);
      return comparison(op).ofDouble().apply(c);
    } catch (IllegalArgumentException e) {
      throw bad(e.getMessage());
    }
  }

  private Comparison comparison(String op) {
    Comparison comparison = COMPARISONS.get(op);
    if (comparison == null) {
      throw bad("unknown comparison '" + op + "'");
    }
    return comparison;
  }

  private static boolean integral(String s) {
    return s.matches("[+-]?\\d{1,18}");
  }

  private double number(String s) {
    String bare = s.startsWith("+") || s.startsWith("-") ? s.substring(1) : s;
    if (bare.equals("inf") || bare.equals("infinity")) {
      return s.startsWith("-") ? Double.NEGATIVE_INFINITY : Double.POSITIVE_INFINITY;
    }
    try {
      return Double.parseDouble(s);
    } catch (NumberFormatException e) {
      throw bad("'" + s + "' is not a number");
    }
  }

  private boolean accept(String token) {
    if (at < tokens.size() && tokens.get(at).equals(token)) {
      at++;
      return true;
    }
    return false;
  }

  private void expect(String token) {
    if (!accept(token)) {
      throw bad(
          "expected '"
              + token
              + "'"
              + (at < tokens.size() ? " at '" + tokens.get(at) + "'" : " at the end"));
    }
  }

  private String next(String what) {
    if (at >= tokens.size()) {
      throw bad("expected " + what + " at the end");
    }
    return tokens.get(at++);
  }

  private BadInputException bad(String why) {
    return new BadInputException("--where '" + text + "': " + why);
  }

  private static List<String> tokenize(String text) {
    List<String> out = new ArrayList<>();
    String s = text.toLowerCase(Locale.ROOT);
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if ("()[],".indexOf(c) >= 0) {
        out.add(String.valueOf(c));
        i++;
      } else if ("<>=!".indexOf(c) >= 0) {
        int j = i + 1;
        if (j < s.length() && s.charAt(j) == '=') {
          j++;
        }
        out.add(s.substring(i, j));
        i = j;
      } else {
        int j = i;
        while (j < s.length()
            && !Character.isWhitespace(s.charAt(j))
            && "()[],<>=!".indexOf(s.charAt(j)) < 0) {
          j++;
        }
        out.add(s.substring(i, j));
        i = j;
      }
    }
    return out;
  }
}
