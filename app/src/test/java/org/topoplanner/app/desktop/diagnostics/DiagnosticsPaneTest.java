package org.topoplanner.app.desktop.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import javafx.css.PseudoClass;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.Eventually;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.desktop.state.BackgroundRefresh;
import org.topoplanner.model.diag.Diagnostic;

/**
 * The diagnostics table and source viewer on their own: a finding deep in a file of megabytes, a
 * file that is gone, and a finding about no file.
 */
@ExtendWith(ApplicationExtension.class)
class DiagnosticsPaneTest {
    private static final PseudoClass TARGET = PseudoClass.getPseudoClass("target");
    @TempDir
    static Path dir;
    private static Path big;
    private static Path small;
    private TableView<Diagnostic> table;
    private DiagnosticsPane pane;

    @BeforeAll
    static void files() throws IOException {
        big = dir.resolve("fabric.ibnetdiscover");
        try (Writer w = Files.newBufferedWriter(big, StandardCharsets.UTF_8)) {
            for (int i = 1; i <= 100_000; i++) {
                w.write("[" + i + "]\t\"H-0x" + Long.toHexString(0x1000L + i) + "\"[1](0x" + Long.toHexString(i * 31L)
                        + ")\t# \"node" + i + " mlx5_0\" lid " + i + " 4xHDR\n");
            }
        }
        small = Files.writeString(dir.resolve("gres.conf"), "Name=gpu File=/dev/nvidia[0-7]\n");
    }

    @Start
    void start(Stage stage) {
        List<Diagnostic> findings = List.of(
                Diagnostic.error(big.toString(), 75_000, 10, "dangling peer port"),
                Diagnostic.warning(dir.resolve("gone.conf").toString(), 3, 1, "a file deleted since the import"),
                Diagnostic.info("", 0, 0, "node07: 8 GPUs in nvidia-smi, 4 in gres.conf"),
                Diagnostic.error(small.toString(), 0, 0, "unknown format"));
        pane = new DiagnosticsPane(findings, new SourceExcerptView(
                BackgroundRefresh.onDaemonThread("source-excerpt-test"), new SourceExcerptReader()));
        table = pane.table();
        Scene scene = new Scene((javafx.scene.Parent) pane.node(), 900, 600);
        scene.getStylesheets().setAll(Theme.LIGHT.stylesheets());
        scene.getStylesheets().add(BackgroundRefresh.class.getResource("/org/topoplanner/app/desktop/window.css").toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void findingsOfANewMergeKeepTheSelectedOneWhenItIsStillThereElseShowTheFirst(FxRobot robot) {
        List<Diagnostic> before = List.copyOf(table.getItems());
        Diagnostic kept = before.get(2);
        robot.interact(() -> table.getSelectionModel().select(kept));
        Diagnostic added = Diagnostic.info("", 0, 0, "the fabric is taken from this source, as chosen");
        robot.interact(() -> pane.show(List.of(added, before.get(0), kept)));
        assertThat(table.getItems()).containsExactly(added, before.get(0), kept);
        assertThat(table.getSelectionModel().getSelectedItem()).isEqualTo(kept);

        robot.interact(() -> pane.show(List.of(before.get(3), added)));
        assertThat(table.getSelectionModel().getSelectedIndex()).as("the kept one is gone").isZero();
    }

    @Test
    void aFindingDeepInAHugeFileShowsOnlyTheLinesAroundIt(FxRobot robot) throws Exception {
        assertThat(Files.size(big)).isGreaterThan(5_000_000);
        Eventually.until("the finding's line highlighted", () -> target(robot) != null);
        ListCell<SourceLine> line = target(robot);
        assertThat(line.getItem().number()).isEqualTo(75_000);
        assertThat(line.getItem().text()).startsWith("[75000]\t");
        assertThat(robot.from(line).lookup(".source-column").queryLabeled().getText()).isEqualTo("H");
        ListView<SourceLine> lines = robot.lookup("#sourceLines").queryAs(ListView.class);
        assertThat(lines.getItems()).hasSize(2 * SourceExcerptReader.CONTEXT + 1);
        assertThat(lines.getItems().get(0).number()).isEqualTo(75_000 - SourceExcerptReader.CONTEXT);
        assertThat(robot.from(line).lookup(".source-gutter").queryLabeled().getText()).isEqualTo("75000");
    }

    @Test
    void aFileThatIsGoneIsSaidSo(FxRobot robot) throws Exception {
        robot.interact(() -> table.getSelectionModel().select(1));
        Eventually.until("the missing-file placeholder", () -> placeholder(robot).contains("not there"));
        assertThat(robot.lookup("#sourceLines").queryAs(ListView.class).getItems()).isEmpty();
        assertThat(placeholder(robot)).contains("gone.conf");
        assertThat(robot.lookup("#sourceLines").query().getPseudoClassStates())
                .contains(PseudoClass.getPseudoClass("warning"));
    }

    @Test
    void aFindingAboutNoFileAndOneAboutAWholeFile(FxRobot robot) throws Exception {
        robot.interact(() -> table.getSelectionModel().select(2));
        Eventually.until("the no-place placeholder", () -> placeholder(robot).contains("not one place in a file"));
        robot.interact(() -> table.getSelectionModel().select(3));
        Eventually.until("the source shown again", 
                () -> !robot.lookup("#sourceLines").queryAs(ListView.class).getItems().isEmpty());
        assertThat(robot.lookup("#sourceLines").queryAs(ListView.class).getItems())
                .containsExactly(SourceLine.whole(1, "Name=gpu File=/dev/nvidia[0-7]"));
        assertThat(target(robot)).as("nothing highlighted for the whole file").isNull();
    }

    @SuppressWarnings("unchecked")
    private static ListCell<SourceLine> target(FxRobot robot) {
        return robot.lookup((Node n) -> n instanceof ListCell<?> c && c.getItem() != null
                && c.getPseudoClassStates().contains(TARGET)).tryQueryAs(ListCell.class).orElse(null);
    }

    private static String placeholder(FxRobot robot) {
        return robot.lookup(".source-placeholder").tryQueryAs(Label.class).map(Label::getText).orElse("");
    }
}
