package org.topoplanner.app.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Where a share's GPUs land when one of them is dragged onto another GPU of the same node, the way
 * one drags a block of cells in a spreadsheet: the pressed GPU lands on the one pointed at and the
 * others keep their distance from it (GPUs 0,1 grabbed by GPU 0 and dropped on GPU 4 land on 4,5).
 * Distances count in the node's GPU order, so gaps in the numbering do not matter; a block that would
 * run past the first or last GPU slides back in, so pointing near the edge still means "over there".
 * When the user has selected exactly as many GPUs as the share has and points into them, those are
 * the target: the way to ask for GPUs that are not side by side.
 *
 * @param nodeGpus the node's GPU indices
 * @param share    the GPUs the job holds on the node
 * @param grabbed  the GPU of the share that was pressed
 */
public record GpuSlide(List<Integer> nodeGpus, List<Integer> share, int grabbed) {
    public GpuSlide {
        nodeGpus = nodeGpus.stream().sorted().toList();
        share = share.stream().sorted().toList();
    }

    /**
     * The GPUs the share lands on with {@code pointed} under the pointer; empty when the grabbed GPU is
     * not the share's or a GPU is not the node's.
     */
    public List<Integer> landing(int pointed, Set<Integer> selected) {
        if (selected.size() == share.size() && selected.contains(pointed) && nodeGpus.containsAll(selected)) {
            return selected.stream().sorted().toList();
        }
        int from = nodeGpus.indexOf(grabbed);
        int to = nodeGpus.indexOf(pointed);
        if (from < 0 || to < 0 || !share.contains(grabbed)) {
            return List.of();
        }
        List<Integer> positions = new ArrayList<>();
        for (int g : share) {
            int at = nodeGpus.indexOf(g);
            if (at < 0) {
                return List.of();
            }
            positions.add(at + to - from);
        }
        int low = positions.stream().mapToInt(Integer::intValue).min().orElse(0);
        int high = positions.stream().mapToInt(Integer::intValue).max().orElse(0);
        int back = low < 0 ? -low : high >= nodeGpus.size() ? nodeGpus.size() - 1 - high : 0;
        return positions.stream().map(at -> nodeGpus.get(at + back)).sorted().toList();
    }
}
