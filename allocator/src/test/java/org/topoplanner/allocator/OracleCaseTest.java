package org.topoplanner.allocator;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.model.slurm.SlurmPartition;

/**
 * The test reader of a harness case takes partition lines from every file the harness joins into slurmctld's
 * {@code slurm.conf} ({@code oracle.py} {@code _read_case_conf_lines}), not only from {@code slurm.conf}.
 */
class OracleCaseTest {

    @Test
    void readsPartitionsFromNodesConfAsTheHarnessDoes() {
        // own probe c26l7 (v26l) defines cpu and gpu in nodes.conf and has no slurm.conf
        var parts = OracleCase.cluster("c26l7").slurm().partitions();
        assertThat(parts).extracting(SlurmPartition::name).containsExactlyInAnyOrder("cpu", "gpu");
        assertThat(parts).filteredOn(SlurmPartition::isDefault).extracting(SlurmPartition::name).containsExactly("cpu");
        assertThat(parts).filteredOn(p -> p.name().equals("gpu")).singleElement()
                .matches(p -> p.holds("u1") && p.holds("g1") && !p.holds("c1"));
    }

    @Test
    void stillReadsPartitionsFromSlurmConf() {
        // own probe c12g1 (q12g): nodes in nodes.conf, partitions in slurm.conf
        assertThat(OracleCase.cluster("c12g1").slurm().partitions()).extracting(SlurmPartition::name)
                .containsExactlyInAnyOrder("gpu", "hi", "cpu");
    }

    @Test
    void listsTheConfFilesInTheHarnessOrder() {
        assertThat(OracleCase.confFiles("cases/c12g1")).containsExactly("nodes.conf", "slurm.conf");
        assertThat(OracleCase.confFiles("cases/c26l7")).containsExactly("nodes.conf");
    }
}
