package org.topoplanner.app.desktop.node.layout;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.node.Core;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;
import org.topoplanner.model.node.PciNode;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

class NodeLayoutTest {

    @ParameterizedTest
    @EnumSource(NodeTemplate.class)
    void nestsEveryCoreInItsNumaNodeInsideItsPackage(NodeTemplate template) {
        NodeTopology t = ShippedData.template(template);
        NodeLayout l = NodeLayout.compute(t);
        assertThat(l.boxesOf(NodeBox.Kind.CORE)).hasSize(t.coreList().size());
        for (Core c : t.coreList()) {
            NodeBox core = l.box("core" + c.id()).orElseThrow();
            NodeBox numa = l.box("numa" + c.numa()).orElseThrow();
            NodeBox pkg = l.box("package" + c.socket()).orElseThrow();
            assertThat(numa.children()).contains(core);
            assertThat(pkg.children()).contains(numa);
            assertThat(numa.encloses(core)).isTrue();
            assertThat(pkg.encloses(numa)).isTrue();
            assertThat(l.machine().encloses(pkg)).isTrue();
        }
    }

    @ParameterizedTest
    @EnumSource(NodeTemplate.class)
    void putsEveryDeviceInsideItsPcieParentAndEachTreeInsideItsNumaNode(NodeTemplate template) {
        NodeTopology t = ShippedData.template(template);
        NodeLayout l = NodeLayout.compute(t);
        Map<String, String> parentOf = new HashMap<>();
        t.gpus().forEach(g -> parentOf.put(g.id(), g.pciParent()));
        t.nics().forEach(n -> parentOf.put(n.id(), n.pciParent()));
        t.pci().forEach(p -> parentOf.put(p.id(), p.parent()));
        assertThat(l.boxesOf(NodeBox.Kind.GPU)).hasSize(t.gpus().size());
        assertThat(l.boxesOf(NodeBox.Kind.NIC)).hasSize(t.nics().size());
        parentOf.forEach((id, parent) -> {
            NodeBox box = l.box(id).orElse(null);
            if (box == null) {
                // Only PCIe elements with no device below them are left out, as lstopo does.
                assertThat(t.pci().stream().map(PciNode::id)).contains(id);
                return;
            }
            if (parent != null) {
                NodeBox p = l.box(parent).orElseThrow();
                assertThat(p.children()).as("%s in %s", id, parent).contains(box);
                assertThat(p.encloses(box)).isTrue();
            }
        });
        for (PciNode hb : t.pci().stream().filter(p -> p.parent() == null).toList()) {
            l.box(hb.id()).ifPresent(b -> assertThat(l.box("numa" + hb.numa()).orElseThrow().children()).contains(b));
        }
    }

    @ParameterizedTest
    @EnumSource(NodeTemplate.class)
    void keepsSiblingsApart(NodeTemplate template) {
        NodeLayout l = NodeLayout.compute(ShippedData.template(template));
        l.machine().walk(parent -> {
            List<NodeBox> kids = parent.children();
            for (int i = 0; i < kids.size(); i++) {
                assertThat(parent.encloses(kids.get(i))).isTrue();
                for (int j = i + 1; j < kids.size(); j++) {
                    assertThat(kids.get(i).overlaps(kids.get(j))).as("%s vs %s", kids.get(i).id(), kids.get(j).id())
                            .isFalse();
                }
            }
        });
    }

    @Test
    void foldsAnNvSwitchCliqueIntoOneBarWithADropPerGpu() {
        NodeLayout l = NodeLayout.compute(ShippedData.template(NodeTemplate.HGX_H100_SXM));
        NvlinkDrawing.Bar bar = l.nvlink().bar();
        assertThat(bar).isNotNull();
        assertThat(l.nvlink().brackets()).isEmpty();
        assertThat(bar.switches()).hasSize(4);
        assertThat(bar.drops()).hasSize(8).allSatisfy(d -> assertThat(d.lanes()).isEqualTo(18));
        assertThat(bar.label()).contains("4 \u00d7 NVSwitch").contains("NV18");
        for (NvlinkDrawing.Drop d : bar.drops()) {
            NodeBox gpu = l.box("GPU" + d.gpu()).orElseThrow();
            assertThat(d.yTop()).isEqualTo(gpu.y() + gpu.h());
            assertThat(d.yBottom()).isEqualTo(bar.y());
            // Nothing is drawn between a GPU and the bar: no other device box below it.
            for (NodeBox other : l.boxes()) {
                if (other != gpu && (other.kind() == NodeBox.Kind.GPU || other.kind() == NodeBox.Kind.NIC)
                        && other.x() < d.x() && d.x() < other.x() + other.w()) {
                    assertThat(other.y()).isLessThan(gpu.y());
                }
            }
        }
        assertThat(l.machine().y() + l.machine().h()).isGreaterThanOrEqualTo(bar.y() + bar.h());
    }

    @Test
    void drawsNvlinkBridgesAsBracketsOnSeparateLevels() {
        NodeTopology t = ShippedData.template(NodeTemplate.EXAMPLE_2S16C_8GPU);
        NodeLayout l = NodeLayout.compute(t);
        assertThat(l.nvlink().bar()).isNull();
        // GPUs 0-3 and 4-7 are NV4 cliques: 6 links each.
        assertThat(l.nvlink().brackets()).hasSize(12).allSatisfy(b -> assertThat(b.lanes()).isEqualTo(4));
        List<NvlinkDrawing.Bracket> bs = l.nvlink().brackets();
        for (int i = 0; i < bs.size(); i++) {
            for (int j = i + 1; j < bs.size(); j++) {
                NvlinkDrawing.Bracket a = bs.get(i);
                NvlinkDrawing.Bracket b = bs.get(j);
                boolean sameLevel = a.level() == b.level();
                boolean overlap = Math.min(a.xa(), a.xb()) < Math.max(b.xa(), b.xb())
                        && Math.min(b.xa(), b.xb()) < Math.max(a.xa(), a.xb());
                assertThat(sameLevel && overlap).isFalse();
            }
        }
        assertThat(bs).allSatisfy(b -> assertThat(b.level()).isLessThan(l.machine().y() + l.machine().h()));
    }

    @Test
    void findsTheGpuUnderAPoint() {
        NodeLayout l = NodeLayout.compute(ShippedData.template(NodeTemplate.HGX_A100_SXM4));
        for (NodeBox g : l.boxesOf(NodeBox.Kind.GPU)) {
            assertThat(l.gpuAt(g.x() + g.w() / 2, g.y() + g.h() / 2)).isEqualTo(g.gpu());
        }
        NodeBox core = l.box("core0").orElseThrow();
        assertThat(l.gpuAt(core.x() + 2, core.y() + 2)).isEqualTo(-1);
        assertThat(l.boxAt(core.x() + 2, core.y() + 2)).isEqualTo(core);
    }

    @Test
    void foldsCoresIntoRangesOfOneJobEach() {
        NodeTopology t = new NodeTopologyBuilder().cpuLayout(2, 1, 96, 2, 0).build();
        Map<Integer, String> jobs = new HashMap<>();
        IntStream.range(0, 40).forEach(c -> jobs.put(c, "a"));
        IntStream.range(100, 110).forEach(c -> jobs.put(c, "b"));
        NodeLayout full = NodeLayout.compute(t);
        NodeLayout folded = NodeLayout.compute(t, true, jobs::get);
        assertThat(full.boxesOf(NodeBox.Kind.CORE)).hasSize(192);
        List<NodeBox> ranges = folded.boxesOf(NodeBox.Kind.CORE_RANGE);
        assertThat(ranges).extracting(NodeBox::title)
                .containsExactly("40 cores  0\u201339", "56 cores  40\u201395", "4 cores  96\u201399",
                        "10 cores  100\u2013109", "82 cores  110\u2013191");
        List<Integer> covered = new ArrayList<>();
        ranges.forEach(r -> covered.addAll(r.cores()));
        assertThat(covered).containsExactlyElementsOf(IntStream.range(0, 192).boxed().toList());
        assertThat(folded.height()).isLessThan(full.height());
        assertThat(ranges.get(0).subtitle()).isEqualTo("PU 0-39,192-231");
    }

    @Test
    void putsGpusOfAMatrixOnlySourceInTheirNumaNode() {
        // nvidia-smi topo -m knows NUMA affinity but neither cores nor the PCIe tree.
        NodeTopologyBuilder b = new NodeTopologyBuilder().derivePcieLinks(false);
        for (int i = 0; i < 4; i++) {
            b.gpu(new Gpu("GPU" + i, i, null, List.of(i / 2), CpuSet.empty(), null, null, null));
        }
        b.nic(new Nic("NIC0", "mlx5_0", List.of(), null, null, null));
        b.nvlink("GPU0", "GPU1", 12);
        NodeLayout l = NodeLayout.compute(b.build());
        for (int i = 0; i < 4; i++) {
            NodeBox numa = l.box("numa" + (i / 2)).orElseThrow();
            assertThat(numa.children()).contains(l.box("GPU" + i).orElseThrow());
        }
        assertThat(l.box("io-unknown").orElseThrow().children()).contains(l.box("NIC0").orElseThrow());
        assertThat(l.nvlink().brackets()).singleElement().satisfies(x -> assertThat(x.lanes()).isEqualTo(12));
    }

    @Test
    void saysSoWhenNothingIsKnown() {
        NodeLayout l = NodeLayout.compute(NodeTopology.unknown());
        assertThat(l.machine().children()).singleElement()
                .satisfies(b -> assertThat(b.title()).isEqualTo("Nothing known about this node"));
    }
}
