package org.topoplanner.app.desktop;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.stage.Stage;
import org.topoplanner.resources.ShippedData;

/** The desktop application: one main window, opened on the built-in example cluster. */
public final class TopoPlannerApp extends Application {
    public static final String TITLE = "TopoPlanner";

    @Override
    public void start(Stage stage) {
        MainWindow window = new MainWindow(ShippedData.exampleCluster());
        Scene scene = new Scene(window.root(), 1400, 900);
        stage.setTitle(TITLE + " \u2014 " + window.clusterName());
        stage.setScene(scene);
        stage.show();
    }
}
