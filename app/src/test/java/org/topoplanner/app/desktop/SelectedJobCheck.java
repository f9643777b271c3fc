package org.topoplanner.app.desktop;

import java.util.List;
import javafx.scene.control.Label;
import javafx.scene.control.TableView;
import org.testfx.api.FxRobot;
import org.topoplanner.allocator.validate.Violation;

/**
 * The inspector's violations of the selected job, read once its background check has finished: after
 * an edit the table is emptied and says "Checking…" until the answer arrives, so reading it earlier
 * sees an empty table whatever the check will find.
 */
public final class SelectedJobCheck {
    private SelectedJobCheck() {
    }

    /** The violation codes once the check of the job selected now has finished. */
    public static List<String> violationCodes(FxRobot robot) {
        return violations(robot).stream().map(Violation::code).toList();
    }

    public static List<Violation> violations(FxRobot robot) {
        TableView<Violation> table = robot.lookup("#violations").queryAs(TableView.class);
        Eventually.until("the selected job's check to finish", () -> !checking(table));
        return Eventually.onFxThread(() -> List.copyOf(table.getItems()));
    }

    private static boolean checking(TableView<Violation> table) {
        return table.getPlaceholder() instanceof Label l && l.getText().startsWith("Checking");
    }
}
