package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code _build_node_list}'s CPU filter ({@link NodeConfigFilter}, {@code slurmctld/node_scheduler.c}, 22.05.8,
 * 24.11.5, 26.05.5): a job whose {@code pn_min_cpus} passes every node configuration's CPUs is refused "node
 * configuration" with "CPU count per node can not be satisfied". Real outputs: results/{,new/,v26.05/}c26i1.jsonl and
 * results/new/c22k1.jsonl (the fuzz71 cluster: nodes of 16, 32 and 64 CPUs).
 */
class NodeConfigFilterTest {
    private static final String CPU = "Requested node configuration is not available: "
            + NodeConfigFilter.CPU_ERR_MSG;

    private static Suggestion suggest(String oracleCase, String args, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(OracleCase.cluster(oracleCase)), SbatchOptions.parseLine(args, "j"));
    }

    private static void refusedForCpus(String oracleCase, String args, SlurmVersion v) throws Exception {
        assertThat(suggest(oracleCase, args, v)).as(oracleCase + " " + args + " " + v.label())
                .isInstanceOfSatisfying(Suggestion.Impossible.class, i -> assertThat(i.reason()).startsWith(CPU));
    }

    @Test
    void aTaskPastEveryNodesCpusIsRefusedWithTheCpuMessageInEveryRelease() throws Exception {
        // c26i1 q5 (-n1 -c100, f1 has the most CPUs, 64): the same two lines in 22.05.8, 24.11.5 and 26.05.5
        for (SlurmVersion v : List.of(SlurmVersion.V22_05, SlurmVersion.V24_11, SlurmVersion.V26_05)) {
            refusedForCpus("c26i1", "-n1 -c100", v);
        }
    }

    @Test
    void tasksPerNodeTimesCpusPerTaskIsTheNodesMinimum() throws Exception {
        // c22k1 q3 (-N2 --ntasks-per-node=6 -c16: pn_min_cpus 96) and q2 (-N2 -c96), 24.11.5
        refusedForCpus("c22k1", "-N2 --ntasks-per-node=6 -c16", SlurmVersion.V24_11);
        refusedForCpus("c22k1", "-N2 -c96", SlurmVersion.V24_11);
        // c26i1 q7 (-N2 -n2 -c96), 24.11.5
        refusedForCpus("c26i1", "-N2 -n2 -c96", SlurmVersion.V24_11);
    }

    @Test
    void gpuCpusAndAJobOneNodeCanHoldKeepTheirOwnWords() throws Exception {
        // c26i1 q6 (--nodes=2 --gpus-per-node=4 --cpus-per-gpu=24: 96 CPUs a node through the GPUs, not
        // pn_min_cpus): refused "node configuration" without the CPU message (22.05.8)
        Suggestion q6 = suggest("c26i1", "--nodes=2 --gpus-per-node=4 --cpus-per-gpu=24", SlurmVersion.V22_05);
        assertThat(q6).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).doesNotContain(NodeConfigFilter.CPU_ERR_MSG));
        // c26i1 q3 (-n12 -c16, 24.11.5): 16 CPUs a node, every node holds a task: "topology" stays
        Suggestion q3 = suggest("c26i1", "-n12 -c16", SlurmVersion.V24_11);
        assertThat(q3).isInstanceOfSatisfying(Suggestion.Impossible.class,
                i -> assertThat(i.reason()).doesNotContain(NodeConfigFilter.CPU_ERR_MSG));
    }

    @Test
    void excludedNodesAreNoConfigurationTested() throws Exception {
        Cluster c = OracleCase.cluster("c26i1");
        // -c40 fits f1 (64 CPUs) only: with f1 excluded every node left is short
        assertThat(NodeConfigFilter.errMsgOfEveryNodeFiltered(c, SbatchOptions.parseLine("-n1 -c40", "j"))).isNull();
        assertThat(NodeConfigFilter.errMsgOfEveryNodeFiltered(c, SbatchOptions.parseLine("-n1 -c40 -x f1", "j")))
                .isEqualTo(NodeConfigFilter.CPU_ERR_MSG);
    }

    @Test
    void memoryPastEveryRealMemoryComesBeforeTheSwitchlessTreesTopologyRefusal() throws Exception {
        // swless1 p29 (-N2 --gpus-per-node=2 --mem=600G, RealMemory at most 512000; no switch): _build_node_list
        // filters every configuration before 24.11's topology/tree refuses the job without a switch, so 24.11.5 says
        // "Memory specification can not be satisfied" and "node configuration", as 22.05.8 does
        Suggestion p29 = suggest("swless1", "-N2 --gpus-per-node=2 --mem=600G --gres-flags=enforce-binding",
                SlurmVersion.V24_11);
        assertThat(p29).isInstanceOfSatisfying(Suggestion.Impossible.class, i -> assertThat(i.reason())
                .startsWith("Requested node configuration is not available: " + NodeConfigFilter.MEMORY_ERR_MSG));
        // nodes short of CPUs and others of memory: the last configuration filtered names it (c26i1's lines c1, c2
        // of 16 CPUs, u1 32 and 256000 MB, f1 64 and 512000 MB, g1 last, 32 CPUs and 128000 MB)
        Cluster c = OracleCase.cluster("c26i1");
        assertThat(NodeConfigFilter.errMsgOfEveryNodeFiltered(c,
                SbatchOptions.parseLine("-n1 -c20 --mem=600G", "j"))).isEqualTo(NodeConfigFilter.MEMORY_ERR_MSG);
        assertThat(NodeConfigFilter.errMsgOfEveryNodeFiltered(c,
                SbatchOptions.parseLine("-n1 -c40 --mem=600G", "j"))).isEqualTo(NodeConfigFilter.CPU_ERR_MSG);
    }
}
