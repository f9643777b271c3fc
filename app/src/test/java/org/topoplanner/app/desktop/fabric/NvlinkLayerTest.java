package org.topoplanner.app.desktop.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.canvas.Occupancy;
import org.topoplanner.app.desktop.canvas.Palette;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.NvlinkEnclosures;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.resources.NodeTemplate;
import org.topoplanner.resources.ShippedData;

/**
 * The NVLink domain layer on the Topograph NVL72 model (4 racks of 18 GB200 trays): one enclosure per
 * rack, drawn around the trays with the jobs coloured inside; writes {@code nvlink-domains-nvl72.png}
 * (ViewShots folder) to look at.
 */
@ExtendWith(ApplicationExtension.class)
class NvlinkLayerTest {
    private Stage stage;
    private FabricView view;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        view = new FabricView();
        stage.setScene(new Scene(view, 1400, 700));
        stage.show();
    }

    @Test
    void eachRackIsOneEnclosureAroundItsTrays() throws IOException {
        FabricLayout l = FabricLayout.compute(NvlinkLayerTestClusters.nvl72());
        NvlinkEnclosures e = l.nvlink();
        assertThat(e.domainCount()).isEqualTo(4);
        assertThat(e.enclosures()).hasSize(4).allMatch(x -> x.hosts() == 18 && x.wholeRack()
                && "GB200 NVL72".equals(x.design()));
        assertThat(e.domainOfHost(l.hostIndex("node2205"))).isEqualTo("nvl-2-2");
        assertThat(NvlinkDomainPainter.shortName("9c6f5af3-53bf-49b5-a436-b66766c413c3.4026")).isEqualTo("clique 4026");
    }

    @Test
    void drawsTheDomainsAroundTheJobs(FxRobot robot) throws Exception {
        FabricLayout l = FabricLayout.compute(NvlinkLayerTestClusters.nvl72());
        Occupancy.Builder b = Occupancy.builder();
        for (int n = 1; n <= 18; n++) {
            b.holdGpus("node11" + String.format("%02d", n), List.of(0, 1, 2, 3), "train-nvl72");
        }
        for (int n = 1; n <= 6; n++) {
            b.holdGpus("node12" + String.format("%02d", n), List.of(0, 1, 2, 3), "finetune");
        }
        robot.interact(() -> {
            view.setLayout(l);
            view.setOccupancy(b.build());
        });
        WaitForAsyncUtils.waitForFxEvents();
        WritableImage[] img = new WritableImage[1];
        Path[] file = new Path[1];
        robot.interact(() -> {
            view.redraw();
            img[0] = stage.getScene().snapshot(null);
            file[0] = org.topoplanner.app.desktop.fabric.ViewShots.save(stage.getScene(), "nvlink-domains-nvl72");
        });
        assertThat(file[0]).exists();
        // the enclosure's stroke, in the theme's accent, is on screen
        Color accent = Palette.of(org.topoplanner.app.desktop.canvas.Theme.values()[0]).accent();
        int accentPixels = 0;
        for (int y = 0; y < (int) img[0].getHeight(); y += 2) {
            for (int x = 0; x < (int) img[0].getWidth(); x += 2) {
                Color c = img[0].getPixelReader().getColor(x, y);
                if (Math.abs(c.getRed() - accent.getRed()) < 0.04 && Math.abs(c.getGreen() - accent.getGreen()) < 0.04
                        && Math.abs(c.getBlue() - accent.getBlue()) < 0.04) {
                    accentPixels++;
                }
            }
        }
        assertThat(accentPixels).isGreaterThan(50);
        // the key says what the dashed enclosures are
        assertThat(robot.lookup(".view-legend .label").queryAllAs(javafx.scene.control.Label.class))
                .extracting(javafx.scene.control.Label::getText)
                .contains("NVLink domains", "4 multi-node NVLink domains (GPUs at NVLink speed)");
    }
}
