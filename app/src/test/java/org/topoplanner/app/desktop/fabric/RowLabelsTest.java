package org.topoplanner.app.desktop.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.FatTreeFixture;
import org.topoplanner.app.desktop.fabric.layout.RackBox;

/**
 * The pinned row names on a big fabric: zoomed in with a rack under the left edge, the hosts row's
 * name does not sit on the rack's header line (where it hid "node[1185-1216]"); fitted, the names of
 * neighbouring rows do not overlap.
 */
class RowLabelsTest {
    /** A labelled switch box's height (SwitchGeometry's own needs the toolkit for its text measures). */
    private static final double SWITCH_HEIGHT = 18;
    private final FabricLayout layout = FabricLayout.compute(FatTreeFixture.threeLevel(4, 8, 32, 4, 4));

    @Test
    void zoomedInTheHostsNameSitsAboveTheRackHeaders() {
        RackBox rack = layout.racks().get(3);
        Viewport shown = Viewport.fit(900, 600, layout.width(), layout.height())
                .showing(rack.x() - 5, rack.y() - 120, rack.x() + rack.w(), rack.y() + rack.h(), Viewport.MAX_SCALE / 2);
        // Panned so the rack's left edge is 20 px from the view's, under the pinned names.
        Viewport vp = shown.panBy(20 - shown.toScreenX(rack.x()), 0);
        RowLabels.RowLabel hosts = hostsLabel(RowLabels.place(layout, vp, SWITCH_HEIGHT));
        double headerTop = vp.toScreenY(rack.y());
        assertThat(vp.toScreenX(rack.x())).as("the rack reaches under the pinned names").isLessThan(RowLabels.LEFT + hosts.w());
        assertThat(hosts.bottom()).isLessThanOrEqualTo(headerTop);
    }

    @Test
    void fittedNoTwoNamesOverlap() {
        Viewport vp = Viewport.fit(900, 600, layout.width(), layout.height(), 70, 0);
        List<RowLabels.RowLabel> labels = RowLabels.place(layout, vp, SWITCH_HEIGHT);
        assertThat(labels).extracting(l -> l.text().split(" ")[0]).contains("HOSTS");
        for (int i = 1; i < labels.size(); i++) {
            assertThat(labels.get(i).top()).isGreaterThanOrEqualTo(labels.get(i - 1).bottom());
        }
    }

    private static RowLabels.RowLabel hostsLabel(List<RowLabels.RowLabel> labels) {
        return labels.stream().filter(l -> l.text().startsWith("HOSTS")).findFirst().orElseThrow();
    }
}
