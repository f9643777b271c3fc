package org.topoplanner.app.desktop;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.GridPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** The real window, headless under Monocle: it opens on the example cluster and the tree works. */
@ExtendWith(ApplicationExtension.class)
class MainWindowTest {
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        new TopoPlannerApp().start(stage);
        stage.toFront();
        stage.requestFocus();
    }

    @Test
    void opensOnTheExampleClusterTree(FxRobot robot) {
        assertThat(stage.getTitle()).startsWith("TopoPlanner");
        TreeView<TreeEntry> tree = robot.lookup("#clusterTree").queryAs(TreeView.class);
        TreeItem<TreeEntry> root = tree.getRoot();
        assertThat(root.getValue().detail()).contains("7 switches").contains("32 hosts").contains("256 GPUs");
        TreeItem<TreeEntry> core = root.getChildren().get(0);
        assertThat(core.getValue().name()).isEqualTo("core");
        assertThat(core.getChildren()).extracting(i -> i.getValue().name()).containsExactly("spine1", "spine2");
        TreeItem<TreeEntry> leaf1 = core.getChildren().get(0).getChildren().get(0);
        assertThat(leaf1.getChildren()).hasSize(8);
        assertThat(leaf1.getChildren().get(0).getChildren()).hasSize(12);
    }

    @Test
    void searchSelectsAHostAndShowsItsMatrix(FxRobot robot) {
        robot.clickOn("#treeSearch").write("node17");
        TreeView<TreeEntry> tree = robot.lookup("#clusterTree").queryAs(TreeView.class);
        assertThat(tree.getSelectionModel().getSelectedItem().getValue().name()).isEqualTo("node17");
        GridPane matrix = robot.lookup("#topoMatrix").queryAs(GridPane.class);
        // 12 NVLinked pairs (two NV4 islands of four GPUs), each shown twice in the symmetric matrix.
        assertThat(robot.from(matrix).lookup((javafx.scene.Node n) -> n instanceof javafx.scene.control.Label l
                && "NV4".equals(l.getText())).queryAll()).hasSize(24);
    }
}
