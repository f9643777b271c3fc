package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.job;
import static org.topoplanner.allocator.slurm.ConsumableMemoryCases.withKey;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequestException;

/**
 * {@code job_limits_check} ({@code job_mgr.c}, 22.05, 24.11 and 26.05) checks a job without a memory figure of its
 * own ({@code JOB_MEM_SET} unset: no {@code --mem}/{@code --mem-per-cpu}; {@code --mem-per-gpu} sets none) against
 * {@code MaxMemPerNode} with the default: {@code DefMemPerCPU}/{@code DefMemPerNode} of the partition, else the
 * cluster's, and for 0 {@code _mem_per_node_part}, the memory for jobs of the partition's first node in the node
 * table, which {@code read_slurm_conf} sorts by name ({@code _sort_node_record_table_ptr}, {@code strnatcmp}).
 * Own case mem3d (real 22.05.8): d5 ({@code -p lim -N1 -n1}, no default, lim {@code MaxMemPerNode=10000}) runs: the
 * first node by name is b1 (12,000 less {@code MemSpecLimit=4000}), though c1 (16,000) comes first in slurm.conf.
 * Own case mem4a (real 22.05.8): m1 ({@code -p lim --gpus-per-node=2 --mem-per-gpu=9000}, 18,000 MB of GPU memory
 * against {@code MaxMemPerNode=16000}) runs: the check sees {@code DefMemPerCPU=1000} times one CPU.
 */
class MaxMemPerNodeDefaultTest {

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource(delimiter = '|', textBlock = """
            mem3d | keep | -p lim -N1 -n1                                     | false
            mem4a | keep | -p lim -N1 --gpus-per-node=2 --mem-per-gpu=9000   | false
            mem4a | keep | -p lim -N1 -n1                                     | false
            mem4a | drop | -p lim -N1 -n1                                     | true
            mem4a | drop | -p lim -N1 --gpus-per-node=2 --mem-per-gpu=9000   | true
            mem4a | drop | -p lim -N1 -n1 --mem=8000                          | false
            mem4a | drop | -N1 -n1                                            | false
            """)
    void aJobWithoutAFigureIsCheckedWithTheDefault(String caseName, String defMemPerCpu, String options,
                                                   boolean held) throws JobRequestException {
        Cluster cluster = OracleCase.cluster(caseName);
        if (defMemPerCpu.equals("drop")) {
            cluster = withKey(cluster, "DefMemPerCPU", null);
        }
        assertThat(MaxMemPer.overLimit(cluster, job(options, "j")) != null).isEqualTo(held);
    }
}
