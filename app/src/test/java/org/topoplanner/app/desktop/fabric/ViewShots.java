package org.topoplanner.app.desktop.fabric;

import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import javafx.embed.swing.SwingFXUtils;
import javafx.geometry.Rectangle2D;
import javafx.scene.Scene;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.stage.PopupWindow;
import javafx.stage.Window;
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

    /**
     * Snapshots the scene with the popups it shows (hover cards, menus) drawn over it where they
     * stand on screen (FX thread): a scene snapshot alone leaves popup windows out.
     */
    public static Path saveWithPopups(Scene scene, String name) {
        BufferedImage img = SwingFXUtils.fromFXImage(scene.snapshot(null), null);
        Graphics2D g = img.createGraphics();
        Window owner = scene.getWindow();
        for (Window w : Window.getWindows()) {
            if (w instanceof PopupWindow p && p.isShowing() && p.getOwnerWindow() == owner) {
                // The root, not the scene: a scene snapshot paints the popup's transparent corners white.
                SnapshotParameters clear = new SnapshotParameters();
                clear.setFill(Color.TRANSPARENT);
                clear.setViewport(new Rectangle2D(0, 0, p.getScene().getWidth(), p.getScene().getHeight()));
                BufferedImage popup = SwingFXUtils.fromFXImage(p.getScene().getRoot().snapshot(clear, null), null);
                int x = (int) Math.round(p.getX() - owner.getX() - scene.getX());
                int y = (int) Math.round(p.getY() - owner.getY() - scene.getY());
                g.drawImage(popup, x, y, null);
            }
        }
        g.dispose();
        return write(img, name);
    }

    /** Snapshots the scene (FX thread) and writes {@code name}.png; returns the file. */
    public static Path save(Scene scene, String name) {
        WritableImage img = scene.snapshot(null);
        return write(SwingFXUtils.fromFXImage(img, null), name);
    }

    private static Path write(BufferedImage img, String name) {
        Path file = dir().resolve(name + ".png");
        try {
            ImageIO.write(img, "png", file.toFile());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return file;
    }
}
