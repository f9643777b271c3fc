package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.replay.Replayer;
import org.topoplanner.importers.replay.JobScriptReader;
import org.topoplanner.importers.replay.ReplayLine;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * A node whose {@code gres.conf} GPU lines have neither {@code Cores=} nor {@code Type=} has no GPU topology records
 * in slurmctld ({@code _get_tot_gres_cnt}: {@code topo_cnt} 0), so a per-job count ({@code --gpus=N}) is only counted
 * there: {@code gres_select_filter_select_and_set} (22.05) and {@code _select_and_set_node} (24.11, 26.05) take
 * {@code _get_job_cnt}, the job's GPUs less those of the nodes before and one for each node after, at most the node's
 * free GPUs, uncapped by its cores at {@code --cpus-per-gpu} or by its selection credit, and {@code _set_job_bits2}
 * adds nothing there; {@code gres_ctld_job_alloc} then takes its lowest free GPUs. Real outputs kept as expected
 * files: fuzz59p (fuzz59 up to p13 with {@code DebugFlags=SelectType,Gres}, 22.05.8: the log shows
 * {@code gres_cnt_node_select} for u2 and no {@code gres_bit_select}) and slurm-24f's fuzz55p (fuzz55 p6 and variants,
 * 24.11.5 and 26.05.5; q3 is p6 with the two-node list {@code -w f2,u2}).
 */
class GetJobCntWithoutTopologyTest {

    @ParameterizedTest(name = "{0} {1} {2}")
    @CsvSource({
        // -N2 --gpus=2 --cpus-per-gpu=8: u2 has 5 of the job's CPUs, which hold no GPU at 8 each, yet is counted one
        "22.05, fuzz59p, p13, '{\"node\":\"f3\",\"cpus\":[32,33,34,35,36,37,38,39,40,41,42,43],\"gpus\":[2]}', "
                + "'{\"node\":\"u2\",\"cpus\":[6,7,8,19,20],\"gpus\":[2]}'",
        // -w f2,u2,u1 --gpus=4 -n2 -c4: f2 counted 3 by the selection, then u2 2 in place of its credit of 1
        "24.11, fuzz55p, p6, '{\"node\":\"f2\",\"cpus\":[32,33,34,35],\"gpus\":[2,3]}', "
                + "'{\"node\":\"u2\",\"cpus\":[0,1,16,17],\"gpus\":[0,1]}'",
        "26.05, fuzz55p, p6, '{\"node\":\"f2\",\"cpus\":[32,33,34,35],\"gpus\":[2,3]}', "
                + "'{\"node\":\"u2\",\"cpus\":[0,1,16,17],\"gpus\":[0,1]}'",
        "24.11, fuzz55p, q3, '{\"node\":\"f2\",\"cpus\":[32,33,34,35],\"gpus\":[2,3]}', "
                + "'{\"node\":\"u2\",\"cpus\":[0,1,16,17],\"gpus\":[0,1]}'",
        "26.05, fuzz55p, q3, '{\"node\":\"f2\",\"cpus\":[32,33,34,35],\"gpus\":[2,3]}', "
                + "'{\"node\":\"u2\",\"cpus\":[0,1,16,17],\"gpus\":[0,1]}'",
        // -w f2,u2,u1 --gpus=4 -n4 -c2: u1 (GPUs 0-1 held) and u2 are each counted one, their lowest free GPU
        "24.11, fuzz55p, q4, '{\"node\":\"u1\",\"cpus\":[2,18],\"gpus\":[2]}', "
                + "'{\"node\":\"u2\",\"cpus\":[0,16],\"gpus\":[0]}'"
    })
    void aNodeWithoutGpuTopologyIsCountedNotPicked(String version, String caseName, String job, String first,
                                                   String second) {
        SlurmVersion v = SlurmVersion.parse(version).orElseThrow();
        var script = JobScriptReader.read("jobs.txt", OracleCase.resource("cases/" + caseName + "/jobs.txt")).script();
        List<String> lines = ReplayLine.lines(new Replayer(OracleCase.cluster(caseName),
                new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v))).run(script));
        String line = lines.stream().map(l -> l.replace(" ", ""))
                .filter(l -> l.contains("\"name\":\"" + job + "\"") && l.contains("\"when\":\"submit\"")).findFirst()
                .orElseThrow();
        assertThat(line).contains(first).contains(second);
    }
}
