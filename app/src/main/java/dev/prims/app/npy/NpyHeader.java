package dev.prims.app.npy;

import dev.prims.DType;
import java.io.IOException;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.ReadableByteChannel;
import java.nio.charset.Charset;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The preamble of a {@code .npy} file holding a one-dimensional, little-endian, C-order array of
 * int32, int64, float32 or float64: magic {@code \x93NUMPY}, version, header length, and the header
 * dict with {@code descr}, {@code fortran_order} and {@code shape}.
 *
 * @param type the element type
 * @param length the number of elements
 */
public record NpyHeader(DType type, long length) {
  private static final byte[] MAGIC = {(byte) 0x93, 'N', 'U', 'M', 'P', 'Y'};
  private static final int ALIGNMENT = 64;

  /**
   * Reads the preamble from {@code in}, leaving it at the first data byte.
   *
   * @throws NpyFormatException when the preamble is malformed or describes an array prims cannot
   *     read (big-endian, Fortran order, not 1-D, another dtype)
   */
  public static NpyHeader read(ReadableByteChannel in) throws IOException {
    ByteBuffer start = readAvailable(in, MAGIC.length + 2);
    if (start.limit() == 0) {
      throw new NpyFormatException("empty file, not a NumPy .npy file");
    }
    for (byte b : MAGIC) {
      if (!start.hasRemaining() || start.get() != b) {
        throw new NpyFormatException("not a NumPy .npy file (no \\x93NUMPY magic string)");
      }
    }
    if (start.remaining() < 2) {
      throw new NpyFormatException("truncated .npy file: it ends before the format version");
    }
    int major = start.get() & 0xff;
    int minor = start.get() & 0xff;
    if (major < 1 || major > 3 || minor != 0) {
      throw new NpyFormatException(
          "unsupported .npy format version " + major + "." + minor + "; expected 1.0, 2.0 or 3.0");
    }
    int lengthBytes = major == 1 ? 2 : 4;
    ByteBuffer len = readFully(in, lengthBytes, "the header length");
    long headerLength =
        major == 1 ? Short.toUnsignedInt(len.getShort()) : Integer.toUnsignedLong(len.getInt());
    if (headerLength > 1 << 20) {
      throw new NpyFormatException("implausible .npy header length " + headerLength);
    }
    ByteBuffer header = readFully(in, (int) headerLength, "the header");
    Charset charset = major == 3 ? StandardCharsets.UTF_8 : StandardCharsets.ISO_8859_1;
    return parseDict(charset.decode(header).toString());
  }

  /**
   * The header from its dict text, such as {@code {'descr': '<f4', 'fortran_order': False, 'shape':
   * (10,), }}.
   */
  static NpyHeader parseDict(String text) throws NpyFormatException {
    Object parsed;
    try {
      parsed = PythonLiteral.parse(text);
    } catch (IllegalArgumentException e) {
      throw new NpyFormatException("malformed .npy header: " + e.getMessage());
    }
    if (!(parsed instanceof Map)) {
      throw new NpyFormatException("malformed .npy header: not a dict");
    }
    Map<?, ?> dict = (Map<?, ?>) parsed;
    for (String key : List.of("descr", "fortran_order", "shape")) {
      if (!dict.containsKey(key)) {
        throw new NpyFormatException("malformed .npy header: no '" + key + "' key");
      }
    }
    DType type = dtype(dict.get("descr"));
    if (!Boolean.FALSE.equals(dict.get("fortran_order"))) {
      throw new NpyFormatException(
          "Fortran-order arrays are not supported; save a C-order array (np.ascontiguousarray)");
    }
    return new NpyHeader(type, length(dict.get("shape")));
  }

  private static DType dtype(Object descr) throws NpyFormatException {
    if (!(descr instanceof String)) {
      throw new NpyFormatException(
          "structured dtype " + descr + " is not supported; expected '<i4', '<i8', '<f4' or '<f8'");
    }
    String d = (String) descr;
    String code = d;
    if (!d.isEmpty() && "<|=>".indexOf(d.charAt(0)) >= 0) {
      if (d.charAt(0) == '>') {
        throw new NpyFormatException(
            "big-endian dtype '"
                + d
                + "' is not supported; convert with a.astype(a.dtype.newbyteorder('<'))");
      }
      code = d.substring(1);
    }
    switch (code) {
      case "i4":
        return DType.INT;
      case "i8":
        return DType.LONG;
      case "f4":
        return DType.FLOAT;
      case "f8":
        return DType.DOUBLE;
      default:
        throw new NpyFormatException(
            "unsupported dtype '"
                + d
                + "'; expected int32, int64, float32 or float64 ('<i4', '<i8', '<f4', '<f8')");
    }
  }

  private static long length(Object shape) throws NpyFormatException {
    if (!(shape instanceof List)) {
      throw new NpyFormatException("malformed .npy header: shape " + shape + " is not a tuple");
    }
    List<?> dims = (List<?>) shape;
    if (dims.size() != 1) {
      throw new NpyFormatException(
          "only 1-D arrays are supported, got "
              + dims.size()
              + "-D shape "
              + shape.toString().replace('[', '(').replace(']', ')'));
    }
    Object dim = dims.get(0);
    if (!(dim instanceof BigInteger)
        || ((BigInteger) dim).signum() < 0
        || ((BigInteger) dim).bitLength() > 62) {
      throw new NpyFormatException("malformed .npy header: bad dimension " + dim);
    }
    return ((BigInteger) dim).longValueExact();
  }

  /** The NumPy dtype string of {@code type} ({@code '<f4'}). */
  public static String descr(DType type) {
    return "<" + (type.isFloating() ? "f" : "i") + type.bytes();
  }

  /** The preamble for this header: version 1.0, padded so the data starts 64-byte aligned. */
  public ByteBuffer encode() {
    String dict =
        "{'descr': '" + descr(type) + "', 'fortran_order': False, 'shape': (" + length + ",), }";
    int unpadded = MAGIC.length + 2 + 2 + dict.length() + 1;
    int padding = (ALIGNMENT - unpadded % ALIGNMENT) % ALIGNMENT;
    String header = dict + " ".repeat(padding) + "\n";
    ByteBuffer out =
        ByteBuffer.allocate(MAGIC.length + 4 + header.length()).order(ByteOrder.LITTLE_ENDIAN);
    out.put(MAGIC).put((byte) 1).put((byte) 0).putShort((short) header.length());
    out.put(header.getBytes(StandardCharsets.ISO_8859_1));
    return out.flip();
  }

  /** Bytes of element data that follow the preamble. */
  public long dataBytes() {
    return length * type.bytes();
  }

  private static ByteBuffer readFully(ReadableByteChannel in, int n, String what)
      throws IOException {
    ByteBuffer buf = readAvailable(in, n);
    if (buf.limit() < n) {
      throw new NpyFormatException(
          "truncated .npy file: it ends inside "
              + what
              + " ("
              + buf.limit()
              + " of "
              + n
              + " bytes)");
    }
    return buf;
  }

  private static ByteBuffer readAvailable(ReadableByteChannel in, int n) throws IOException {
    ByteBuffer buf = ByteBuffer.allocate(n).order(ByteOrder.LITTLE_ENDIAN);
    while (buf.hasRemaining()) {
      if (in.read(buf) < 0) {
        break;
      }
    }
    return buf.flip();
  }
}
