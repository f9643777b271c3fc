package org.topoplanner.app.desktop;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeoutException;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.ListCell;
import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window's dialogs as a test finds and answers them: by the dialog pane's id, a button's text and
 * a choice box's entry.
 */
public final class Dialogs {
    private Dialogs() {
    }

    /** Waits until a dialog with pane id {@code id} shows, and returns its pane. */
    public static DialogPane await(FxRobot robot, String id) throws TimeoutException {
        Eventually.until("the dialog " + id + " shown", () -> showing(robot, id));
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup("#" + id).queryAs(DialogPane.class);
    }

    public static boolean showing(FxRobot robot, String id) {
        return robot.lookup("#" + id).tryQuery().filter(n -> n.getScene() != null && n.getScene().getWindow() != null
                && n.getScene().getWindow().isShowing()).isPresent();
    }

    /** Clicks the button labelled {@code text} in {@code pane}. */
    public static void click(FxRobot robot, DialogPane pane, String text) {
        Button b = robot.from(pane).lookup((Node n) -> n instanceof Button x && text.equals(x.getText())).queryAs(Button.class);
        robot.clickOn(b);
        WaitForAsyncUtils.waitForFxEvents();
    }

    /** Opens {@code box} and clicks the entry {@code text}, as a person picks it, and checks it is chosen. */
    public static void pick(FxRobot robot, ComboBox<?> box, String text) {
        choose(robot, box, text);
        assertThat(String.valueOf(box.getValue())).isEqualTo(text);
    }

    /** Opens {@code box} and clicks the entry {@code text}. */
    public static void choose(FxRobot robot, ComboBox<?> box, String text) {
        robot.clickOn(box);
        WaitForAsyncUtils.waitForFxEvents();
        Node cell = robot.lookup((Node n) -> n instanceof ListCell<?> c && text.equals(c.getText())).query();
        robot.clickOn(cell);
        WaitForAsyncUtils.waitForFxEvents();
    }

    public static void awaitClosed(FxRobot robot, String id) throws TimeoutException {
        Eventually.until("the dialog " + id + " closed", () -> !showing(robot, id));
        WaitForAsyncUtils.waitForFxEvents();
    }
}
