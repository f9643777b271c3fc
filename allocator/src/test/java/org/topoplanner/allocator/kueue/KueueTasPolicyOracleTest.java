package org.topoplanner.allocator.kueue;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.k8s.KubeletSettings;
import org.topoplanner.model.job.HostAllocation;

/**
 * The {@code kueue-tas} policy against the real Kueue TAS code, case by case: the 1,100 "modelled"
 * cases ({@code oracle/k8s/kueue-tas-modelled-*.json}, {@code kueue-tas-whole-nodes-*.json}: clusters
 * the cluster model can state exactly) are
 * built as clusters with running jobs ({@link KueueOracleCluster}) and the policy's suggestion is
 * compared with Kueue ff69552's answer: the same nodes with the same pods (GPUs per node), or no
 * placement: pending with Kueue's own message word for word, or impossible already on the idle
 * cluster (then the same rejection, or a capacity message of the same topology with idle counts).
 */
class KueueTasPolicyOracleTest {
    @Test
    void thePolicyPlacesWhereKueueAssigns() throws IOException {
        List<KueueOracleCase> cases = KueueOracleCase.modelled();
        List<String> mismatches = new ArrayList<>();
        int placed = 0;
        int refused = 0;
        int refusedOnIdle = 0;
        for (KueueOracleCase c : cases) {
            KueueOracleCluster k = KueueOracleCluster.of(c.json());
            KueueTasPolicy policy = new KueueTasPolicy(KubeletSettings.from(PolicyOptions.DEFAULT), k.template(),
                    j -> Optional.of(k.tas()));
            Suggestion s = policy.suggest(k.state(), k.job());
            String why = check(c, s);
            if (why != null) {
                mismatches.add(c.id() + " " + c.podSet() + ": " + why);
            } else if (c.failure() == null) {
                placed++;
            } else {
                refused++;
                refusedOnIdle += s instanceof Suggestion.Impossible ? 1 : 0;
            }
        }
        assertThat(mismatches).as(mismatches.size() + " of " + cases.size() + " differ").isEmpty();
        assertThat(placed).isGreaterThanOrEqualTo(500);
        assertThat(refused).isGreaterThanOrEqualTo(300);
        System.out.printf("kueue-tas policy vs Kueue: %d placed alike, %d refused alike (%d already on the idle"
                + " cluster, the rest pending with Kueue's message)%n", placed, refused, refusedOnIdle);
        assertThat(refusedOnIdle).isLessThan(refused);
    }

    /** Why our suggestion differs from Kueue's answer, or {@code null} when it agrees. */
    private static String check(KueueOracleCase c, Suggestion s) {
        if (c.failure() != null) {
            if (s instanceof Suggestion.Pending p) {
                return p.explanation().contains(c.failure()) ? null
                        : "Kueue: " + c.failure() + "; ours pending: " + p.explanation();
            }
            if (s instanceof Suggestion.Impossible i) {
                // refused even on the idle cluster, so the counts in the message are the idle cluster's:
                // the same message for a request Kueue rejects as such, a capacity message otherwise
                String idle = i.reason().replaceFirst("^even on an idle cluster: ", "");
                String topology = "topology \"" + c.levels().name() + "\" ";
                boolean alike = idle.equals(c.failure())
                        || (idle.startsWith(topology) && c.failure().startsWith(topology));
                return alike ? null : "Kueue: " + c.failure() + "; ours impossible: " + i.reason();
            }
            return "Kueue: " + c.failure() + "; ours " + s;
        }
        if (!(s instanceof Suggestion.Placed p)) {
            return "Kueue assigned " + c.podsPerHost() + "; ours " + s;
        }
        if (p.notes().stream().anyMatch(n -> n.contains("GANG_INCOMPLETE") || n.contains("pending"))) {
            return "Kueue assigned " + c.podsPerHost() + "; ours only partly: " + p.notes();
        }
        int gpusPerPod = c.pod().gpus();
        Map<String, Integer> ours = new LinkedHashMap<>();
        for (HostAllocation h : p.placement().hosts()) {
            ours.put(h.host(), gpusPerPod == 0 ? null : h.gpus().size() / gpusPerPod);
        }
        Map<String, Integer> theirs = new LinkedHashMap<>();
        c.podsPerHost().forEach((h, n) -> theirs.put(h, gpusPerPod == 0 ? null : n));
        return ours.equals(theirs) ? null : "Kueue assigned " + c.podsPerHost() + "; ours " + ours;
    }
}
