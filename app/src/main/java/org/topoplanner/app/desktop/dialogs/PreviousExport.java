package org.topoplanner.app.desktop.dialogs;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The folder a window last wrote an export to, kept for the window's life: the next Export… shows what
 * writing there again would change before asking for a folder, and its chooser opens there.
 */
public final class PreviousExport {
    private Path folder;

    public Optional<Path> folder() {
        return Optional.ofNullable(folder);
    }

    /** An export was written to {@code dir}. */
    public void wrote(Path dir) {
        folder = dir;
    }
}
