package org.topoplanner.allocator.kueue;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link TasAlgorithm} against the real Kueue TAS code, answer by answer: the expected answers in
 * {@code oracle/k8s/} were produced by kubernetes-sigs/kueue ff69552's
 * {@code FindTopologyAssignmentsForFlavor} run on these cases (see {@code src/test/resources/oracle/k8s/PROVENANCE.md}):
 * the same domains and pod counts, or the same failure message word for word.
 */
class KueueTasOracleTest {
    @Test
    void everyCaseMatchesKueue() throws IOException {
        List<KueueOracleCase> cases = KueueOracleCase.all();
        List<String> mismatches = new ArrayList<>();
        int failures = 0;
        for (KueueOracleCase c : cases) {
            String theirs = c.theirs();
            String ours = c.ours(new TasAlgorithm(c.levels(), c.nodes(), c.pod()).assign(c.request()));
            failures += theirs.startsWith("failure") ? 1 : 0;
            if (!ours.equals(theirs)) {
                mismatches.add(c.id() + " " + c.podSet() + "\n  kueue: " + theirs + "\n  ours:  " + ours);
            }
        }
        assertThat(cases).hasSizeGreaterThanOrEqualTo(2000);
        // both answers and refusals are exercised
        assertThat(failures).isBetween(100, cases.size() - 500);
        assertThat(mismatches).as(mismatches.size() + " of " + cases.size() + " differ").isEmpty();
    }
}
