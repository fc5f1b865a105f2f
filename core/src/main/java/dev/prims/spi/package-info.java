/**
 * The backend SPI: plain interfaces a backend implements, found with {@link
 * java.util.ServiceLoader}. Nothing here depends on Guice.
 *
 * <p>A backend ships a {@link dev.prims.spi.BackendProvider} listed in {@code
 * META-INF/services/dev.prims.spi.BackendProvider}. Constructing the provider must not touch a
 * native library; {@link dev.prims.spi.BackendProvider#probe} and {@link
 * dev.prims.spi.BackendProvider#create} may, and fail soft.
 */
package dev.prims.spi;
