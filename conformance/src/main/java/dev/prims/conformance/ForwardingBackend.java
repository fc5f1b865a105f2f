package dev.prims.conformance;

import dev.prims.DType;
import dev.prims.Primitive;
import dev.prims.spi.Backend;
import dev.prims.spi.BufferManager;
import dev.prims.spi.DeviceInfo;
import dev.prims.spi.DotProduct;
import dev.prims.spi.Histogrammer;
import dev.prims.spi.Reducer;
import dev.prims.spi.Scanner;
import java.util.List;

/**
 * A backend that hands every {@link Backend} method without a default to another backend; the
 * methods with a default keep it unless a subclass overrides them. Test backends that change a few
 * calls of a real backend extend it.
 */
public abstract class ForwardingBackend implements Backend {
  private final Backend delegate;

  /** A backend whose calls go to {@code delegate}. */
  protected ForwardingBackend(Backend delegate) {
    this.delegate = delegate;
  }

  /** The backend the calls go to. */
  protected final Backend delegate() {
    return delegate;
  }

  @Override
  public String id() {
    return delegate.id();
  }

  @Override
  public DeviceInfo device() {
    return delegate.device();
  }

  @Override
  public BufferManager buffers() {
    return delegate.buffers();
  }

  @Override
  public Reducer reducer() {
    return delegate.reducer();
  }

  @Override
  public Scanner scanner() {
    return delegate.scanner();
  }

  @Override
  public Histogrammer histogrammer() {
    return delegate.histogrammer();
  }

  @Override
  public DotProduct dot() {
    return delegate.dot();
  }

  @Override
  public List<String> variants(Primitive primitive) {
    return delegate.variants(primitive);
  }

  @Override
  public long sequentialChain(DType type, long n) {
    return delegate.sequentialChain(type, n);
  }

  @Override
  public void close() {
    delegate.close();
  }
}
