package org.topoplanner.app.desktop.node;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.allocator.NvlinkReach;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.nvlink.DomainOrigin;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.RackDesign;

/** A GB200 tray's GPUs in the node view, framed as members of their rack's NVLink domain. */
@ExtendWith(ApplicationExtension.class)
class NvlinkMembershipTest {
    private Stage stage;
    private NodeView view;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        view = new NodeView();
        stage.setScene(new Scene(view, 1200, 700));
        stage.show();
    }

    @Test
    void captionSaysWhatTheTraysGpusReachBeyondTheNode() {
        NvlinkDomain rack = NvlinkDomain.ofBlock("nvl-1-1", java.util.stream.IntStream.rangeClosed(1, 18)
                .mapToObj(i -> "n" + i).toList(), DomainOrigin.FABRIC_BLOCK).withDesign(RackDesign.GB200_NVL72);
        assertThat(NvlinkMembershipPainter.caption(rack, 4))
                .isEqualTo("NVLink domain nvl-1-1 \u00b7 +68 GPUs on 17 other trays \u00b7 GB200 NVL72");
        NvlinkDomain clique = NvlinkDomain.ofClique("9c6f5af3-53bf-49b5-a436-b66766c413c3", 4026, java.util.List.of("a"),
                DomainOrigin.NVIDIA_SMI);
        assertThat(NvlinkMembershipPainter.caption(clique, 4)).isEqualTo("NVLink domain clique 4026 \u00b7 this tray only");
    }

    @Test
    void framesTheGpusOfATrayInItsDomain(FxRobot robot) throws Exception {
        Cluster c = org.topoplanner.app.desktop.fabric.NvlinkLayerTestClusters.nvl72();
        robot.interact(() -> {
            view.setNvlinkDomains(NvlinkReach.of(c));
            view.show("node1105", c.node("node1105"));
        });
        WaitForAsyncUtils.waitForFxEvents();
        Path[] file = new Path[1];
        robot.interact(() -> {
            view.redraw();
            file[0] = ViewShots.save(stage.getScene(), "nvlink-node-membership");
        });
        assertThat(file[0]).exists();
        assertThat(file[0].toFile().length()).isGreaterThan(5000);
    }
}
