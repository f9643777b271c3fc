package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.cluster.HostAttributes;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.slurm.NodeLine;

class SlurmConfReaderTest {
    private final SlurmConfReader reader = new SlurmConfReader();

    /** Values read off the H800 excerpt: one node line for cn01dl00[1-4], five partitions. */
    @Test
    void readsTheH800NodeLineWithAnAddressRangeInStep() {
        ImportResult r = reader.read(TestSamples.text("slurm/slurm-conf-h800-nodename-nodeaddr-range-excerpt.txt"));
        List<NodeLine> lines = r.part().slurm().nodeLines();
        assertThat(lines).extracting(NodeLine::name).containsExactly("cn01dl001", "cn01dl002", "cn01dl003",
                "cn01dl004");
        assertThat(lines).extracting(NodeLine::nodeAddr).containsExactly("10.21.105.11", "10.21.105.12",
                "10.21.105.13", "10.21.105.14");
        NodeLine n = lines.get(2);
        assertThat(n.cpus()).isEqualTo(128);
        assertThat(n.sockets()).isEqualTo(2);
        assertThat(n.coresPerSocket()).isEqualTo(32);
        assertThat(n.threadsPerCore()).isEqualTo(2);
        assertThat(n.realMemory()).isEqualTo(1031000L);
        assertThat(n.gres()).isEqualTo("gpu:H800:8");
        assertThat(n.features()).containsExactly("80G");
        assertThat(n.other()).containsEntry("State", "UNKNOWN").hasSize(1);
        assertThat(r.part().hosts().get("cn01dl004")).isEqualTo(new HostAttributes(1, List.of("80G")));
        assertThat(r.diagnostics()).noneMatch(d -> d.severity() != Severity.INFO);
    }

    @Test
    void givesEachNodeSlurmsCoreLayoutAndItsDeclaredGpus() {
        ImportResult r = reader.read(TestSamples.text("slurm/slurm-conf-h800-nodename-nodeaddr-range-excerpt.txt"));
        NodeTopology n = r.part().nodes().get("cn01dl001");
        assertThat(n.sockets()).isEqualTo(2);
        assertThat(n.cores()).isEqualTo(64);
        assertThat(n.threads()).isEqualTo(128);
        assertThat(n.coresOfSocket(1).get(0).id()).isEqualTo(32);
        assertThat(n.coreList().get(0).pus().toString()).isEqualTo("0,64");
        assertThat(n.numa()).hasSize(2).allMatch(x -> x.memoryMiB() == 515500);
        assertThat(n.gpus()).hasSize(8).allMatch(g -> "H800".equals(g.model()) && g.numaNodes().isEmpty());
    }

    @Test
    void keepsPartitionsWithoutTheirInlineComment() {
        ImportResult r = reader.read(TestSamples.text("slurm/slurm-conf-h800-nodename-nodeaddr-range-excerpt.txt"));
        assertThat(r.part().slurm().keys()).containsOnlyKeys("PartitionName.zprodhigh", "PartitionName.zprod",
                "PartitionName.zprodlow", "PartitionName.zprodtest", "PartitionName.zprodcpu");
        assertThat(r.part().slurm().keys().get("PartitionName.zprod")).isEqualTo("Nodes=cn01dl00[1-4] "
                + "DefMemPerGPU=80000 DefMemPerCPU=7812 MaxTime=INFINITE State=UP PriorityJobFactor=20000 "
                + "PriorityTier=2 PreemptMode=OFF");
    }

    @Test
    void appliesNodeNameDefaultToLaterLinesOnly() {
        String conf = """
                NodeName=early Sockets=1
                NodeName=DEFAULT Sockets=2 CoresPerSocket=8 Weight=10 State=UNKNOWN
                NodeName=a[1-2] RealMemory=1000
                NodeName=DEFAULT weight=20
                nodename=b CoresPerSocket=4
                """;
        ImportResult r = reader.read(new SourceText("slurm.conf", conf));
        List<NodeLine> lines = r.part().slurm().nodeLines();
        assertThat(lines).extracting(NodeLine::name).containsExactly("early", "a1", "a2", "b");
        assertThat(lines.get(0).coresPerSocket()).isNull();
        assertThat(lines.get(1).sockets()).isEqualTo(2);
        assertThat(lines.get(1).weight()).isEqualTo(10);
        assertThat(lines.get(3).weight()).isEqualTo(20);
        assertThat(lines.get(3).coresPerSocket()).isEqualTo(4);
        assertThat(lines.get(3).other()).containsEntry("State", "UNKNOWN");
        assertThat(r.part().nodes().get("early").cores()).isEqualTo(1);
    }

    @Test
    void keepsSchedulingKeysUnderSlurmsSpelling() {
        String conf = "clustername=tara\nTopologyPlugin=topology/tree\nTOPOLOGYPARAM=SwitchAsNodeRank\n"
                + "SelectType=select/cons_tres\nSelectTypeParameters=CR_Core_Memory\nGresTypes=gpu\n"
                + "SchedulerType=sched/backfill\nSchedulerType=sched/builtin\n";
        ImportResult r = reader.read(new SourceText("slurm.conf", conf));
        assertThat(r.part().slurm().keys()).containsEntry("ClusterName", "tara")
                .containsEntry("TopologyParam", "SwitchAsNodeRank").containsEntry("GresTypes", "gpu")
                .containsEntry("SchedulerType", "sched/builtin").containsEntry("SelectTypeParameters", "CR_Core_Memory");
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.line()).isEqualTo(8);
            assertThat(d.message()).contains("later value");
        });
    }

    @Test
    void infersSocketsFromCpusAndWarnsOnInconsistentCounts() {
        ImportResult r = reader.read(new SourceText("slurm.conf",
                "NodeName=x CPUs=64 CoresPerSocket=16 ThreadsPerCore=2\nNodeName=y CPUs=10 Sockets=2 CoresPerSocket=4"));
        assertThat(r.part().slurm().nodeLines().get(0).sockets()).isEqualTo(2);
        assertThat(r.diagnostics()).singleElement().satisfies(d -> {
            assertThat(d.line()).isEqualTo(2);
            assertThat(d.column()).isEqualTo(17);
            assertThat(d.message()).contains("CPUs=10 is neither the 8 threads nor the 8 cores");
        });
    }

    @Test
    void warnsOnAddressCountsBadNumbersAndRedefinedNodes() {
        ImportResult r = reader.read(new SourceText("slurm.conf",
                "NodeName=n[1-3] NodeAddr=10.0.0.[1-2] Sockets=two\nNodeName=n2 Sockets=1\n"));
        assertThat(r.diagnostics()).extracting(d -> d.line() + ":" + d.column() + " " + d.message().split(";")[0])
                .containsExactly("1:26 NodeAddr names 2 addresses for 3 nodes",
                        "1:47 Sockets='two' is not a whole number",
                        "2:10 node n2 is defined again (first at slurm.conf:1)");
    }

    @Test
    void readsTheSocketAffinityOfATypedGresList() {
        ImportResult r = reader.read(new SourceText("slurm.conf",
                "NodeName=g Sockets=2 CoresPerSocket=4 Gres=gpu:a100:2(S:1),gpu:t4:1,nic:2"));
        NodeTopology n = r.part().nodes().get("g");
        assertThat(n.gpus()).extracting(x -> x.model()).containsExactly("a100", "a100", "t4");
        assertThat(n.gpus().get(0).numaNodes()).containsExactly(1);
        assertThat(n.gpus().get(1).cpus().toString()).isEqualTo("4-7");
        assertThat(n.gpus().get(2).cpus().isEmpty()).isTrue();
    }

    @Test
    void detectsSlurmConfButNotGresConfOrTopologyConf() {
        assertThat(reader.detect(TestSamples.text("slurm/slurm-conf-h800-nodename-nodeaddr-range-excerpt.txt")))
                .isEqualTo(90);
        assertThat(reader.detect(TestSamples.text("oracle/tree32/nodes.conf"))).isEqualTo(90);
        assertThat(reader.detect(TestSamples.text("oracle/block32/slurm.conf"))).isEqualTo(70);
        assertThat(reader.detect(TestSamples.text("oracle/tree32/gres.conf"))).isZero();
        assertThat(reader.detect(TestSamples.text("oracle/tree32/topology.conf"))).isZero();
    }
}
