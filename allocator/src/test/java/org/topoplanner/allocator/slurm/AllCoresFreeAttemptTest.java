package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.HeldMemory;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * 22.05's selections on a test 0 state kept with that state ({@link AllCoresFreeAttempt}, s25p): {@code slurm-tree}'s
 * answer and the planner's test 0 verdict ({@link SlurmTreePolicy#failsWithEveryCoreFree}) on a state reached by jobs
 * starting and ending one at a time (its test 0 state updated from the one before, its selections kept and read
 * again) must equal those on the same jobs put on a fresh state (every table and test 0 state made anew, nothing
 * kept), asked in the other order, on random states of fuzz15's cluster (GPUs, whole-node holds, held memory).
 */
class AllCoresFreeAttemptTest {
    private static final SlurmTreePolicy TREE = new SlurmTreePolicy(PolicyOptions.DEFAULT
            .withSlurmVersion(SlurmVersion.V22_05));

    @Test
    void aTestZeroStateIsItsOwn() {
        ClusterState s = ClusterState.empty(OracleCase.cluster("fuzz15"));
        s = start(s, JobRequest.builder().name("a").nodes(1, 1).gpusPerNode(2).cpusPerTask(3).build(), false, 0);
        s = start(s, JobRequest.builder().name("b").nodes(1, 1).ntasks(4).exclusive(true).build(), true, 0);
        ClusterState t0 = AllCoresFreeTest.stateOf(s);
        assertThat(AllCoresFreeTest.stateOf(t0)).isSameAs(t0);
        assertThat(AllCoresFreeTest.isOwnState(t0)).isTrue();
        assertThat(AllCoresFreeTest.isOwnState(s)).isFalse();
        ClusterState rebuilt = AllCoresFreeTest.build(t0);
        assertThat(List.copyOf(rebuilt.running().keySet())).isEqualTo(List.copyOf(t0.running().keySet()));
        for (String job : t0.running().keySet()) {
            assertThat(rebuilt.placement(job)).isEqualTo(t0.placement(job));
            assertThat(rebuilt.hold(job)).isEqualTo(t0.hold(job));
            assertThat(rebuilt.heldMemory(job)).isEqualTo(t0.heldMemory(job));
            assertThat(rebuilt.partitionOf(job)).isEqualTo(t0.partitionOf(job)).isNull();
            assertThat(rebuilt.topologyOf(job)).isEqualTo(t0.topologyOf(job)).isNull();
        }
    }

    @Test
    void keptSelectionsAnswerAsFreshOnesOnRandomStates() {
        for (long seed = 1; seed <= 6; seed++) {
            Random rnd = new Random(seed);
            ClusterState s = ClusterState.empty(OracleCase.cluster("fuzz15"));
            int started = 0;
            for (int step = 0; step < 40; step++) {
                if (!s.running().isEmpty() && rnd.nextInt(10) < 2) {
                    List<String> jobs = List.copyOf(s.running().keySet());
                    s = s.without(jobs.get(rnd.nextInt(jobs.size())));
                } else {
                    JobRequest r = randomJob("j" + started++, rnd);
                    s = start(s, r, r.exclusive(), rnd.nextInt(3) == 0 ? 8192L * (1 + rnd.nextInt(8)) : 0);
                }
                ClusterState fresh = fresh(s);
                for (JobRequest probe : probes()) {
                    // kept: the verdict first (the planner's order), then the answer; fresh: the other way round
                    boolean keptVerdict = TREE.failsWithEveryCoreFree(s, probe);
                    Suggestion kept = TREE.suggest(s, probe);
                    Suggestion made = TREE.suggest(fresh, probe);
                    boolean madeVerdict = TREE.failsWithEveryCoreFree(fresh, probe);
                    String at = "seed " + seed + " step " + step + " " + probe;
                    assertThat(kept).as(at).isEqualTo(made);
                    assertThat(keptVerdict).as(at).isEqualTo(madeVerdict);
                }
            }
        }
    }

    /** The same jobs, in the same start order, holds and memory, on a state made from nothing. */
    private static ClusterState fresh(ClusterState s) {
        ClusterState out = ClusterState.empty(s.cluster());
        for (Placement p : s.running().values()) {
            out = out.with(p, s.hold(p.job()), s.heldMemory(p.job()));
        }
        return out;
    }

    private static ClusterState start(ClusterState s, JobRequest r, boolean whole, long memMiB) {
        Suggestion got = TREE.suggest(s, r);
        if (!(got instanceof Suggestion.Placed placed)) {
            return s;
        }
        Map<String, Long> memory = new java.util.HashMap<>();
        if (memMiB > 0) {
            placed.placement().hosts().forEach(h -> memory.put(h.host(), memMiB));
        }
        return s.with(placed.placement(), whole ? ClusterState.Hold.WHOLE_NODES : ClusterState.Hold.LISTED,
                memory.isEmpty() ? HeldMemory.NONE : new HeldMemory(memory));
    }

    private static JobRequest randomJob(String name, Random rnd) {
        JobRequest.Builder b = JobRequest.builder().name(name);
        switch (rnd.nextInt(5)) {
            case 0 -> b.nodes(1, 1).gpusPerNode(1 + rnd.nextInt(4)).cpusPerTask(1 + rnd.nextInt(4));
            case 1 -> b.ntasks(1 + rnd.nextInt(24)).cpusPerTask(1 + rnd.nextInt(3));
            case 2 -> b.gpus(1 + rnd.nextInt(8));
            case 3 -> b.nodes(1, 1).ntasks(1 + rnd.nextInt(8)).exclusive(true);
            default -> b.nodes(1 + rnd.nextInt(2), 2).gpusPerNode(1).cpusPerGpu(1 + rnd.nextInt(6));
        }
        return b.build();
    }

    private static List<JobRequest> probes() {
        List<JobRequest> out = new ArrayList<>();
        out.add(JobRequest.builder().name("p1").nodes(1, 1).gpusPerNode(2).build());
        out.add(JobRequest.builder().name("p2").ntasks(20).cpusPerTask(2).build());
        out.add(JobRequest.builder().name("p3").gpus(5).cpusPerGpu(4).build());
        out.add(JobRequest.builder().name("p4").nodes(2, 2).exclusive(true).build());
        out.add(JobRequest.builder().name("p5").nodes(1, 1).gpusPerNode(2).memPerCpuMiB(20000L).build());
        out.add(JobRequest.builder().name("p6").nodes(3, 3).gpusPerNode(4).build());
        out.add(JobRequest.builder().name("p7").ntasks(96).build());
        out.add(JobRequest.builder().name("p8").nodes(1, 1).gpusPerNode(4).cpusPerGpu(6).enforceBinding(true).build());
        return out;
    }
}
