package org.topoplanner.app.cli;

import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyCatalog;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.TopologyConstraints;
import org.topoplanner.model.k8s.TasRequest;
import org.topoplanner.model.slurm.SlurmVersion;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The policy options shared by place, validate, compare and replay. */
public final class PolicyArgs {
    @Option(names = "--slurm-version", paramLabel = "V", defaultValue = "26.05",
            description = "Slurm release the Slurm policies behave like: 26.05, 24.11 or 22.05 (default ${DEFAULT-VALUE}).")
    String slurmVersion;

    @Option(names = "--tm-policy", paramLabel = "P", defaultValue = "none",
            description = "kubelet Topology Manager policy: none, best-effort, restricted, single-numa-node (default ${DEFAULT-VALUE}).")
    String tmPolicy;

    @Option(names = "--tm-scope", paramLabel = "S", defaultValue = "container",
            description = "kubelet Topology Manager scope: container or pod (default ${DEFAULT-VALUE}).")
    String tmScope;

    @Option(names = "--volcano-tier", paramLabel = "N",
            description = "Volcano networkTopology.highestTierAllowed: the highest HyperNode tier the gang may span"
                    + " (volcano policy; a hard limit of the planner in hard mode).")
    Integer volcanoTier;

    @Option(names = "--volcano-mode", paramLabel = "M", defaultValue = "hard",
            description = "Volcano networkTopology.mode: hard or soft (default ${DEFAULT-VALUE}).")
    String volcanoMode;

    @Option(names = "--kueue-required", paramLabel = "LEVEL",
            description = "Kueue podset-required-topology: all pods in one domain of this Topology level"
                    + " (a node label key; from a fabric, topoplanner.org/tier-N). A hard limit of the planner too.")
    String kueueRequired;

    @Option(names = "--kueue-preferred", paramLabel = "LEVEL",
            description = "Kueue podset-preferred-topology: one domain of this level if possible, else wider.")
    String kueuePreferred;

    @Option(names = "--kueue-unconstrained",
            description = "Kueue podset-unconstrained-topology: \"true\".")
    boolean kueueUnconstrained;

    PolicyOptions options(CommandSpec spec) {
        SlurmVersion v = SlurmVersion.parse(slurmVersion).orElseThrow(() -> new ParameterException(spec.commandLine(),
                "--slurm-version must be " + String.join(", ", SlurmVersion.labels()) + ", not " + slurmVersion));
        if (!java.util.List.of("none", "best-effort", "restricted", "single-numa-node").contains(tmPolicy)) {
            throw new ParameterException(spec.commandLine(), "--tm-policy must be none, best-effort, restricted or "
                    + "single-numa-node, not " + tmPolicy);
        }
        if (!java.util.List.of("container", "pod").contains(tmScope)) {
            throw new ParameterException(spec.commandLine(), "--tm-scope must be container or pod, not " + tmScope);
        }
        return new PolicyOptions(v, tmPolicy, tmScope, topology(spec));
    }

    private TopologyConstraints topology(CommandSpec spec) {
        if (!volcanoMode.equals("hard") && !volcanoMode.equals("soft")) {
            throw new ParameterException(spec.commandLine(), "--volcano-mode must be hard or soft, not " + volcanoMode);
        }
        if (volcanoTier != null && volcanoTier < 1) {
            throw new ParameterException(spec.commandLine(), "--volcano-tier must be at least 1, not " + volcanoTier);
        }
        int kueue = (kueueRequired != null ? 1 : 0) + (kueuePreferred != null ? 1 : 0) + (kueueUnconstrained ? 1 : 0);
        if (kueue > 1) {
            // Kueue refuses such a workload too: the annotations exclude each other
            throw new ParameterException(spec.commandLine(),
                    "--kueue-required, --kueue-preferred and --kueue-unconstrained exclude each other");
        }
        TasRequest.Mode mode = kueueRequired != null ? TasRequest.Mode.REQUIRED
                : kueuePreferred != null ? TasRequest.Mode.PREFERRED
                : kueueUnconstrained ? TasRequest.Mode.UNCONSTRAINED : null;
        String level = kueueRequired != null ? kueueRequired : kueuePreferred;
        if (level != null && level.isBlank()) {
            throw new ParameterException(spec.commandLine(), "a Kueue topology level cannot be empty");
        }
        return new TopologyConstraints(volcanoMode.equals("hard"), volcanoTier, mode, level);
    }

    static PlacementPolicy policy(CommandSpec spec, String id, PolicyOptions options) {
        return PolicyCatalog.create(id, options).orElseThrow(() -> new ParameterException(spec.commandLine(),
                "unknown policy '" + id + "'; known: " + String.join(", ", PolicyCatalog.ids())));
    }
}
