package dev.prims.app;

import dev.prims.Prims;
import dev.prims.PrimsConfig;
import dev.prims.engine.CostModel;
import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code prims calibrate}: measures the cost model's rates again and rewrites its cache. */
@Command(
    name = "calibrate",
    mixinStandardHelpOptions = true,
    description = {
      "Measures every usable backend's rates for prims.backend=auto again (host-to-device and"
          + " device bandwidth, launch overhead) and rewrites the cost-model cache, whatever it"
          + " holds. Needed only after a change the cache cannot see; a new prims version, driver"
          + " or device, and an implausible entry, are measured again by themselves.",
      ""
    })
final class CalibrateCommand implements Callable<Integer> {
  @Spec private CommandSpec spec;

  @Option(
      names = "--config",
      paramLabel = "KEY=VALUE",
      description =
          "A configuration key, e.g. --config prims.costmodel.cache=FILE or"
              + " --config prims.opencl.platform=Portable.")
  private Map<String, String> config = new LinkedHashMap<>();

  @Mixin private JsonOption json;

  @Override
  public Integer call() throws java.io.IOException {
    PrimsConfig.Builder builder = PrimsConfig.builder();
    config.forEach(builder::set);
    try (Prims prims = Prims.create(builder.backend("auto").build())) {
      CostModel model = prims.costModel();
      Map<String, Object> report = CostModelReport.of(model, model.calibrate());
      PrintWriter out = spec.commandLine().getOut();
      json.emit(out, () -> CostModelReport.print(out, report), () -> JsonOutput.write(report));
    }
    return 0;
  }
}
