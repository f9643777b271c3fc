package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.lifecycle.AfterContainer;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.RealSubmits;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@link NamedNodesFirstPassCap}: the named nodes of a {@code -N k -w (k nodes) --gpus=N --cpus-per-gpu=C} job keep
 * their first pass's CPUs ({@code gres_filter_sock_core}'s first-pass cap, {@code eval_nodes_gres}'s write-back,
 * {@code common_topo_choose_nodes} restoring only node and core maps). Checked against real Slurm on own case
 * {@code plsock2} (idle and busy states, 21 probes, real 22.05.8 / 24.11.5 / 26.05.5) and {@code plsock1} p11, and on
 * every stored tree case as a bound real Slurm never breaks.
 */
class NamedNodesFirstPassCapTest {
    private static final List<SlurmVersion> VERSIONS = List.of(SlurmVersion.V22_05, SlurmVersion.V24_11,
            SlurmVersion.V26_05);
    private static final List<String> RESULTS = List.of("results/", "results/new/", "results/v26.05/");
    private static final AtomicInteger TRIES = new AtomicInteger();
    private static final AtomicInteger REFUSED = new AtomicInteger();
    private static final AtomicInteger PLACED = new AtomicInteger();

    /**
     * plsock1 p11 (issue 16's last "accepted" 26.05 probe): one GPU per node from a three-core socket at two CPUs per
     * GPU, so n01 and n03 give 2 of the 4 GPUs; real 22.05.8, 24.11.5 and 26.05.5 reject it at submit. The planner
     * refuses it under every release, whatever {@code slurm-tree} 26.05 answers (which places it).
     */
    @Test
    void plsock1P11IsRefusedUnderEveryRelease() {
        for (int v = 0; v < VERSIONS.size(); v++) {
            RealProbeState s = RealProbeState.of("plsock1", RESULTS.get(v) + "plsock1.jsonl", "p11");
            assertThat(s.real().path("state").asText()).isEqualTo("REJECTED");
            ClusterIndex index = ClusterIndex.of(s.cluster());
            for (String host : List.of("n01", "n03")) {
                int h = index.number(host);
                assertThat(NamedNodesFirstPassCap.mostAfterFirstPass(index.shape(h), s.state().usage(), h, s.probe()))
                        .as("%s: three free cores near its GPUs at two CPUs each", host).isEqualTo(1);
            }
            Suggestion refused = NamedNodesFirstPassCap.refusal(s.state(), s.probe(), VERSIONS.get(v));
            assertThat(refused).isInstanceOf(Suggestion.Impossible.class);
            assertThat(((Suggestion.Impossible) refused).reason()).contains("give at most 2 of the 4 GPUs");
            assertThat(new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(VERSIONS.get(v)))
                    .suggest(s.state(), s.probe())).as("under %s", VERSIONS.get(v).label())
                    .isInstanceOf(Suggestion.Impossible.class);
        }
    }

    /**
     * Own case plsock2: of the 18 probes the rule speaks for, it refuses exactly the ones real Slurm refused (the
     * same in all three releases): rejected at submit where the idle nodes fall short (p11, q1, r1, r3, r9, r10,
     * s2), a wait where only the busy ones do (s6, {@code Resources}); r7 and s3, whose named nodes have no
     * first-pass cap, run, and so does every probe whose nodes give enough.
     */
    @Test
    void plsock2RefusalsAreRealSlurmsRefusals() throws IOException {
        for (int v = 0; v < VERSIONS.size(); v++) {
            List<String> refused = new ArrayList<>();
            int spoken = walk("plsock2", RESULTS.get(v), VERSIONS.get(v), refused, true);
            assertThat(spoken).isEqualTo(18);
            assertThat(refused).as("under %s", VERSIONS.get(v).label()).containsExactly("p11 REJECTED Impossible",
                    "q1 REJECTED Impossible", "r1 REJECTED Impossible", "r3 REJECTED Impossible",
                    "r9 REJECTED Impossible", "r10 REJECTED Impossible", "s2 REJECTED Impossible",
                    "s6 PENDING Pending");
        }
    }

    /** Every job real Slurm started at submit in the stored tree cases passes the rule on the state it had then. */
    @Test
    void noRealPlacementIsRefused() throws IOException {
        List<String> cases = new ArrayList<>(List.of("binding", "cpg22", "pair22", "plsock1", "plsock2"));
        for (int i = 1; i <= 55; i++) {
            cases.add(String.format("fuzz%02d", i));
        }
        int spoken = 0;
        List<String> refusedRunning = new ArrayList<>();
        for (String c : cases) {
            for (int v = 0; v < VERSIONS.size(); v++) {
                String dir = RESULTS.get(v);
                if (OracleCase.class.getResource("/oracle/" + dir + c + ".jsonl") == null) {
                    continue; // a case run on some releases only
                }
                List<String> refused = new ArrayList<>();
                spoken += walk(c, dir, VERSIONS.get(v), refused, false);
                refused.stream().filter(r -> r.contains(" RUNNING ")).map(r -> dir + c + " " + r)
                        .forEach(refusedRunning::add);
            }
        }
        System.out.printf("named-node first-pass cap: %d submitted jobs it speaks for%n", spoken);
        assertThat(refusedRunning).as("jobs real Slurm ran that the rule refuses").isEmpty();
        assertThat(spoken).isGreaterThanOrEqualTo(54);
    }

    /**
     * Walks one real output, asking the rule of every submitted job it speaks for on the state real Slurm had (the
     * running jobs' real CPUs and GPUs); adds "NAME REALSTATE VERDICT" for each refusal; returns how many it spoke for.
     */
    private static int walk(String c, String dir, SlurmVersion version, List<String> refused, boolean onlyProbes)
            throws IOException {
        int spoken = 0;
        for (RealSubmits.Submit sub : RealSubmits.of(OracleCase.cluster(c), OracleCase.resource(dir + c + ".jsonl"))) {
            String name = sub.name();
            JobRequest job = sub.request();
            String real = sub.line().path("state").asText();
            if (job != null && NamedNodesFirstPassCap.applies(job) && !(onlyProbes && name.startsWith("b"))) {
                spoken++;
                Suggestion s = NamedNodesFirstPassCap.refusal(sub.before(), job, version);
                if (s != null) {
                    refused.add(name + " " + real + " " + s.getClass().getSimpleName());
                }
                if (onlyProbes) {
                    // the planner itself: placed exactly where real Slurm ran the probe
                    Suggestion mine = new PlannerPolicy(PolicyOptions.DEFAULT.withSlurmVersion(version))
                            .suggest(sub.before(), job);
                    assertThat(mine instanceof Suggestion.Placed).as("the planner on %s %s under %s: %s", c, name,
                            version.label(), mine).isEqualTo("RUNNING".equals(real));
                }
            }
        }
        return spoken;
    }

    @Provide
    Arbitrary<Long> seeds() {
        return Arbitraries.longs();
    }

    /**
     * Random {@link BindingClusters} states and a random job of the rule's shape ({@code -N k -w (k hosts) --gpus=N
     * --cpus-per-gpu=C}, sometimes enforce-binding), asked under every release: the planner never places what the
     * rule refuses, nor what {@code slurm-tree} of that release does not start.
     */
    @Property(tries = 300)
    void neverPlacesWhatTheRuleOrSlurmTreeRulesOut(@ForAll("seeds") long seed) {
        Random r = new Random(seed);
        Cluster c = BindingClusters.tree(r);
        ClusterState s = BindingClusters.occupy(r, c);
        JobRequest job = namedJob(r, c);
        TRIES.incrementAndGet();
        for (SlurmVersion v : VERSIONS) {
            PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(v);
            Suggestion mine = new PlannerPolicy(options).suggest(s, job);
            Suggestion rule = NamedNodesFirstPassCap.refusal(s, job, v);
            String what = job.toSbatchArgs() + " under Slurm " + v.label() + " (seed " + seed + ")";
            if (rule != null) {
                REFUSED.incrementAndGet();
                assertThat(mine).as("the planner on %s, which the rule refuses", what)
                        .isNotInstanceOf(Suggestion.Placed.class);
            }
            if (mine instanceof Suggestion.Placed placed) {
                PLACED.incrementAndGet();
                assertThat(new SlurmTreePolicy(options).suggest(s, job)).as("slurm-tree on %s, which the planner"
                        + " placed", what).isInstanceOf(Suggestion.Placed.class);
                assertThat(placed.placement().hosts()).extracting(h -> h.host())
                        .containsExactlyInAnyOrderElementsOf(job.nodelist());
            }
        }
    }

    static JobRequest namedJob(Random r, Cluster c) {
        List<String> hosts = new ArrayList<>(c.hostNames());
        Collections.shuffle(hosts, r);
        int k = Math.min(hosts.size(), 2 + r.nextInt(2));
        List<String> named = hosts.subList(0, k);
        int gpus = c.node(named.get(0)).gpus().size();
        String args = "-N" + k + " -w " + String.join(",", named) + " --gpus=" + (k + r.nextInt(k * gpus))
                + " --cpus-per-gpu=" + (1 + r.nextInt(4)) + (r.nextInt(3) == 0 ? " --gres-flags=enforce-binding" : "");
        return PlannerPolicyTest.job(args);
    }

    @AfterContainer
    static void enoughWereChecked() {
        if (TRIES.get() == 0) {
            return; // the property did not run in this container (a single @Test chosen)
        }
        // a property that never meets a refusal or a placement proves nothing
        assertThat(REFUSED.get()).as("rule refusals in %d tries", TRIES.get()).isGreaterThan(TRIES.get() / 10);
        assertThat(PLACED.get()).as("placements in %d tries", TRIES.get()).isGreaterThan(TRIES.get() / 10);
    }
}
