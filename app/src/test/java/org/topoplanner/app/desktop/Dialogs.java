package org.topoplanner.app.desktop;

import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/** The window's dialogs as a test finds and answers them: by the dialog pane's id and a button's text. */
final class Dialogs {
    private Dialogs() {
    }

    /** Waits until a dialog with pane id {@code id} shows, and returns its pane. */
    static DialogPane await(FxRobot robot, String id) throws TimeoutException {
        Eventually.until("the dialog " + id + " shown", () -> showing(robot, id));
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup("#" + id).queryAs(DialogPane.class);
    }

    static boolean showing(FxRobot robot, String id) {
        return robot.lookup("#" + id).tryQuery().filter(n -> n.getScene() != null && n.getScene().getWindow() != null
                && n.getScene().getWindow().isShowing()).isPresent();
    }

    /** Clicks the button labelled {@code text} in {@code pane}. */
    static void click(FxRobot robot, DialogPane pane, String text) {
        Button b = robot.from(pane).lookup((Node n) -> n instanceof Button x && text.equals(x.getText())).queryAs(Button.class);
        robot.clickOn(b);
        WaitForAsyncUtils.waitForFxEvents();
    }

    static void awaitClosed(FxRobot robot, String id) throws TimeoutException {
        Eventually.until("the dialog " + id + " closed", () -> !showing(robot, id));
        WaitForAsyncUtils.waitForFxEvents();
    }
}
