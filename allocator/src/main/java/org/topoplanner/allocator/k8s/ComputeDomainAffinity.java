package org.topoplanner.allocator.k8s;

import java.util.List;
import java.util.Optional;
import org.topoplanner.allocator.NvlinkReach;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;

/**
 * The placement rule a ComputeDomain puts on a multi-node job (NVIDIA DRA driver, {@code resource.nvidia.com}
 * ComputeDomain with its channel ResourceClaimTemplate): every pod of the job runs in one NVLink domain, the
 * IMEX domain the driver sets up across their nodes. To kube-scheduler it is a required pod affinity on
 * the {@code nvidia.com/gpu.clique} topology key: the first pod goes where the scores say, the others only
 * to nodes of its clique ({@code node(s) didn't match pod affinity rules} otherwise), with no look-ahead.
 *
 * <p>Applies to jobs of more than one pod on a cluster with NVLink domains ({@link NvlinkReach}) that
 * one domain could hold, counted in nodes for one-pod-per-node shapes; a larger job gets no ComputeDomain
 * (it could not have one) and is scheduled as without.
 */
final class ComputeDomainAffinity {
    static final String REASON = "node(s) didn't match pod affinity rules";

    private final NvlinkDomains domains;

    private ComputeDomainAffinity(NvlinkDomains domains) {
        this.domains = domains;
    }

    /** The rule for a job of {@code pods} pods, or empty when no ComputeDomain applies. */
    static Optional<ComputeDomainAffinity> of(Cluster cluster, int pods, boolean onePerNode) {
        NvlinkDomains domains = NvlinkReach.of(cluster);
        int largest = domains.all().stream().mapToInt(d -> d.hosts().size()).max().orElse(0);
        if (pods < 2 || domains.isEmpty() || onePerNode && pods > largest) {
            return Optional.empty();
        }
        return Optional.of(new ComputeDomainAffinity(domains));
    }

    /** Whether a pod may go to {@code host} once the job's earlier pods went to {@code chosen}. */
    boolean allows(List<String> chosen, String host) {
        if (chosen.isEmpty()) {
            return true;
        }
        Optional<NvlinkDomain> first = domains.ofHost(chosen.get(0));
        return first.isPresent() && first.get().contains(host);
    }

    /**
     * The {@code candidates} in the NVLink domain of {@code first} (the first pod's node); none when that
     * node is in no domain (it has no clique label, so no node matches the affinity term).
     */
    List<String> hostsWith(String first, List<String> candidates) {
        Optional<NvlinkDomain> domain = domains.ofHost(first);
        return domain.isEmpty() ? List.of() : candidates.stream().filter(domain.get()::contains).toList();
    }

    /** The domain the job's pods are held in, once the first is placed. */
    Optional<String> domainOf(List<String> chosen) {
        return chosen.isEmpty() ? Optional.empty() : domains.ofHost(chosen.get(0)).map(NvlinkDomain::name);
    }
}
