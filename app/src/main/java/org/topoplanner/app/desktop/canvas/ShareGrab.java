package org.topoplanner.app.desktop.canvas;

/**
 * A placed job taken hold of by its share on one host, in either view: by the host in the fabric view
 * ({@link JobGrab}) or by one of its GPUs in the node view ({@link GpuGrab}). The {@link MoveGesture}
 * carries it from the press to the drop.
 */
public sealed interface ShareGrab permits JobGrab, GpuGrab {
    /** The job grabbed. */
    String job();

    /** The host whose share of the job was grabbed. */
    String host();

    /** What the badge following the pointer says while the share is moved. */
    String badgeText();
}
