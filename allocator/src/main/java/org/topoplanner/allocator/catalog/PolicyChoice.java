package org.topoplanner.allocator.catalog;

import org.topoplanner.allocator.PlacementPolicy;
import org.topoplanner.allocator.PolicyOptions;

import java.util.Objects;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.project.PolicySettings;
import org.topoplanner.model.project.ViewState;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The policy a plan is made and judged under, with its settings: one value where the window, the
 * command line and a project file used to carry a policy name beside a separate set of options.
 *
 * @param policy   which scheduler's behaviour
 * @param settings Slurm release, kubelet Topology Manager, the job's Volcano / Kueue topology; kept
 *                 whole when the policy changes, so switching back and forth loses nothing
 */
public record PolicyChoice(PolicyId policy, PolicyOptions settings) {
    /** The planner's optimum with the default settings: what the window starts with. */
    public static final PolicyChoice DEFAULT = new PolicyChoice(PolicyId.PLANNER, PolicyOptions.DEFAULT);

    public PolicyChoice {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(settings, "settings");
    }

    public static PolicyChoice of(PolicyId policy) {
        return new PolicyChoice(policy, PolicyOptions.DEFAULT);
    }

    /**
     * The choice a project was saved with: its policy and settings, each falling back to the default when
     * the file predates it or names a policy this version does not know; a file without a Slurm release
     * opens as {@link SlurmVersion#UNRECORDED}.
     */
    public static PolicyChoice of(ViewState view) {
        PolicyId id = PolicyId.parse(view.policy()).orElse(DEFAULT.policy);
        PolicySettings s = view.settings();
        if (s == null) {
            // saved before settings were kept: its placements were made under the window's 24.11 of then
            return DEFAULT.withPolicy(id).withSlurmVersion(view.slurmVersion());
        }
        return new PolicyChoice(id, new PolicyOptions(view.slurmVersion(), s.topologyManager(), s.topologyScope(),
                s.jobTopology()));
    }

    /** The settings as a project keeps them beside the policy's id. */
    public PolicySettings toSaved() {
        return new PolicySettings(settings.slurmVersion(), settings.topologyManager(),
                settings.topologyScope(), settings.topology());
    }

    /** A fresh instance of the policy with these settings. */
    public PlacementPolicy create() {
        return PolicyCatalog.create(this);
    }

    /** What the policy follows of the settings. */
    public Honours honours() {
        return PolicyCatalog.honours(policy);
    }

    /** The command-line spelling of the policy. */
    public String id() {
        return policy.id();
    }

    public TopologyConstraints topology() {
        return settings.topology();
    }

    public PolicyChoice withPolicy(PolicyId p) {
        return new PolicyChoice(p, settings);
    }

    public PolicyChoice withSettings(PolicyOptions s) {
        return new PolicyChoice(policy, s);
    }

    public PolicyChoice withSlurmVersion(SlurmVersion v) {
        return withSettings(settings.withSlurmVersion(v));
    }

    public PolicyChoice withTopologyManager(TopologyManagerPolicy tm, TopologyManagerScope scope) {
        return withSettings(settings.withTopologyManager(tm, scope));
    }

    public PolicyChoice withTopology(TopologyConstraints t) {
        return withSettings(settings.withTopology(t));
    }
}
