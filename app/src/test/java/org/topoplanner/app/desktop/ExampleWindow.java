package org.topoplanner.app.desktop;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeoutException;
import java.util.zip.GZIPInputStream;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.stage.Stage;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.window.CrashRecovery;
import org.topoplanner.app.desktop.window.TopoPlannerApp;
import org.topoplanner.app.desktop.window.WindowController;

/** The real window on the built-in example cluster, as the TestFX window tests start it. */
public final class ExampleWindow {
    private ExampleWindow() {
    }

    /**
     * Starts the app in {@code stage} with {@code home} as its settings folder, in front and focused.
     * Give each test its own {@code home} (an instance {@code @TempDir}). Autosave and the recovery offer
     * are off: a test about them starts the app itself with {@link CrashRecovery#ON}. The fabric view's
     * hover cards are off too (see {@link org.topoplanner.app.desktop.fabric.HoverCard#setEnabled}); a
     * test about them turns them on with {@link #hoverCards}.
     */
    public static WindowController open(Stage stage, Path home) {
        return open(stage, home, CrashRecovery.OFF);
    }

    /** As {@link #open(Stage, Path)} with autosave and the recovery offer as {@code recovery} says. */
    public static WindowController open(Stage stage, Path home, CrashRecovery recovery) {
        // a drag left over from an earlier test class would swallow this class's first drag
        MonocleDrag.reset();
        WindowController controller = new TopoPlannerApp().start(stage, home, recovery);
        controller.window().fabricView().card().setEnabled(false);
        stage.toFront();
        stage.requestFocus();
        return controller;
    }

    /** Turns the fabric view's hover cards on or off (on the FX thread). */
    public static void hoverCards(WindowController controller, boolean on) {
        Eventually.onFxThread(() -> {
            controller.window().fabricView().card().setEnabled(on);
            return null;
        });
    }

    /** Waits until the fabric view shows the example's 7 switches (its layout is computed in the background). */
    public static void awaitLayout(WindowController controller) throws TimeoutException {
        Eventually.until("the example's 7 switches laid out",
                () -> controller.window().fabricView().getLayout().switches().size() == 7);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * File > Import… of ibsim's 4,096-host fat tree ({@code ft3-4096.ibnetdiscover.gz}, see
     * src/test/resources/inputs/PROVENANCE.md; unpacked into {@code files} first, as a user with a gzipped
     * dump does) with the A100 node type as every host's template, the findings dialog accepted, and the
     * hosts laid out in the fabric view.
     */
    public static void importFatTreeOf4096Hosts(FxRobot robot, WindowController controller, Path files)
            throws Exception {
        Path dump = files.resolve("ft3-4096.ibnetdiscover");
        try (InputStream in = new GZIPInputStream(
                ExampleWindow.class.getResourceAsStream("/inputs/ft3-4096.ibnetdiscover.gz"))) {
            Files.copy(in, dump);
        }
        Path nodeType = Path.of(ExampleWindow.class.getResource("/inputs/a100-sxm4-epyc7742-nps4-10nic.txt").toURI());
        robot.interact(() -> controller.importFiles(List.of(dump, nodeType)));
        Eventually.until("the import's findings dialog", () -> robot.lookup("#diagnosticsTable").tryQuery().isPresent());
        robot.clickOn(robot.lookup((Node n) -> n instanceof Button b && "Import".equals(b.getText())).queryAs(Button.class));
        Eventually.until("the 4,096-host import in the plan",
                () -> controller.viewModel().plan().cluster().hostNames().size() == 4096);
        Eventually.until("the 4,096 hosts laid out in the fabric view",
                () -> controller.window().fabricView().getLayout().hosts().size() == 4096);
    }
}
