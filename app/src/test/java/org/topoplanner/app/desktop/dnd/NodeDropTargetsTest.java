package org.topoplanner.app.desktop.dnd;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.topoplanner.app.desktop.node.layout.NodeBox;
import org.topoplanner.app.desktop.node.layout.NodeLayout;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.resources.ShippedData;

/** The node view's drop targets, read from the real layout of the shipped example's node. */
class NodeDropTargetsTest {
    private final NodeLayout layout = NodeLayout.compute(ShippedData.exampleCluster().node("node01"));

    @Test
    void aCoreOfNuma1MeansNuma1() {
        NodeBox core = layout.boxesOf(NodeBox.Kind.CORE).stream()
                .filter(c -> insideOf("numa1", c)).findFirst().orElseThrow();
        assertThat(at(core.centerX(), core.y() + core.h() / 2, Set.of())).isEqualTo(new DropTarget.OnNuma("node01", 1));
    }

    @Test
    void aGpuMeansThatGpuOrTheSelectionItBelongsTo() {
        NodeBox gpu4 = layout.boxesOf(NodeBox.Kind.GPU).stream().filter(b -> b.gpu() == 4).findFirst().orElseThrow();
        double y = gpu4.y() + gpu4.h() / 2;
        assertThat(at(gpu4.centerX(), y, Set.of())).isEqualTo(new DropTarget.OnGpus("node01", List.of(4)));
        assertThat(at(gpu4.centerX(), y, Set.of(5, 4))).isEqualTo(new DropTarget.OnGpus("node01", List.of(4, 5)));
        assertThat(at(gpu4.centerX(), y, Set.of(0, 1))).isEqualTo(new DropTarget.OnGpus("node01", List.of(4)));
    }

    @Test
    void thePackageHeaderMeansTheSocketAndTheMachineMarginMeansTheHost() {
        NodeBox pkg = layout.box("package1").orElseThrow();
        assertThat(at(pkg.x() + 3, pkg.y() + 3, Set.of())).isEqualTo(new DropTarget.OnSocket("node01", 1));
        NodeBox machine = layout.machine();
        assertThat(at(machine.x() + 1, machine.y() + 1, Set.of())).isEqualTo(new DropTarget.OnHost("node01"));
    }

    private DropTarget at(double x, double y, Set<Integer> selected) {
        return NodeDropTargets.at("node01", layout.boxesAt(x, y), selected);
    }

    private boolean insideOf(String id, NodeBox b) {
        return layout.box(id).map(outer -> outer.encloses(b)).orElse(false);
    }
}
