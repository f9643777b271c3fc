package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code --ntasks-per-gpu=1} on topology/block follows the tree's rules on the block's pick ({@link BlockSelector},
 * {@link GresTaskCount}): own probe c25e2 (s[1-4] one socket of 6 cores and 2 GPUs, base blocks b1=s[1-2],
 * b2=s[3-4]), each job alone on the idle cluster. p1 and p2 ({@code --gpus=3 --ntasks-per-gpu=1 -c2}, with and
 * without {@code --exclusive}) take b2, s3 counting two tasks and s4 one (24.11.5 and 26.05.5); p3 ({@code -N1
 * --gpus=2 ... --exclusive}) keeps 24.11's {@code min_cpus} of one task, so its one whole node credits one GPU
 * ({@code _reduce_res_cores}) and 24.11.5 refuses it, while 26.05.5 (min_cpus of both tasks) runs it on s1. Before
 * the change every row was refused as not emulated; with the refusal lifted but no GPU cut, 24.11 p3 ran on s3.
 */
class NtasksPerGpuOnBlocksTest {
    @ParameterizedTest(name = "{0} {1}: {3}")
    @CsvSource(delimiter = ';', value = {
        "24.11; p1; --gpus=3 --ntasks-per-gpu=1 -c2 --exclusive;      s3,s4",
        "26.05; p1; --gpus=3 --ntasks-per-gpu=1 -c2 --exclusive;      s3,s4",
        "24.11; p2; --gpus=3 --ntasks-per-gpu=1 -c2;                  s3,s4",
        "26.05; p2; --gpus=3 --ntasks-per-gpu=1 -c2;                  s3,s4",
        "24.11; p3; -N1 --gpus=2 --ntasks-per-gpu=1 -c2 --exclusive;  refused",
        "26.05; p3; -N1 --gpus=2 --ntasks-per-gpu=1 -c2 --exclusive;  s1",
    })
    void c25e2(String release, String name, String args, String expected) throws Exception {
        placedAsRealSlurmPlacesIt("c25e2", release, name, args, expected);
    }

    /**
     * Own probe c25n1 (c25e2's nodes and blocks in one partition, g[1-2] 2 x 4 cores and 4 GPUs in b3): block b3 is
     * chosen; -N2 --gpus=4 --ntasks-per-gpu=1 -c2 keeps 24.11's min_cpus of two tasks (one task and GPU a node:
     * refused by 24.11.5), 26.05.5 runs it on g1 and g2. The --ntasks-per-gpu=2 rows were refused as not emulated
     * before n25b.
     */
    @ParameterizedTest(name = "{0} {1}: {3}")
    @CsvSource(delimiter = ';', value = {
        "24.11; n3; -N2 --gpus=4 --ntasks-per-gpu=1 -c2;              refused",
        "26.05; n3; -N2 --gpus=4 --ntasks-per-gpu=1 -c2;              g1,g2",
        "24.11; q2; --gpus=3 --ntasks-per-gpu=2 -c2;                  g1,g2",
        "26.05; q3; --gpus=2 --ntasks-per-gpu=2 -c3;                  g1,g2",
        "24.11; q4; -N2 --gpus=3 --ntasks-per-gpu=2 -c2;              refused",
        "26.05; q5; --gpus=2 --ntasks-per-gpu=2 -c3 --exclusive;      g1,g2",
    })
    void c25n1(String release, String name, String args, String expected) throws Exception {
        placedAsRealSlurmPlacesIt("c25n1", release, name, args, expected);
    }

    /**
     * Own probe c26b1 (b26s; c25n1's cluster): a node whose counted tasks leave it no whole GPU is skipped, not taken
     * with none ({@link GresTaskCount}, {@code eval_nodes_gres}' {@code use_node} false, {@code continue} in
     * {@code eval_nodes_block}). u7 ({@code --gpus=1 --ntasks-per-gpu=2 -c2}): 24.11 keeps sbatch's {@code min_cpus}
     * of 2, so {@code maxtasks} is one task and no node gives a GPU; before b26s g1 was taken with none and g2 added
     * with all of its GPUs, and the job ran on both. 26.05's {@code min_cpus} holds both tasks (g1).
     */
    @ParameterizedTest(name = "{0} {1}: {3}")
    @CsvSource(delimiter = ';', value = {
        "24.11; u7; --gpus=1 --ntasks-per-gpu=2 -c2;                  refused",
        "26.05; u7; --gpus=1 --ntasks-per-gpu=2 -c2;                  g1",
        "24.11; u10; -N2 --gpus=2 --ntasks-per-gpu=2 -c2;             refused",
        "26.05; u10; -N2 --gpus=2 --ntasks-per-gpu=2 -c2;             g1,g2",
    })
    void c26b1(String release, String name, String args, String expected) throws Exception {
        placedAsRealSlurmPlacesIt("c26b1", release, name, args, expected);
    }

    private static void placedAsRealSlurmPlacesIt(String caseName, String release, String name, String args,
                                                  String expected) throws Exception {
        SlurmVersion v = SlurmVersion.parse(release).orElseThrow();
        Suggestion s = new SlurmBlockPolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))
                .suggest(ClusterState.empty(OracleCase.cluster(caseName)), SbatchOptions.parseLine(args, name));
        if (expected.equals("refused")) {
            assertThat(s).isInstanceOfSatisfying(Suggestion.Impossible.class,
                    i -> assertThat(i.reason()).contains("Requested node configuration is not available"));
        } else {
            assertThat(s).isInstanceOfSatisfying(Suggestion.Placed.class,
                    p -> assertThat(String.join(",", p.placement().hostNames())).isEqualTo(expected));
        }
    }
}
