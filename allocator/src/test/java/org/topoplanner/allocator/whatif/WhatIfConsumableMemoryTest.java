package org.topoplanner.allocator.whatif;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.model.workload.WorkloadJob;

/**
 * The what-if engine keeps the memory its started jobs hold (cons_tres {@code memory_allocated}), as the replay does,
 * so slurm-tree and the planner see the same state: on own case mem2a ({@code CR_Core_Memory}, no defaults) A
 * ({@code -w c1 -n1}, no memory option) holds all of c1, and B ({@code -w c1 --mem=1000}) waits for it to end, while
 * under {@code CR_Core} B starts at once beside it.
 */
class WhatIfConsumableMemoryTest {

    private static List<JobRecord> run(Cluster cluster, PolicyId policy) throws JobRequestException {
        List<WorkloadJob> jobs = List.of(
                new WorkloadJob("A", 0, 100, 0, SbatchOptions.parseLine("-w c1 -n1", "A"), 0, "", ""),
                new WorkloadJob("B", 10, 50, 0, SbatchOptions.parseLine("-w c1 -n1 --mem=1000", "B"), 0, "", ""));
        List<JobRecord> out = new ArrayList<>();
        new WhatIfEngine(new WhatIfCase("mem2a", cluster, PolicyChoice.of(policy), QueueDiscipline.FIFO),
                SlowdownModel.DEFAULT).run(jobs.iterator(), out::add, n -> { }, () -> false);
        return out;
    }

    @ParameterizedTest
    @EnumSource(value = PolicyId.class, names = {"SLURM_TREE", "PLANNER"})
    void aJobWaitsForTheMemoryARunningJobHolds(PolicyId policy) throws JobRequestException {
        Cluster mem2a = OracleCase.cluster("mem2a");
        assertThat(run(mem2a, policy)).extracting(JobRecord::job, JobRecord::start)
                .containsExactly(tuple("A", 0L), tuple("B", 100L));
        Map<String, String> keys = new LinkedHashMap<>(mem2a.slurm().keys());
        keys.put("SelectTypeParameters", "CR_Core");
        SlurmSettings s = mem2a.slurm();
        Cluster core = new Cluster(mem2a.name(), mem2a.fabric(), mem2a.nodes(), mem2a.hosts(),
                new SlurmSettings(s.nodeLines(), s.gres(), keys, s.topologies()), null);
        assertThat(run(core, policy)).extracting(JobRecord::job, JobRecord::start)
                .containsExactlyInAnyOrder(tuple("A", 0L), tuple("B", 10L));
    }
}
