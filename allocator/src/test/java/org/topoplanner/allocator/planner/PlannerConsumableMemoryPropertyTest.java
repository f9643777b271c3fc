package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Optional;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.FreeMemory;
import org.topoplanner.allocator.slurm.SlurmTreePolicy;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * Memory held by running jobs under consumable memory (own cases mem2a {@code CR_Core_Memory}, mem2b
 * {@code CR_CPU_Memory} with {@code DefMemPerGPU}, mem2c {@code CR_Core_Memory} with {@code DefMemPerCPU}, mem2g with
 * {@code MaxMemPerCPU} and a partition's {@code MaxMemPerNode}, mem3c with {@code MemSpecLimit}; the rules
 * of cons_tres {@code _verify_node_state}, {@code _can_job_run_on_node} and {@code memory_allocated}, 22.05, 24.11
 * and 26.05 alike). On 300 random states (fixed seeds) of jobs with {@code --mem}, {@code --mem-per-cpu},
 * {@code --mem-per-gpu}, no option or {@code --exclusive} that {@code slurm-tree} started, holding what
 * {@link FreeMemory#heldBy} says, the planner never places a job {@code slurm-tree} does not place, and neither its
 * answer nor its own optimum needs more memory on a node than the running jobs leave free.
 */
class PlannerConsumableMemoryPropertyTest {
    private static final List<String> CASES = List.of("mem2a", "mem2b", "mem2c", "mem2g", "mem3c");
    private static final String[] MEMORY = {"", "--mem=2000", "--mem=12000", "--mem-per-cpu=1500",
        "--mem-per-cpu=4000", "--mem-per-gpu=3000", "--mem-per-gpu=9000", "--mem=0", "-p small --mem=9000"};

    private static JobRequest randomJob(Random r, String name, String caseName) throws JobRequestException {
        String shape = switch (r.nextInt(4)) {
            case 0 -> "-N1 -n" + (1 + r.nextInt(4));
            case 1 -> "-N1 --gpus-per-node=" + (1 + r.nextInt(2));
            case 2 -> "-N2 -n2";
            default -> "-N1 -n1 --exclusive";
        };
        String memory = MEMORY[r.nextInt(MEMORY.length)];
        if (memory.startsWith("--mem-per-gpu") && !shape.contains("gpus")) {
            memory = ""; // sbatch needs a GPU count for --mem-per-gpu
        }
        if (memory.startsWith("-p small") && !caseName.equals("mem2g")) {
            memory = "--mem=9000"; // only mem2g has the partition small (MaxMemPerNode=8000)
        }
        return SbatchOptions.parseLine(shape + " " + memory, name);
    }

    /** The job's memory on each of its nodes fits what the running jobs leave there. */
    private static void fitsFreeMemory(Cluster c, ClusterState s, JobRequest job, Placement p, String what) {
        var needs = FreeMemory.heldBy(c, job, p);
        for (HostAllocation a : p.hosts()) {
            assertThat(needs.on(a.host())).as("memory on %s for %s", a.host(), what)
                    .isLessThanOrEqualTo(JobMemoryFit.left(c, s, a.host()));
        }
    }

    /** 300 fixed seeds, so that the counts come from this run's tries alone (see PlannerMemPerGpuPropertyTest). */
    @Test
    void plannerKeepsToTheMemoryRunningJobsHold() throws JobRequestException {
        int busy = 0;
        int placed = 0;
        int refused = 0;
        for (long seed = 0; seed < 300; seed++) {
            int[] counts = oneState(seed);
            busy += counts[0];
            placed += counts[1];
            refused += counts[2];
        }
        // idle states, or a run that never places or never refuses, would not test the rule
        assertThat(busy).isGreaterThan(200);
        assertThat(placed).isGreaterThan(50);
        assertThat(refused).isGreaterThan(30);
    }

    /** One random state and job: whether the state was busy, the planner placed, slurm-tree did not place. */
    private static int[] oneState(long seed) throws JobRequestException {
        Random r = new Random(seed);
        Cluster c = OracleCase.cluster(CASES.get(r.nextInt(CASES.size())));
        SlurmVersion v = List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05).get(r.nextInt(3));
        PolicyOptions options = PolicyOptions.DEFAULT.withSlurmVersion(v);
        SlurmTreePolicy tree = new SlurmTreePolicy(options);
        ClusterState s = ClusterState.empty(c);
        for (int i = 0, n = 1 + r.nextInt(5); i < n; i++) {
            JobRequest run = randomJob(r, "r" + i, c.name());
            if (tree.suggest(s, run) instanceof Suggestion.Placed p) {
                s = s.with(p.placement(), run.exclusive() ? ClusterState.Hold.WHOLE_NODES : ClusterState.Hold.LISTED,
                        FreeMemory.heldBy(c, run, p.placement()));
            }
        }
        JobRequest job = randomJob(r, "j", c.name());
        String what = job + " on " + c.name() + " under Slurm " + v.label() + " (seed " + seed + ")";
        Suggestion slurm = tree.suggest(s, job);
        Suggestion mine = new PlannerPolicy(options).suggest(s, job);
        if (!(slurm instanceof Suggestion.Placed)) {
            assertThat(mine).as("slurm-tree says %s for %s", slurm, what).isNotInstanceOf(Suggestion.Placed.class);
        } else {
            fitsFreeMemory(c, s, job, ((Suggestion.Placed) slurm).placement(), "slurm-tree, " + what);
        }
        if (mine instanceof Suggestion.Placed p) {
            fitsFreeMemory(c, s, job, p.placement(), what);
        }
        ClusterState state = s;
        Optional<PlannerPolicy.Plan> own = new PlannerPolicy(options).plan(s, job);
        own.ifPresent(plan -> fitsFreeMemory(c, state, job, plan.placement(), "the planner's optimum, " + what));
        return new int[] {s.running().isEmpty() ? 0 : 1, mine instanceof Suggestion.Placed ? 1 : 0,
            slurm instanceof Suggestion.Placed ? 0 : 1};
    }
}
