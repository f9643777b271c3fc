package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.slurm.GresLine;

/**
 * The type of each GPU of a host as Slurm's GRES layer names it: {@code Type=} of the {@code gres.conf}
 * lines for the host, in GRES index order (the order of their {@code File=} entries), as {@code slurmd}
 * builds the list. Without {@code gres.conf} a request's type is matched against the GPU's model name
 * by {@link org.topoplanner.model.node.GpuTypeMatch} ({@code h100} matches {@code NVIDIA H100 80GB HBM3}),
 * which is how a site names its types.
 */
final class GresTypes {
    private final List<String> types;
    private final Cluster cluster;
    private final String host;

    private GresTypes(Cluster cluster, String host, List<String> types) {
        this.cluster = cluster;
        this.host = host;
        this.types = types;
    }

    static GresTypes of(Cluster cluster, String host) {
        List<String> types = new ArrayList<>();
        for (GresLine g : cluster.slurm().gres()) {
            if (!g.name().equals("gpu") || !(g.nodes().isEmpty() || g.nodes().contains(host))) {
                continue;
            }
            int count = g.files().isEmpty() ? (g.count() == null ? 0 : g.count().intValue()) : g.files().size();
            for (int i = 0; i < count; i++) {
                types.add(g.type());
            }
        }
        return new GresTypes(cluster, host, types);
    }

    /** True, false, or empty when neither gres.conf nor the GPU's model tells. */
    Optional<Boolean> matches(int gpuIndex, String wanted) {
        String w = wanted.toLowerCase(Locale.ROOT);
        if (!types.isEmpty()) {
            if (gpuIndex >= types.size() || types.get(gpuIndex) == null) {
                return Optional.of(false);
            }
            return Optional.of(types.get(gpuIndex).toLowerCase(Locale.ROOT).equals(w));
        }
        Optional<Gpu> g = cluster.node(host).gpu(gpuIndex);
        if (g.isEmpty() || g.get().model() == null) {
            return Optional.empty();
        }
        return Optional.of(org.topoplanner.model.node.GpuTypeMatch.answers(g.get().model(), wanted));
    }

    /** The type in words for a sentence. */
    String describe(int gpuIndex) {
        if (!types.isEmpty()) {
            return gpuIndex < types.size() && types.get(gpuIndex) != null ? "type " + types.get(gpuIndex) : "no type";
        }
        return cluster.node(host).gpu(gpuIndex).map(Gpu::model).orElse("unknown model");
    }
}
