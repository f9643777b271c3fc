package org.topoplanner.app.desktop.dialogs;

import java.util.List;
import java.util.Optional;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.stage.Window;
import org.topoplanner.app.plan.HardwareChoices;
import org.topoplanner.importers.hardware.ExistingHardware;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.hostlist.Hostlist;

/**
 * "Assign hardware…" for the hosts selected in the cluster tree (or under a selected switch): the
 * hardware step on those hosts; the answer is the cluster with their new hardware, which the window
 * applies as one undoable edit.
 */
public final class AssignHardwareDialog {
    static final ButtonType ASSIGN = new ButtonType("Assign", ButtonBar.ButtonData.OK_DONE);

    private AssignHardwareDialog() {
    }

    public static Optional<Cluster> show(Window owner, Cluster cluster, List<String> hosts) {
        HardwareStepPane step = new HardwareStepPane(HardwareChoices.of(cluster, hosts, ExistingHardware.REPLACE));
        Dialog<ButtonType> d = new Dialog<>();
        d.initOwner(owner);
        d.setTitle("Assign hardware");
        d.setHeaderText("Assign hardware to " + Hostlist.compress(hosts) + " (" + hosts.size()
                + (hosts.size() == 1 ? " host" : " hosts") + "). Undo takes it back.");
        d.setResizable(true);
        d.getDialogPane().setId("assignHardware");
        d.getDialogPane().setContent(step.node());
        d.getDialogPane().setPrefWidth(1000);
        if (owner != null && owner.getScene() != null) {
            d.getDialogPane().getStylesheets().setAll(owner.getScene().getStylesheets());
        }
        d.getDialogPane().getButtonTypes().setAll(ASSIGN, ButtonType.CANCEL);
        Node assign = d.getDialogPane().lookupButton(ASSIGN);
        Runnable hold = () -> assign.setDisable(step.choicesProperty().get().isEmpty()
                || step.previewProperty().get().hasErrors());
        step.previewProperty().addListener((o, a, r) -> hold.run());
        hold.run();
        return d.showAndWait().filter(b -> b == ASSIGN).map(b -> step.previewProperty().get().cluster());
    }
}
