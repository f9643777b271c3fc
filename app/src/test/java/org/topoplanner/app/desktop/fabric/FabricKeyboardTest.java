package org.topoplanner.app.desktop.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.app.desktop.fabric.FabricKeyboard.Step;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.resources.ShippedData;

/**
 * The arrow keys walk the shipped 32-node example's fabric (1 core, 2 spines, 4 leaves of 8 hosts):
 * along rows, from a host up to its leaf and down again, from the core down to a spine. No toolkit.
 */
class FabricKeyboardTest {
    private static final Cluster EXAMPLE = ShippedData.exampleCluster();
    private static final FabricLayout LAYOUT = FabricLayout.compute(EXAMPLE);
    private static final Fabric FABRIC = EXAMPLE.fabric();

    private static String step(String from, Step s) {
        return FabricKeyboard.step(LAYOUT, from, s).orElse(null);
    }

    @Test
    void withoutASelectionTheArrowsStartAtTheTopTier() {
        String first = step(null, Step.DOWN);
        assertThat(FABRIC.switchNamed(first).orElseThrow().tier()).isEqualTo(3);
    }

    @Test
    void upFromAHostReachesItsLeafAndDownFromTheLeafAHostUnderIt() {
        String host = LAYOUT.hosts().get(5).name();
        String leaf = step(host, Step.UP);
        assertThat(FABRIC.hostsUnder(leaf)).contains(host);
        String down = step(leaf, Step.DOWN);
        assertThat(FABRIC.hostsUnder(leaf)).contains(down);
        assertThat(step(down, Step.DOWN)).as("nothing below a host").isNull();
    }

    @Test
    void fromTheCoreDownIsASpineAndUpFromTheSpineIsTheCoreAgain() {
        String core = step(null, Step.DOWN);
        String spine = step(core, Step.DOWN);
        assertThat(FABRIC.switchNamed(spine).orElseThrow().tier()).isEqualTo(2);
        assertThat(step(spine, Step.UP)).isEqualTo(core);
        assertThat(step(core, Step.UP)).as("nothing above the top").isNull();
    }

    @Test
    void leftAndRightStayInTheRowAndStopAtItsEnds() {
        String spine = step(step(null, Step.DOWN), Step.DOWN);
        String other = step(spine, Step.RIGHT) != null ? step(spine, Step.RIGHT) : step(spine, Step.LEFT);
        assertThat(FABRIC.switchNamed(other).orElseThrow().tier()).isEqualTo(2);
        assertThat(other).isNotEqualTo(spine);
        String first = LAYOUT.hosts().get(0).name();
        assertThat(step(first, Step.LEFT)).isNull();
        assertThat(step(first, Step.RIGHT)).isEqualTo(LAYOUT.hosts().get(1).name());
        String last = LAYOUT.hosts().get(LAYOUT.hosts().size() - 1).name();
        assertThat(step(last, Step.RIGHT)).isNull();
        assertThat(step(step(first, Step.RIGHT), Step.LEFT)).isEqualTo(first);
    }
}
