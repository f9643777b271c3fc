package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.MaxSwitchWait;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * slurmctld cuts a {@code --switches} wait at {@code max_switch_wait} ({@code _max_switch_wait}, job_mgr.c, the same
 * in 22.05.8, 24.11.5 and 26.05): 300 s unless {@code SchedulerParameters} sets it. The state is
 * {@link SwitchWaitOnTestZeroTest}'s (fuzz64 before p3, real 22.05.8), where 22.05 keeps fuzz64 p3's shape waiting.
 */
class MaxSwitchWaitTest {
    private static final String P3 = "--nodes=2 --gpus=9 --cpus-per-gpu=8 --switches=1@";

    @ParameterizedTest(name = "--switches=1@{0} with SchedulerParameters \"{1}\" waits {2} s")
    @CsvSource(delimiter = '|', value = {
        "10:00 | '' | 300",
        "0:05 | '' | 5",
        "10:00 | bf_continue,max_switch_wait=60 | 60",
        "0:30 | bf_continue,Max_Switch_Wait=60 | 30",
        "10:00 | max_switch_wait=-5 | 300",
        "10:00 | max_switch_wait=abc | 0",
        "10:00 | max_switch_wait=900,defer | 600"})
    void theWaitIsTheJobsTimeCutAtMaxSwitchWait(String time, String params, long seconds) throws Exception {
        ClusterState state = withSchedulerParameters(SwitchWaitOnTestZeroTest.background(), params);
        Suggestion s = new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(SlurmVersion.V22_05))
                .suggest(state, SbatchOptions.parseLine(P3 + time, "p3"));
        assertThat(s).isInstanceOfSatisfying(Suggestion.Waiting.class,
                w -> assertThat(w.maxWait().toSeconds()).isEqualTo(seconds));
    }

    @Test
    void aJobWithoutTimeGetsTheCapItself() {
        assertThat(MaxSwitchWait.DEFAULT.grant(null)).isEqualTo(Duration.ofSeconds(300));
        assertThat(new MaxSwitchWait(Duration.ofSeconds(45)).grant(null)).isEqualTo(Duration.ofSeconds(45));
        assertThat(new MaxSwitchWait(Duration.ofSeconds(45)).grant(Duration.ZERO)).isEqualTo(Duration.ZERO);
    }

    private static ClusterState withSchedulerParameters(ClusterState state, String params) {
        Cluster c = state.cluster();
        Map<String, String> keys = new LinkedHashMap<>(c.slurm().keys());
        if (!params.isEmpty()) {
            keys.put("SchedulerParameters", params);
        }
        SlurmSettings slurm = new SlurmSettings(c.slurm().nodeLines(), c.slurm().gres(), keys,
                c.slurm().topologies());
        Cluster changed = new Cluster(c.name(), c.fabric(), c.nodes(), c.hosts(), slurm, c.kubernetes(), c.nvlink());
        ClusterState out = ClusterState.empty(changed);
        for (var p : state.running().values()) {
            out = out.with(p);
        }
        return out;
    }
}
