package org.topoplanner.importers.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.importers.k8s.Samples.sample;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.fabric.Block;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.SwitchNode;

class NodeLabelReadersTest {

    @Test
    void readsOciGb300LabelsIntoIslandNetworkBlockLocalBlockAndClique() {
        ImportResult r = new NodeLabelsReader().read(sample("oci-oke-gb300-node-labels-gpu-clique.txt"));
        assertThat(r.hasErrors()).isFalse();
        String host = "oci-oke-gb300-node-labels-gpu-clique";
        assertThat(r.part().unnamedHost()).isEqualTo(host);
        assertThat(r.part().kubernetes().nodeLabels().get(host)).hasSize(6)
                .containsEntry("oci.oraclecloud.com/rdma.cluster_type", "computecluster");
        Fabric f = r.part().fabric();
        assertThat(f.switches()).extracting(SwitchNode::name, SwitchNode::tier).containsExactly(
                org.assertj.core.groups.Tuple.tuple("5xxb22p6ucq", 3), org.assertj.core.groups.Tuple.tuple("e4c5ds4yava", 2),
                org.assertj.core.groups.Tuple.tuple("3bf4jpavrba", 1));
        assertThat(f.hostsOf("3bf4jpavrba")).containsExactly(host);
        assertThat(f.switchNamed("3bf4jpavrba").orElseThrow().description())
                .isEqualTo("oci.oraclecloud.com/rdma.local_block_id=3bf4jpavrba");
        assertThat(f.blocks()).containsExactly(new Block("a2221497-dbce-4964-8826-684c3694fd45.2478", List.of(host)));
    }

    @Test
    void readsKoordinatorNodeWithLegacyTopographLabels() {
        ImportResult r = new KubernetesNodesReader().read(sample("koordinator-node-topograph-labels.yaml.txt"));
        assertThat(r.hasErrors()).isFalse();
        Fabric f = r.part().fabric();
        assertThat(f.switches()).extracting(SwitchNode::name, SwitchNode::tier).containsExactly(
                org.assertj.core.groups.Tuple.tuple("s3", 3), org.assertj.core.groups.Tuple.tuple("s2", 2),
                org.assertj.core.groups.Tuple.tuple("s1", 1));
        assertThat(f.hostsOf("s1")).containsExactly("node-0");
        assertThat(f.blocks()).containsExactly(new Block("nvl1", List.of("node-0")));
        assertThat(r.part().kubernetes().nodeLabels()).containsOnlyKeys("node-0");
    }

    @Test
    void readsKubectlGetNodesJsonListWithCapacities() {
        String json = """
                {
                    "apiVersion": "v1",
                    "items": [
                        {
                            "apiVersion": "v1",
                            "kind": "Node",
                            "metadata": {
                                "labels": {
                                    "kubernetes.io/hostname": "gpu-a",
                                    "topology.k8s.aws/network-node-layer-1": "nn-1",
                                    "topology.k8s.aws/network-node-layer-2": "nn-2",
                                    "topology.k8s.aws/network-node-layer-3": "nn-3a"
                                },
                                "name": "gpu-a"
                            },
                            "status": {"capacity": {"cpu": "192", "nvidia.com/gpu": "8"}}
                        },
                        {
                            "apiVersion": "v1",
                            "kind": "Node",
                            "metadata": {
                                "labels": {
                                    "topology.k8s.aws/network-node-layer-1": "nn-1",
                                    "topology.k8s.aws/network-node-layer-2": "nn-2",
                                    "topology.k8s.aws/network-node-layer-3": "nn-3b"
                                },
                                "name": "gpu-b"
                            }
                        }
                    ],
                    "kind": "List",
                    "metadata": {"resourceVersion": ""}
                }
                """;
        ImportResult r = new KubernetesNodesReader().read(new SourceText("nodes.json", json));
        assertThat(r.hasErrors()).isFalse();
        Fabric f = r.part().fabric();
        assertThat(f.switchNamed("nn-1").orElseThrow().tier()).isEqualTo(3);
        assertThat(f.childSwitches("nn-2")).containsExactly("nn-3a", "nn-3b");
        assertThat(r.part().nodes().get("gpu-a").gpus()).hasSize(8);
        assertThat(r.part().nodes().get("gpu-a").threads()).isEqualTo(192);
        assertThat(r.part().nodes()).doesNotContainKey("gpu-b");
    }

    @Test
    void readsKubectlDescribeNodesWithLabelContinuationLines() {
        String text = """
                Name:               gpu-node-1
                Roles:              <none>
                Labels:             beta.kubernetes.io/arch=amd64
                                    cloud.google.com/gce-topology-block=b1
                                    cloud.google.com/gce-topology-subblock=sb7
                                    cloud.google.com/gce-topology-host=h42
                                    kubernetes.io/hostname=gpu-node-1
                                    nvidia.com/gpu.product=NVIDIA-H100-80GB-HBM3
                Annotations:        node.alpha.kubernetes.io/ttl: 0
                CreationTimestamp:  Tue, 04 Jun 2024 10:11:12 +0000
                Taints:             <none>
                Capacity:
                  cpu:                208
                  memory:             1891745908Ki
                  nvidia.com/gpu:     8
                  pods:               110
                Allocatable:
                  cpu:                207
                  nvidia.com/gpu:     8

                Name:               gpu-node-2
                Labels:             cloud.google.com/gce-topology-block=b1
                                    cloud.google.com/gce-topology-subblock=sb8
                Annotations:        <none>
                Capacity:
                  cpu:                208m0
                """;
        ImportResult r = new KubectlDescribeReader().read(new SourceText("describe.txt", text));
        assertThat(r.part().kubernetes().nodeLabels()).containsOnlyKeys("gpu-node-1", "gpu-node-2");
        assertThat(r.part().kubernetes().nodeLabels().get("gpu-node-1")).hasSize(6);
        Fabric f = r.part().fabric();
        assertThat(f.switches()).extracting(SwitchNode::name).containsExactly("b1", "sb7", "sb8");
        assertThat(f.hostsOf("sb7")).containsExactly("gpu-node-1");
        assertThat(r.part().nodes().get("gpu-node-1").gpus()).hasSize(8)
                .allMatch(g -> g.model().equals("NVIDIA-H100-80GB-HBM3"));
        assertThat(r.diagnostics()).anyMatch(d -> d.severity() == Severity.WARNING && d.line() == 26 && d.column() == 23);
    }

    @Test
    void namesRepeatedValuesByTheirParentAsKueueIdentifiesDomains() {
        String text = """
                NAME     STATUS   ROLES    AGE   VERSION   LABELS
                n1       Ready    <none>   1d    v1.30.1   topology.kubernetes.io/zone=z1,network.topology.nvidia.com/spine=sp1,network.topology.nvidia.com/leaf=l1
                n2       Ready    <none>   1d    v1.30.1   topology.kubernetes.io/zone=z2,network.topology.nvidia.com/spine=sp1,network.topology.nvidia.com/leaf=l1
                n3       Ready    <none>   1d    v1.30.1   <none>
                """;
        ImportResult r = new NodeLabelsReader().read(new SourceText("t.txt", text));
        Fabric f = r.part().fabric();
        assertThat(f.switches()).extracting(SwitchNode::name).containsExactly("z1", "z1.sp1", "z1.sp1.l1", "z2",
                "z2.sp1", "z2.sp1.l1");
        assertThat(f.hosts()).hasSize(3);
        assertThat(f.switchesOf("n3")).isEmpty();
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            topology.k8s.aws/network-node-layer-1 | AWS             | 3
            topology.k8s.aws/network-node-layer-4 | AWS             | 0
            fabric.topograph.run/tier-0           | TOPOGRAPH_TIER  | 0
            fabric.topograph.run/tier-2           | TOPOGRAPH_TIER  | 2
            cloud.google.com/gce-topology-block   | GKE             | 1
            oci.oraclecloud.com/rdma.hpc_island_id| OCI             | 2
            volcano.sh/tor                        | VOLCANO         | 0
            topology.kubernetes.io/region         | KUBERNETES      | 1
            network.topology.nvidia.com/core      | TOPOGRAPH       | 3
            topoplanner.org/tier-1                | TOPOPLANNER     | 0
            topology.topoplanner.io/tier-1        | TOPOPLANNER_OLD | 0
            """)
    void knowsEachFamilysOrder(String key, TopologyLabelFamily family, int height) {
        TopologyLabelFamily.Level level = TopologyLabelFamily.levelOf(key).orElseThrow();
        assertThat(level.family()).isEqualTo(family);
        assertThat(level.height()).isEqualTo(height);
    }

    @Test
    void gceTopologyHostIsNoNetworkTier() {
        assertThat(TopologyLabelFamily.levelOf("cloud.google.com/gce-topology-host")).isEmpty();
    }
}
