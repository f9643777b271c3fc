package org.topoplanner.app.cli;

import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.TopologyManagerOptions;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.k8s.VolcanoMode;
import org.topoplanner.model.slurm.SlurmVersion;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/** The policy settings shared by place, validate, compare and replay. */
public final class PolicyArgs {
    @Mixin
    SlurmVersionArg slurmVersion = new SlurmVersionArg();

    @Option(names = "--tm-policy", paramLabel = "P", defaultValue = "none",
            converter = SettingWords.TopologyManagerPolicies.class,
            completionCandidates = SettingWords.TopologyManagerPolicies.class,
            description = "kubelet Topology Manager policy: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
    TopologyManagerPolicy tmPolicy;

    @Option(names = "--tm-scope", paramLabel = "S", defaultValue = "container",
            converter = SettingWords.TopologyManagerScopes.class,
            completionCandidates = SettingWords.TopologyManagerScopes.class,
            description = "kubelet Topology Manager scope: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
    TopologyManagerScope tmScope;

    @Option(names = "--tm-option", paramLabel = "KEY=VALUE",
            description = "kubelet --topology-manager-policy-options, repeatable or comma-separated: "
                    + "prefer-closest-numa-nodes=true, max-allowable-numa-nodes=N (default 8; a kubelet with a"
                    + " policy other than none does not start on a node with more NUMA nodes).")
    java.util.List<String> tmOptions = new java.util.ArrayList<>();

    @Option(names = "--volcano-tier", paramLabel = "N",
            description = "Volcano networkTopology.highestTierAllowed: the highest HyperNode tier the gang may span"
                    + " (volcano policy; a hard limit of the planner in hard mode).")
    Integer volcanoTier;

    @Option(names = "--volcano-mode", paramLabel = "M", defaultValue = "hard",
            converter = SettingWords.VolcanoModes.class, completionCandidates = SettingWords.VolcanoModes.class,
            description = "Volcano networkTopology.mode: ${COMPLETION-CANDIDATES} (default ${DEFAULT-VALUE}).")
    VolcanoMode volcanoMode;

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

    /** The settings, checked: the same for every policy (compare asks them all). */
    PolicyOptions options(CommandSpec spec) {
        SlurmVersion v = slurmVersion.version(spec);
        TopologyManagerOptions.Parsed parsed = TopologyManagerOptions.parse(tmOptions);
        if (parsed instanceof TopologyManagerOptions.Invalid bad) {
            throw new ParameterException(spec.commandLine(), "--tm-option: " + bad.message());
        }
        TopologyManagerOptions tm = ((TopologyManagerOptions.Valid) parsed).options();
        return new PolicyOptions(v, tmPolicy, tmScope, topology(spec), tm);
    }

    /** {@code policy} under these settings. */
    PolicyChoice choice(CommandSpec spec, PolicyId policy) {
        return new PolicyChoice(policy, options(spec));
    }

    private TopologyConstraints topology(CommandSpec spec) {
        if (volcanoTier != null && volcanoTier < 1) {
            throw new ParameterException(spec.commandLine(), "--volcano-tier must be at least 1, not " + volcanoTier);
        }
        int kueue = (kueueRequired != null ? 1 : 0) + (kueuePreferred != null ? 1 : 0) + (kueueUnconstrained ? 1 : 0);
        if (kueue > 1) {
            // Kueue refuses such a workload too: the annotations exclude each other
            throw new ParameterException(spec.commandLine(),
                    "--kueue-required, --kueue-preferred and --kueue-unconstrained exclude each other");
        }
        KueueMode mode = kueueRequired != null ? KueueMode.REQUIRED
                : kueuePreferred != null ? KueueMode.PREFERRED
                : kueueUnconstrained ? KueueMode.UNCONSTRAINED : null;
        String level = kueueRequired != null ? kueueRequired : kueuePreferred;
        if (level != null && level.isBlank()) {
            throw new ParameterException(spec.commandLine(), "a Kueue topology level cannot be empty");
        }
        return new TopologyConstraints(volcanoMode, volcanoTier, mode, level);
    }
}
