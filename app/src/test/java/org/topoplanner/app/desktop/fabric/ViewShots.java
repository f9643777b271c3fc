package org.topoplanner.app.desktop.fabric;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Scene;
import javafx.scene.image.WritableImage;
import javax.imageio.ImageIO;

/**
 * Writes headless snapshots of a scene as PNG, to look at after each visible change. The folder
 * is {@code -Dshots.dir}, else {@code target/ui-views-shots}.
 */
public final class ViewShots {
    private ViewShots() {
    }

    public static Path dir() {
        Path d = Paths.get(System.getProperty("shots.dir", "target/ui-views-shots"));
        try {
            Files.createDirectories(d);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return d;
    }

    /** Snapshots the scene (FX thread) and writes {@code name}.png; returns the file. */
    public static Path save(Scene scene, String name) {
        WritableImage img = scene.snapshot(null);
        Path file = dir().resolve(name + ".png");
        try {
            ImageIO.write(SwingFXUtils.fromFXImage(img, null), "png", file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }
}
