package org.topoplanner.allocator.slurm;

import java.util.LinkedHashMap;
import java.util.Map;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Helpers of the consumable-memory tests: jobs started as the replay starts them (holding what
 * {@link FreeMemory#heldBy} says) on the own probe cases mem2a-mem2c (real 22.05.8, 24.11.5, 26.05.5).
 */
final class ConsumableMemoryCases {
    private ConsumableMemoryCases() {
    }

    static JobRequest job(String options, String name) throws JobRequestException {
        return SbatchOptions.parseLine(options, name);
    }

    static SlurmTreePolicy tree(String version) {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.parse(version).orElseThrow()));
    }

    /** {@code state} with {@code options} started where slurm-tree places it, holding its memory. */
    static ClusterState start(ClusterState state, String options, String name, String version)
            throws JobRequestException {
        JobRequest r = job(options, name);
        Suggestion s = tree(version).suggest(state, r);
        if (!(s instanceof Suggestion.Placed p)) {
            throw new AssertionError(name + " (" + options + ") not placed: " + s);
        }
        return state.with(p.placement(), r.exclusive() ? ClusterState.Hold.WHOLE_NODES : ClusterState.Hold.LISTED,
                FreeMemory.heldBy(state.cluster(), r, p.placement()));
    }

    /**
     * {@code state} with each job started in turn, as {@link #start} starts it; a job is written as in a case's
     * {@code jobs.txt}, its name and then its options ({@code "b2 -w g1 -n1"}).
     */
    static ClusterState started(ClusterState state, String version, String... jobs) throws JobRequestException {
        for (String job : jobs) {
            String[] nameAndOptions = job.strip().split("\\s+", 2);
            state = start(state, nameAndOptions.length > 1 ? nameAndOptions[1] : "", nameAndOptions[0], version);
        }
        return state;
    }

    static Suggestion place(ClusterState state, String options, String version) throws JobRequestException {
        return tree(version).suggest(state, job(options, "j"));
    }

    static String host(Suggestion s) {
        if (!(s instanceof Suggestion.Placed p)) {
            throw new AssertionError("not placed: " + s);
        }
        return p.placement().hosts().get(0).host();
    }

    /** {@code cluster} with {@code key=value} set among its {@code slurm.conf} keys (or dropped when null). */
    static Cluster withKey(Cluster cluster, String key, String value) {
        Map<String, String> keys = new LinkedHashMap<>(cluster.slurm().keys());
        if (value == null) {
            keys.remove(key);
        } else {
            keys.put(key, value);
        }
        SlurmSettings s = cluster.slurm();
        return new Cluster(cluster.name(), cluster.fabric(), cluster.nodes(), cluster.hosts(),
                new SlurmSettings(s.nodeLines(), s.gres(), keys, s.topologies()), null);
    }

    static ClusterState empty(String caseName) {
        return ClusterState.empty(OracleCase.cluster(caseName));
    }
}
