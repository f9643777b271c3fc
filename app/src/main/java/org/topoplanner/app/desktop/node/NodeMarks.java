package org.topoplanner.app.desktop.node;

import java.util.List;
import java.util.Set;
import org.topoplanner.app.desktop.canvas.GhostState;

/**
 * What the node view draws over the occupancy: the GPU selection and hover, the drag ghost (where a
 * dropped or moved job would land, in the verdict's colour) and the job whose share is leaving while it
 * is moved by hand.
 *
 * @param selected    selected GPU indices
 * @param hovered     the GPU under the pointer, or -1
 * @param ghost       GPUs the ghost covers (empty for none)
 * @param ghostState  the ghost's verdict, or {@code null} for none
 * @param leavingJob  the job being moved off this host's GPUs and cores, or {@code null}
 */
record NodeMarks(Set<Integer> selected, int hovered, List<Integer> ghost, GhostState ghostState, String leavingJob) {
    /** Nothing marked. */
    static final NodeMarks NONE = new NodeMarks(Set.of(), -1, List.of(), null, null);

    NodeMarks {
        selected = Set.copyOf(selected);
        ghost = List.copyOf(ghost);
    }

    boolean ghosted(int gpu) {
        return ghostState != null && ghost.contains(gpu);
    }

    boolean leaving(String job) {
        return job != null && job.equals(leavingJob);
    }
}
