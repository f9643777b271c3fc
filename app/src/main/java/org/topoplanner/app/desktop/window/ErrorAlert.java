package org.topoplanner.app.desktop.window;

import javafx.scene.control.Alert;
import javafx.scene.control.ButtonType;
import javafx.stage.Window;

/** A command that failed (a file that cannot be read or written, an import that broke) says so in a dialog of the window. */
final class ErrorAlert {
    private ErrorAlert() {
    }

    /** Not modal: nothing waits for the answer, the command has already left everything as it was. */
    static void show(Window owner, String title, String message) {
        Alert a = new Alert(Alert.AlertType.ERROR, message, ButtonType.OK);
        a.initOwner(owner);
        a.setHeaderText(title);
        a.show();
    }
}
