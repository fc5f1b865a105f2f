package dev.prims.opencl;

import dev.prims.DType;
import dev.prims.DeviceBuffer;
import dev.prims.ReduceOp;
import dev.prims.spi.ArgReducer;
import dev.prims.spi.CallContext;
import dev.prims.spi.IndexedValue;
import dev.prims.spi.ScalarBytes;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import org.jocl.Pointer;
import org.jocl.cl_mem;

/**
 * Arg-min/arg-max on OpenCL (argreduce.cl): arg_partials leaves one (key, index) per work-group of
 * a grid-stride sweep, arg_finish picks the winner and copies its element, and one 16-byte read
 * brings back the index and the value.
 */
record OpenClArgReducer(OpenClBackend backend) implements ArgReducer {
  static final String VARIANT = "two-pass-vectorized";
  private static final String FILE = "argreduce.cl";

  /** The build options of argreduce.cl's key type for elements of {@code type}. */
  static String keyOptions(DType type) {
    return type.bytes() == 8
        ? " -DKEY=long -DKEY_MAX=LONG_MAX -DKEY_MIN=LONG_MIN -DAS_KEY=as_long"
        : " -DKEY=int -DKEY_MAX=INT_MAX -DKEY_MIN=INT_MIN -DAS_KEY=as_int";
  }

  @Override
  public IndexedValue argReduce(DeviceBuffer input, ReduceOp op, CallContext call) {
    OpenClBuffer in = backend.own(input);
    DType type = in.type();
    backend.requireType(type);
    call.usedVariant(VARIANT);
    return backend.locked(
        "arg-reduce",
        () -> {
          long n = in.length();
          int block = OpenClReducePolicy.BLOCK_SIZE;
          long groups = OpenClReducePolicy.gridGroups(backend.openClDevice(), n, 4);
          boolean wide = type.bytes() == 8;
          String options = keyOptions(type);
          cl_mem keys = backend.scratch("arg.keys", groups * (wide ? 8 : 4));
          cl_mem index = backend.scratch("arg.index", groups * 8);
          cl_mem result = backend.scratch("arg.result", 16);
          backend.launch(
              backend.kernel(FILE, type, op, block, 1, options, "arg_partials"),
              groups,
              block,
              in.mem(),
              keys,
              index,
              n);
          backend.launch(
              backend.kernel(FILE, type, op, block, 1, options, "arg_finish"),
              1,
              block,
              in.mem(),
              keys,
              index,
              groups,
              result);
          ByteBuffer host = ByteBuffer.allocateDirect(16).order(ByteOrder.nativeOrder());
          backend.read(result, 0, Pointer.to(host), 16);
          long at = host.getLong(0);
          host.position(8);
          Number value = ScalarBytes.read(host.slice().order(ByteOrder.nativeOrder()), type);
          return new IndexedValue(value, at);
        });
  }
}
