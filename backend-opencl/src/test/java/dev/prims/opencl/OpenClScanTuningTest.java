package dev.prims.opencl;

import dev.prims.conformance.ScanConformance;
import java.util.List;
import java.util.Map;

/**
 * The scan conformance suite on the OpenCL backend with every scan tuning key away from its default
 * (odd items per work-item, so unpadded tiles; small work-groups; a look-back window that does not
 * divide the tile count; few reduce-then-scan chunks), so that the settings a GPU tuning sweep
 * tries are proven on PoCL too. Reproducible scans must agree with two more shapes.
 */
class OpenClScanTuningTest extends ScanConformance {
  @Override
  protected String backendId() {
    return "opencl";
  }

  @Override
  protected Map<String, String> configuration() {
    return Map.of(
        OpenClScanPolicy.ITEMS_KEY, "31",
        OpenClScanPolicy.ITEMS8_KEY, "3",
        OpenClScanPolicy.BLOCK_KEY, "64",
        OpenClScanPolicy.WINDOW_KEY, "7",
        OpenClScanPolicy.CHUNKS_KEY, "2");
  }

  @Override
  protected List<Map<String, String>> launchShapes() {
    return List.of(
        Map.of(OpenClScanPolicy.ITEMS_KEY, "1", OpenClScanPolicy.ITEMS8_KEY, "1"),
        Map.of(
            OpenClScanPolicy.BLOCK_KEY,
            "512",
            OpenClScanPolicy.ITEMS_KEY,
            "32",
            OpenClScanPolicy.ITEMS8_KEY,
            "16",
            OpenClScanPolicy.WINDOW_KEY,
            "32"));
  }
}
