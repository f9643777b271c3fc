package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Under consumable memory ({@code CR_Core_Memory}, own case memgpu2: g1 16,000 MB, g2 64,000 MB, 4 GPUs each) a node
 * gives at most its free memory over {@code --mem-per-gpu} GPUs (cons_tres {@code _can_job_run_on_node},
 * {@code gres_select_filter_cons_res}; 22.05, 24.11 and 26.05 alike). On 300 random states (fixed seeds) made of
 * jobs with random {@code --mem-per-gpu} that {@code slurm-tree} started, the planner never places a job
 * {@code slurm-tree} does not place, and neither its answer nor its own optimum ({@link PlannerPolicy#plan}) puts GPUs on a node whose free
 * memory cannot hold them; {@code slurm-tree} keeps to it for {@code --gpus-per-node} (a {@code --gpus=N} count on
 * these topology-less GPUs is not held to it, as in real Slurm).
 */
class PlannerMemPerGpuPropertyTest {
    private static final long[] SIZES = {2000, 4000, 6000, 8000, 12000, 20000};

    private static JobRequest randomJob(Random r, String name) throws JobRequestException {
        int nodes = 1 + r.nextInt(2);
        // sbatch refuses --gpus below -N
        String gpus = r.nextBoolean() ? "--gpus-per-node=" + (1 + r.nextInt(3)) : "--gpus=" + (nodes + r.nextInt(2));
        return SbatchOptions.parseLine("-N" + nodes + " " + gpus + " --mem-per-gpu="
                + SIZES[r.nextInt(SIZES.length)], name);
    }

    /** Memory each node has left once what the running jobs hold there (their --mem-per-gpu times their GPUs) is taken. */
    private static Map<String, Long> freeMemory(Cluster c, ClusterState s) {
        Map<String, Long> free = new HashMap<>(Map.of("g1", 16000L, "g2", 64000L));
        for (Placement p : s.running().values()) {
            for (HostAllocation a : p.hosts()) {
                free.merge(a.host(), -s.heldMemory(p.job()).on(a.host()), Long::sum);
            }
        }
        return free;
    }

    private static void fitsMemory(Placement p, Map<String, Long> free, long perGpu, String what) {
        for (HostAllocation a : p.hosts()) {
            assertThat(perGpu * a.gpus().size()).as("memory on %s for %s", a.host(), what)
                    .isLessThanOrEqualTo(free.get(a.host()));
        }
    }

    /**
     * 300 fixed seeds rather than a jqwik property: the counts below must come from this run's tries alone (a
     * container hook counting a property's tries saw only a replayed sample in the full suite).
     */
    @Test
    void plannerKeepsToFreeMemoryAsSlurmDoes() throws JobRequestException {
        int busy = 0;
        int placed = 0;
        for (long seed = 0; seed < 300; seed++) {
            int[] counts = oneState(seed);
            busy += counts[0];
            placed += counts[1];
        }
        // a check on idle states, or one that never places, would not test the free-memory rule
        assertThat(busy).isGreaterThan(100);
        assertThat(placed).isGreaterThan(50);
    }

    /** One random state and job; whether the state was busy and whether the planner placed the job. */
    private static int[] oneState(long seed) throws JobRequestException {
        Random r = new Random(seed);
        Cluster c = OracleCase.cluster("memgpu2");
        SlurmVersion v = List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05).get(r.nextInt(3));
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(v);
        SlurmTreePolicy tree = new SlurmTreePolicy(options);
        ClusterState s = ClusterState.empty(c);
        for (int i = 0, n = 1 + r.nextInt(4); i < n; i++) {
            JobRequest run = randomJob(r, "r" + i);
            if (tree.suggest(s, run) instanceof Suggestion.Placed p) {
                s = s.with(p.placement(), ClusterState.Hold.LISTED,
                        org.topoplanner.allocator.slurm.FreeMemory.heldBy(c, run, p.placement()));
            }
        }
        int busy = s.running().isEmpty() ? 0 : 1;
        JobRequest job = randomJob(r, "j");
        String what = job + " under Slurm " + v.label() + " (seed " + seed + ")";
        Map<String, Long> free = freeMemory(c, s);
        Suggestion slurm = tree.suggest(s, job);
        Suggestion mine = new PlannerPolicy(options).suggest(s, job);
        if (!(slurm instanceof Suggestion.Placed)) {
            assertThat(mine).as("slurm-tree says %s for %s", slurm, what).isNotInstanceOf(Suggestion.Placed.class);
        } else if (job.gpusPerNode() != null) {
            // only a per-node count is held to the free memory: memgpu2's GPUs have no topology (gres.conf File=
            // only), so a --gpus=N job's count on a chosen node is the node's free GPUs less one per node after
            // (_get_job_cnt), past what its memory allows, and the memory set from it (gres_select_util_job_mem_set)
            // is not checked: own probe c26k2 z1 (-w g1,g2 -N2 --gpus=3 --mem-per-gpu=8000, g1 8,000 MB free) runs
            // with two GPUs on g1, AllocMem 40000 of RealMemory 32000, in real 24.11.5
            fitsMemory(((Suggestion.Placed) slurm).placement(), free, job.memPerGpuMiB(), "slurm-tree, " + what);
        }
        int placedNow = 0;
        if (mine instanceof Suggestion.Placed placed) {
            placedNow = 1;
            fitsMemory(placed.placement(), free, job.memPerGpuMiB(), what);
        }
        Optional<PlannerPolicy.Plan> own = new PlannerPolicy(options).plan(s, job);
        own.ifPresent(plan -> fitsMemory(plan.placement(), free, job.memPerGpuMiB(), "the planner's optimum, " + what));
        return new int[] {busy, placedNow};
    }
}
