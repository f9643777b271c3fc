package org.topoplanner.app.desktop.window;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import org.junit.jupiter.api.Test;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.catalog.PolicyChoice;
import org.topoplanner.allocator.catalog.PolicyId;
import org.topoplanner.app.desktop.ExampleWindow;
import org.topoplanner.app.desktop.ExampleWindowTest;
import org.topoplanner.app.desktop.fabric.ViewShots;
import org.topoplanner.app.plan.DropTarget;
import org.topoplanner.app.plan.Plan;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmSettings;

/**
 * Partition limits as the window shows them, under slurm-tree: the example cluster given a {@code gpu} partition
 * (every node, {@code MaxTime=4:00:00}) and a {@code debug} one ({@code node[01-04]}, {@code MaxNodes=2},
 * {@code MaxTime=30}); a job with {@code --time} placed, then one the debug partition's {@code MaxNodes} refuses,
 * chosen with the keyboard from the palette: the palette's notes, the status bar and the snapshot
 * ({@code partition-limits-window.png}) say why in words a Slurm user knows.
 */
class PartitionLimitsWindowTest extends ExampleWindowTest {

    @Test
    void aJobOverThePartitionsMaxNodesIsRefusedWithSlurmsReasonAndPartition(FxRobot robot) throws Exception {
        ExampleWindow.awaitLayout(controller);
        var vm = controller.viewModel();
        robot.interact(() -> {
            vm.reset(Plan.of(withPartitions(vm.plan().cluster())));
            vm.choose(new PolicyChoice(PolicyId.SLURM_TREE, PolicyOptions.DEFAULT));
        });
        WaitForAsyncUtils.waitForFxEvents();
        var train = SbatchOptions.parseLine("-p gpu -N 2 --gpus-per-node=8 -t 2:00:00", "train");
        robot.interact(() -> vm.drop(train, DropTarget.ANYWHERE));
        assertThat(vm.plan().placements()).containsKey("train");

        TextField field = robot.lookup("#sbatchField").queryAs(TextField.class);
        robot.interact(() -> field.setText("-p debug -N 5 --gpus-per-node=8 -t 20"));
        WaitForAsyncUtils.waitForFxEvents();
        Label notes = robot.lookup("#sbatchNotes").queryAs(Label.class);
        // the --time note and the partition it is held against, with that partition's limits as slurm.conf writes them
        assertThat(notes.getText()).isEqualTo("read, not used for placement (held against a partition's MaxTime):"
                + " --time=20\nruns in partition debug: 4 nodes, MaxNodes=2, MaxTime=30, State=UP");
        Label chip = robot.lookup("#sbatchChip").queryAs(Label.class);
        robot.interact(chip::requestFocus);
        robot.type(KeyCode.ENTER);
        WaitForAsyncUtils.waitForFxEvents();
        Label status = robot.lookup("#status").queryAs(Label.class);
        robot.interact(() -> ViewShots.save(stage.getScene(), "partition-limits-window"));
        assertThat(vm.plan().placements()).containsOnlyKeys("train");
        // squeue's reason, the job's ask and the partition with its limit as written; no source function name
        assertThat(status.getText()).isEqualTo("not placed: pending (PartitionNodeLimit): job asks for 5 nodes (-N 5);"
                + " partition debug: 4 nodes, MaxNodes=2");
    }

    /** The example cluster with a gpu partition of every node and a small debug one. */
    static Cluster withPartitions(Cluster c) {
        Map<String, String> keys = new LinkedHashMap<>(c.slurm().keys());
        keys.put("PartitionName.gpu", "Nodes=ALL Default=YES MaxTime=4:00:00 State=UP");
        keys.put("PartitionName.debug", "Nodes=" + String.join(",", c.hostNames().subList(0, 4))
                + " MaxNodes=2 MaxTime=30 State=UP");
        SlurmSettings s = new SlurmSettings(c.slurm().nodeLines(), c.slurm().gres(), keys);
        return new Cluster(c.name(), c.fabric(), c.nodes(), c.hosts(), s, c.kubernetes(), c.nvlink());
    }
}
