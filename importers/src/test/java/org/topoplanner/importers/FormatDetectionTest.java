package org.topoplanner.importers;

import org.topoplanner.importers.pipeline.FormatRegistry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Every real sample is recognised from its content alone (sample file names end in .txt and lie). */
class FormatDetectionTest {
    private final FormatRegistry registry = FormatRegistry.standard();

    @ParameterizedTest(name = "{0} is {1}")
    @CsvSource(textBlock = """
            hwloc/power8-minsky-4xp100-nvlink-distances-v3.xml.txt,                hwloc-xml
            hwloc/supermicro-x9drg-2s-e5-2650-3xm2075-cx4-pci-v3.xml.txt,          hwloc-xml
            hwloc/generated/synthetic-2pack-16core-2pu-v1.xml,                     hwloc-xml
            ibnetdiscover/gb200-single-ca-no-links-topograph-bad.txt,              ibnetdiscover
            ibnetdiscover/ibnetdiscover-ports-p-edr-osc-exporter-test.txt,         ibnetdiscover-p
            ibnetdiscover/ndr-superpod-topograph-HEAD-excerpt.txt,                 ibnetdiscover
            ibnetdiscover/qdr-infiniscale4-1switch-5ca-spaces.txt,                 ibnetdiscover
            ibnetdiscover/qdr-infiniscale4-1switch-iblinkinfo.txt,                 iblinkinfo
            ibsim/rail-32x8.ibnetdiscover-p,                                       ibnetdiscover-p
            ibsim/ft2-8x16-4s.iblinkinfo,                                          iblinkinfo
            k8s/koordinator-clusternetworktopology.yaml.txt,                       kueue-topology
            k8s/koordinator-node-topograph-labels.yaml.txt,                        kubernetes-nodes
            k8s/kueue-populator-helm-values-gke-topology-levels.yaml.txt,          kueue-topology
            k8s/kueue-tas-gpu-topology-resourceflavor-v1beta1.yaml.txt,            kueue-topology
            k8s/kueue-tas-job-multi-layer-slice-annotation.yaml.txt,               kueue-topology
            k8s/oci-oke-gb300-node-labels-gpu-clique.txt,                          node-labels
            k8s/topograph-model-nvl72-blocks-labels.yaml.txt,                      topograph-model
            k8s/topograph-model-small-h100-capacity-blocks.yaml.txt,               topograph-model
            k8s/volcano-controller-configmap-networktopologydiscovery-ufm-label.yaml.txt, kueue-topology
            k8s/volcano-hypernode-3tier-exactmatch-multidoc.yaml.txt,              volcano-hypernodes
            k8s/volcano-hypernode-nonleaf-s4-s5-s6.yaml.txt,                       volcano-hypernodes
            k8s/volcano-networktopologydiscovery-mixed-profiles.yaml.txt,          kueue-topology
            nvidia-smi/4gpu-mlx4-tensorflow-gdr-old-soc.txt,                       nvidia-smi-topo
            nvidia-smi/a100-sxm4-epyc7543-nccltests311-glued-columns.txt,          nvidia-smi-topo
            nvidia-smi/gb200-4gpu-abridged-narrow-columns.txt,                     nvidia-smi-topo
            nvidia-smi/h100-dell-deepep397-topo-mp-interleaved-cpus.txt,           nvidia-smi-topo
            nvidia-smi/rtx2080ti-2gpu-autodl-topo-p2p-p.txt,                       nvidia-smi-p2p
            nvidia-smi/v100-sxm2-oneflow-misaligned-tabs.txt,                      nvidia-smi-topo
            slurm/gres-autodetect-nvml-commented-line.conf.txt,                    slurm-gres
            slurm/gres-lambda-8gpu-cpus-affinity.conf.txt,                         slurm-gres
            slurm/gres-schedmd-test-semicompact-cpus-brackets.conf.txt,            slurm-gres
            slurm/slurm-conf-h800-nodename-nodeaddr-range-excerpt.txt,             slurm-conf
            slurm/topology-block-topograph-dra-blocksizes.conf.txt,                slurm-topology
            slurm/topology-ring-schedmd-manpage.conf.txt,                          slurm-topology
            slurm/topology-tree-single-line-no-newline.conf.txt,                   slurm-topology
            slurm/topology-yaml-schedmd-manpage-example.yaml.txt,                  slurm-topology-yaml
            oracle/slurmd-g/slurmd-G-22.05-ok.txt,                                 slurmd-g
            oracle/block32/nodes.conf,                                             slurm-conf
            oracle/links/gres.conf,                                                slurm-gres
            """)
    void detectsTheFormatFromContent(String sample, String format) {
        SourceText text = TestSamples.load(sample);
        assertThat(registry.detect(text)).hasValueSatisfying(r -> assertThat(r.format().id()).isEqualTo(format));
    }

    @ParameterizedTest(name = "\"{0}\" is not recognised")
    @CsvSource(textBlock = """
            'hello world'
            '{"kind": "Pod"}'
            ''
            """)
    void refusesToGuess(String text) {
        assertThat(registry.detect(new SourceText("x", text))).isEmpty();
    }
}
