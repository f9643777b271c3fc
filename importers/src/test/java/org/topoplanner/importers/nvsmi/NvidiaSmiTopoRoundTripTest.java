package org.topoplanner.importers.nvsmi;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.LinkKind;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;

/** {@code read(write(x)) == x} for generated matrices: 1-16 GPUs, 0-36 NICs, any classes and affinities. */
class NvidiaSmiTopoRoundTripTest {
    private static final LinkKind[] PCIE = {LinkKind.PIX, LinkKind.PXB, LinkKind.PHB, LinkKind.NODE, LinkKind.SYS};

    @Property(tries = 200)
    void readGivesBackWhatWasWritten(@ForAll("nodes") NodeTopology node) {
        String text = new NvidiaSmiTopoWriter().write(node);
        ImportResult result = new NvidiaSmiTopoReader().read(new SourceText("gen/h1.txt", text));

        assertThat(result.diagnostics()).filteredOn(d -> d.isError() || d.severity().name().equals("WARNING"))
                .isEmpty();
        assertThat(result.part().nodes()).containsOnlyKeys("h1");
        assertThat(result.part().nodes().get("h1")).isEqualTo(node);
    }

    @Property(tries = 50)
    void theHostSurvivesThroughThePromptLine(@ForAll("nodes") NodeTopology node) {
        String text = new NvidiaSmiTopoWriter().write("gpu-b07.cluster", node);
        ImportResult result = new NvidiaSmiTopoReader().read(new SourceText("paste.txt", text));

        assertThat(result.part().nodes()).containsOnlyKeys("gpu-b07.cluster");
        assertThat(result.part().unnamedHost()).isNull();
        assertThat(result.part().nodes().get("gpu-b07.cluster")).isEqualTo(node);
    }

    @Provide
    Arbitrary<NodeTopology> nodes() {
        return Arbitraries.integers().between(1, 16).flatMap(gpus -> Arbitraries.integers().between(0, 36)
                .flatMap(nics -> Arbitraries.longs().map(seed -> generate(gpus, nics, new Random(seed)))));
    }

    private static NodeTopology generate(int gpuCount, int nicCount, Random random) {
        NodeTopologyBuilder b = new NodeTopologyBuilder().derivePcieLinks(false);
        List<String> ids = new ArrayList<>();
        for (int g = 0; g < gpuCount; g++) {
            List<Integer> numa = random.nextInt(5) == 0 ? List.of() : randomSet(random, 8).toList();
            CpuSet cpus = random.nextInt(6) == 0 ? CpuSet.empty() : randomSet(random, 256);
            Integer memoryNuma = random.nextInt(3) == 0 ? random.nextInt(40) : null;
            b.gpu(new Gpu("GPU" + g, g, null, numa, cpus, null, null, memoryNuma));
            ids.add("GPU" + g);
        }
        for (int n = 0; n < nicCount; n++) {
            String device = switch (random.nextInt(4)) {
                case 0 -> null;
                case 1 -> "mlx5_bond_" + n;
                default -> "mlx5_" + n;
            };
            b.nic(new Nic("NIC" + n, device, List.of(), null, null, null));
            ids.add("NIC" + n);
        }
        for (int i = 0; i < ids.size(); i++) {
            for (int j = i + 1; j < ids.size(); j++) {
                boolean gpuPair = i < gpuCount && j < gpuCount;
                if (gpuPair && random.nextBoolean()) {
                    b.link(DeviceLink.nvlink(ids.get(i), ids.get(j), 1 + random.nextInt(18)));
                } else {
                    b.link(DeviceLink.pcie(ids.get(i), ids.get(j), PCIE[random.nextInt(PCIE.length)]));
                }
            }
        }
        return b.build();
    }

    private static CpuSet randomSet(Random random, int bound) {
        CpuSet set = CpuSet.empty();
        int ranges = 1 + random.nextInt(3);
        for (int r = 0; r < ranges; r++) {
            int from = random.nextInt(bound);
            set = set.union(CpuSet.range(from, Math.min(bound - 1, from + random.nextInt(16))));
        }
        return set;
    }
}
