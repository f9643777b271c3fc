package org.topoplanner.allocator;

import java.util.Map;

/**
 * The memory (MiB) a running job holds on each of its nodes where memory is a consumable resource
 * ({@code SelectTypeParameters=CR_*_Memory}): slurmctld's {@code job_resources.memory_allocated}, which later jobs
 * see as the node's {@code alloc_memory}. {@link #NONE} where memory is not consumable or the job holds none.
 *
 * @param perHostMiB host name to MiB held there; a host not listed holds nothing
 */
public record HeldMemory(Map<String, Long> perHostMiB) {
    /** Nothing held (memory not consumable). */
    public static final HeldMemory NONE = new HeldMemory(Map.of());

    public HeldMemory {
        perHostMiB = Map.copyOf(perHostMiB);
        for (Map.Entry<String, Long> e : perHostMiB.entrySet()) {
            if (e.getValue() < 0) {
                throw new IllegalArgumentException("negative memory " + e.getValue() + " MiB on " + e.getKey());
            }
        }
    }

    /** MiB held on {@code host} (0 when none). */
    public long on(String host) {
        return perHostMiB.getOrDefault(host, 0L);
    }

    public boolean isEmpty() {
        return perHostMiB.isEmpty();
    }
}
