package org.topoplanner.model.job;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** Where one job runs: per host, its GPUs, CPUs and NICs; hosts in allocation order. */
public record Placement(String job, List<HostAllocation> hosts) {
    public Placement {
        Objects.requireNonNull(job, "job");
        hosts = List.copyOf(hosts);
    }

    public List<String> hostNames() {
        return hosts.stream().map(HostAllocation::host).toList();
    }

    public Optional<HostAllocation> on(String host) {
        return hosts.stream().filter(h -> h.host().equals(host)).findFirst();
    }

    public int gpuCount() {
        return hosts.stream().mapToInt(h -> h.gpus().size()).sum();
    }
}
