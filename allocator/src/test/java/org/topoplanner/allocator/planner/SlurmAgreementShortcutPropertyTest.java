package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.replay.Leaves;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@link SlurmAgreement#settledWithoutSlurm} changes no verdict: on random fragmented states of the probe clusters
 * (fuzz21-fuzz46: uneven leaves, weights, mixed node types, PCIe-paired GPUs, 3- and 4-level trees; background jobs
 * placed as {@code slurm-tree} of the release places them, {@link PlannerOnProbeClustersPropertyTest#fragmented})
 * and of {@link BindingClusters}, under every release, wherever it lets the planner skip {@code slurm-tree} for a
 * {@code -N n --gpus-per-node=G} job (one node, or a few the planner put under one leaf), {@code slurm-tree} places
 * the job on at least one leaf, so holding the planner's answer
 * against it ({@link SlurmAgreement#reconcile}) returns the planner's answer unchanged. Draws {@value #TRIES} states
 * from seed {@value #SEED}; {@code -Dshortcut.tries=N -Dshortcut.seed=S} draws more.
 */
class SlurmAgreementShortcutPropertyTest {
    private static final int TRIES = 240;
    private static final long SEED = 15_15;
    private static final List<String> CLUSTERS = List.of("fuzz21", "fuzz23", "fuzz25", "fuzz27", "fuzz29",
            "fuzz30", "fuzz32", "fuzz34", "fuzz36", "fuzz38", "fuzz41", "fuzz43", "fuzz45", "fuzz46");
    private static final List<SlurmVersion> VERSIONS = List.of(SlurmVersion.V22_05, SlurmVersion.V24_11,
            SlurmVersion.V26_05);
    private static final Map<String, Cluster> READ = new ConcurrentHashMap<>();

    @Test
    void skippingSlurmTreeChangesNoAnswer() {
        int tries = Integer.getInteger("shortcut.tries", TRIES);
        long seed = Long.getLong("shortcut.seed", SEED);
        int settled = 0;
        int multi = 0;
        int full = 0;
        for (int i = 0; i < tries; i++) {
            Random r = new Random(seed + i);
            Cluster c;
            ClusterState s;
            SlurmVersion v = VERSIONS.get(r.nextInt(VERSIONS.size()));
            SlurmTreePolicy slurm = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v));
            if (r.nextInt(4) == 0) {
                c = BindingClusters.tree(r);
                s = BindingClusters.occupy(r, c);
            } else {
                c = READ.computeIfAbsent(CLUSTERS.get(r.nextInt(CLUSTERS.size())), OracleCase::cluster);
                s = PlannerOnProbeClustersPropertyTest.fragmented(r, c, slurm);
            }
            int most = c.hostNames().stream().mapToInt(h -> c.node(h).gpus().size()).max().orElse(0);
            if (most == 0) {
                continue;
            }
            for (int g = 1; g <= most; g++) {
                // one node, or a few (the planner may put them under one leaf)
                JobRequest job = JobRequest.nodesWithGpus("probe", g % 2 == 1 ? 1 : 1 + r.nextInt(4), g);
                Suggestion mine = new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(s, job);
                ClusterIndex index = ClusterIndex.of(c);
                if (!SlurmAgreement.settledWithoutSlurm(index, job, mine, p -> Leaves.of(c, p).size())) {
                    full++;
                    continue;
                }
                settled++;
                Suggestion theirs = slurm.suggest(s, job);
                String what = job + " under " + v.label() + " (seed " + (seed + i) + ")";
                assertThat(theirs).as("slurm-tree on %s", what).isInstanceOf(Suggestion.Placed.class);
                multi += job.minNodes() > 1 ? 1 : 0;
                assertThat(SlurmAgreement.reconcile(mine, false, theirs, v, p -> Leaves.of(c, p).size()))
                        .as("the planner's answer held against slurm-tree for %s", what).isSameAs(mine);
            }
        }
        System.out.printf("agreement shortcut: %d answers settled without slurm-tree (each checked against it; %d of"
                + " several nodes), %d asked it%n", settled, multi, full);
        assertThat(settled).as("answers the shortcut settled").isGreaterThan(tries);
        assertThat(multi).as("answers of several nodes the shortcut settled").isGreaterThan(tries / 10);
    }
}
