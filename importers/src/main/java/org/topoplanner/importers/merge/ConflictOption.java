package org.topoplanner.importers.merge;

import java.util.Objects;

/**
 * One answer to a {@link SourceConflict}: a source whose view can be taken, or keeping or dropping
 * hosts.
 *
 * @param id    what a {@link MergeChoices} entry names to pick it: the source's path, or {@code keep} /
 *              {@code drop}
 * @param label short, for a list: the file name, or the action
 * @param says  one line on what this answer gives ("8 GPUs (NV12), 2 sockets, 128 cores")
 */
public record ConflictOption(String id, String label, String says) {
    public ConflictOption {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(label, "label");
        Objects.requireNonNull(says, "says");
    }

    /** The option of a source, labelled with its file name (a path's last part). */
    static ConflictOption ofSource(String path, String says) {
        int slash = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
        return new ConflictOption(path, slash >= 0 ? path.substring(slash + 1) : path, says);
    }
}
