package org.topoplanner.app.cli;

import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyCatalog;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.SlurmVersion;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The policy options shared by place, validate, compare and replay. */
public final class PolicyArgs {
    @Option(names = "--slurm-version", paramLabel = "V", defaultValue = "24.11",
            description = "Slurm release the Slurm policies behave like: 22.05 or 24.11 (default ${DEFAULT-VALUE}).")
    String slurmVersion;

    @Option(names = "--tm-policy", paramLabel = "P", defaultValue = "none",
            description = "kubelet Topology Manager policy: none, best-effort, restricted, single-numa-node (default ${DEFAULT-VALUE}).")
    String tmPolicy;

    @Option(names = "--tm-scope", paramLabel = "S", defaultValue = "container",
            description = "kubelet Topology Manager scope: container or pod (default ${DEFAULT-VALUE}).")
    String tmScope;

    PolicyOptions options(CommandSpec spec) {
        SlurmVersion v = SlurmVersion.parse(slurmVersion).orElseThrow(() -> new ParameterException(spec.commandLine(),
                "--slurm-version must be 22.05 or 24.11, not " + slurmVersion));
        if (!java.util.List.of("none", "best-effort", "restricted", "single-numa-node").contains(tmPolicy)) {
            throw new ParameterException(spec.commandLine(), "--tm-policy must be none, best-effort, restricted or "
                    + "single-numa-node, not " + tmPolicy);
        }
        if (!java.util.List.of("container", "pod").contains(tmScope)) {
            throw new ParameterException(spec.commandLine(), "--tm-scope must be container or pod, not " + tmScope);
        }
        return new PolicyOptions(v, tmPolicy, tmScope);
    }

    static PlacementPolicy policy(CommandSpec spec, String id, PolicyOptions options) {
        return PolicyCatalog.create(id, options).orElseThrow(() -> new ParameterException(spec.commandLine(),
                "unknown policy '" + id + "'; known: " + String.join(", ", PolicyCatalog.ids())));
    }
}
