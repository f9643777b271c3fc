package org.topoplanner.importers.k8s;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.importers.k8s.Samples.sample;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.KueueTopology;
import org.topoplanner.model.k8s.ResourceFlavor;
import org.topoplanner.model.k8s.SliceConstraint;
import org.topoplanner.model.k8s.TasRequest;

class KueueTopologyReaderTest {
    private final KueueTopologyReader reader = new KueueTopologyReader();

    @Test
    void readsTopologyAndFlavorAndSkipsQueues() {
        ImportResult r = reader.read(sample("kueue-tas-gpu-topology-resourceflavor-v1beta1.yaml.txt"));
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.part().kubernetes().topologies()).containsExactly(new KueueTopology("default",
                List.of("cloud.provider.com/topology-block", "cloud.provider.com/topology-rack", "kubernetes.io/hostname")));
        assertThat(r.part().kubernetes().flavors()).containsExactly(new ResourceFlavor("tas-flavor",
                Map.of("cloud.provider.com/node-group", "tas-group"), "default"));
        assertThat(Samples.of(r, Severity.INFO)).anyMatch(d -> d.message().contains("ClusterQueue") && d.line() == 24)
                .anyMatch(d -> d.message().contains("LocalQueue") && d.line() == 42)
                .anyMatch(d -> d.message().contains("deprecated"));
        assertThat(Samples.of(r, Severity.WARNING)).isEmpty();
    }

    @Test
    void readsMultiLayerSliceAnnotationJsonInsideYaml() {
        KueueReading k = reader.readAll(sample("kueue-tas-job-multi-layer-slice-annotation.yaml.txt"));
        assertThat(k.result().diagnostics()).noneMatch(d -> d.severity() != Severity.INFO);
        assertThat(k.tasRequests()).containsExactly(new TasRequest("tas-sample-multi-layer-", "Job", 64, "tas-user-queue",
                null, null, false, null, null, List.of(new SliceConstraint("cloud.provider.com/topology-block", 32),
                new SliceConstraint("cloud.provider.com/topology-rack", 16)), null));
        assertThat(k.tasRequests().get(0).mode()).isEqualTo(KueueMode.NONE);
    }

    @Test
    void reportsBrokenSliceJsonInsideTheYamlFile() {
        String text = """
                apiVersion: batch/v1
                kind: Job
                metadata:
                  name: j
                spec:
                  parallelism: 8
                  template:
                    metadata:
                      annotations:
                        kueue.x-k8s.io/podset-required-topology: "example.com/rack"
                        kueue.x-k8s.io/podset-preferred-topology: "example.com/block"
                        kueue.x-k8s.io/podset-slice-required-topology-constraints: |
                          [
                            {"topology": "example.com/rack", "size": "4"},
                            {"topology": "example.com/host" "size": 2}
                          ]
                """;
        KueueReading k = reader.readAll(new SourceText("j.yaml", text));
        assertThat(k.result().diagnostics()).anyMatch(d -> d.message().contains("at most one of") && d.line() == 10)
                .anyMatch(d -> d.message().contains("invalid JSON") && d.line() == 15);
        assertThat(k.tasRequests()).singleElement().satisfies(t -> {
            assertThat(t.mode()).isEqualTo(KueueMode.REQUIRED);
            assertThat(t.podCount()).isEqualTo(8);
        });
    }

    @Test
    void readsVolcanoDiscoveryEmbeddedInAConfigMapAsLevelLists() {
        ImportResult r = reader.read(sample("volcano-controller-configmap-networktopologydiscovery-ufm-label.yaml.txt"));
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.part().kubernetes().topologies()).containsExactly(
                new KueueTopology("topologyA2", List.of("volcano.sh/tor", "kubernetes.io/hostname")),
                new KueueTopology("topologyA3", List.of("volcano.sh/hypercluster", "volcano.sh/hypernode",
                        "kubernetes.io/hostname")));
        assertThat(Samples.of(r, Severity.INFO)).anyMatch(d -> d.message().contains("'ufm'") && d.line() == 9)
                .anyMatch(d -> d.message().contains("'roce' (disabled)") && d.line() == 19);
    }

    @Test
    void readsVolcanoMixedProfiles() {
        ImportResult r = reader.read(sample("volcano-networktopologydiscovery-mixed-profiles.yaml.txt"));
        assertThat(r.part().kubernetes().topologies()).containsExactly(
                new KueueTopology("topologyShallow", List.of("volcano.sh/shallow-cluster", "volcano.sh/shallow-hypernode",
                        "kubernetes.io/hostname")),
                new KueueTopology("topologyDeep", List.of("volcano.sh/deep-cluster", "volcano.sh/deep-hypernode",
                        "volcano.sh/deep-superpod", "kubernetes.io/hostname")));
    }

    @Test
    void readsKoordinatorLayersByParentChain() {
        ImportResult r = reader.read(sample("koordinator-clusternetworktopology.yaml.txt"));
        assertThat(r.part().kubernetes().topologies()).containsExactly(new KueueTopology("default", List.of(
                "network.topology.nvidia.com/spine", "network.topology.nvidia.com/block", "kubernetes.io/hostname")));
    }

    @Test
    void readsKueuePopulatorValuesAsTheTopologyItsChartCreates() {
        ImportResult r = reader.read(sample("kueue-populator-helm-values-gke-topology-levels.yaml.txt"));
        assertThat(r.part().kubernetes().topologies()).containsExactly(new KueueTopology("default", List.of(
                "cloud.google.com/gce-topology-block", "cloud.google.com/gce-topology-subblock",
                "cloud.google.com/gce-topology-host", "kubernetes.io/hostname")));
        assertThat(r.part().kubernetes().flavors()).containsExactly(new ResourceFlavor("tas-gpu-default",
                Map.of("cloud.google.com/gke-gpu", "true"), "default"));
    }

    @Test
    void checksTopologyRulesTheSchemaCannot() {
        ImportResult r = reader.read(new SourceText("t.yaml",
                Samples.resource("/schemas/k8s/examples/kueue-topology.invalid.yaml")));
        assertThat(r.diagnostics()).anyMatch(d -> d.message().contains("bad-empty has 0 levels"))
                .anyMatch(d -> d.message().contains("kubernetes.io/hostname may only be the last"))
                .anyMatch(d -> d.message().contains("example.com/rack appears twice"))
                .anyMatch(d -> d.message().contains("'-rack'"));
    }
}
