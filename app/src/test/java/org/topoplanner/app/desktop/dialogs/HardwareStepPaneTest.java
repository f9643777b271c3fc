package org.topoplanner.app.desktop.dialogs;

import org.topoplanner.app.desktop.Dialogs;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.topoplanner.app.plan.HardwareChoices;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.hardware.ExistingHardware;

/**
 * The hardware step on its own: the 32 hosts of {@code example-32.ibnetdiscover} (no hardware) get an
 * {@code nvidia-smi topo -m} file through "File…" (the chooser answered by the test), and the totals
 * follow before anything is applied.
 */
@ExtendWith(ApplicationExtension.class)
class HardwareStepPaneTest {
    private HardwareStepPane pane;
    private final Path file = resource("/inputs/a100-sxm4-epyc7742-nps4-10nic.txt");
    private final List<javafx.stage.Window> asked = new java.util.ArrayList<>();

    @Start
    void start(Stage stage) {
        var cluster = ClusterImport.standard().importFiles(List.of(resource("/inputs/example-32.ibnetdiscover")), java.util.Optional.empty())
                .clusterOrThrow();
        pane = new HardwareStepPane(HardwareChoices.of(cluster, ExistingHardware.KEEP), owner -> {
            asked.add(owner);
            return file.toFile();
        });
        stage.setScene(new Scene(new javafx.scene.layout.StackPane(pane.node()), 1000, 400));
        stage.show();
    }

    @Test
    void aFileChosenForAGroupGivesItsHostsThatNodeAndTheTotalsSaySo(FxRobot robot) {
        Label totals = robot.lookup("#hardwareTotals").queryAs(Label.class);
        assertThat(totals.getText()).isEqualTo("Now: 32 hosts, 0 GPUs, 0 CPUs (32 without hardware)"
                + "   \u2192   with these choices: 32 hosts, 0 GPUs, 0 CPUs (32 without hardware)");
        ComboBox<?> box = robot.lookup("#hardwareChoice-0").queryAs(ComboBox.class);
        Dialogs.choose(robot, box, "File\u2026");
        org.testfx.util.WaitForAsyncUtils.waitForFxEvents();
        assertThat(asked).hasSize(1);
        assertThat(String.valueOf(box.getValue())).isEqualTo("a100-sxm4-epyc7742-nps4-10nic.txt (file)");
        // nvidia-smi topo -m tells GPUs, NICs and their CPU affinity, not a CPU count: the total says 0 CPUs, as Slurm would count
        assertThat(totals.getText()).endsWith("with these choices: 32 hosts, 256 GPUs, 0 CPUs");
        assertThat(pane.previewProperty().get().cluster().node("node001").gpus()).hasSize(8);
        assertThat(pane.choicesProperty().get().assignment().rules()).singleElement()
                .satisfies(r -> assertThat(r.hostlist()).isEqualTo("node[001-032]"));
    }

    private static Path resource(String name) {
        try {
            return Path.of(HardwareStepPaneTest.class.getResource(name).toURI());
        } catch (java.net.URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
