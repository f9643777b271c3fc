package org.topoplanner.allocator.k8s;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The merge against cases written as in kubelet's policy tests, and against the literal cross product. */
class HintMergerTest {
    private static final List<Integer> NUMA = List.of(0, 1);

    /** "01T,11F" -> hints; "nil" -> no preference; "none" -> no possible hint. */
    private static List<TopologyHint> hints(String s) {
        if (s.equals("nil")) {
            return List.of(TopologyHint.DONT_CARE);
        }
        if (s.equals("none")) {
            return List.of(TopologyHint.IMPOSSIBLE);
        }
        List<TopologyHint> out = new ArrayList<>();
        for (String h : s.split(",")) {
            out.add(new TopologyHint(new NumaMask(Long.parseLong(h.substring(0, h.length() - 1), 2)),
                    h.endsWith("T")));
        }
        return out;
    }

    @ParameterizedTest(name = "{0} x {1} -> {2}")
    @CsvSource(delimiter = '|', textBlock = """
            01T,10T,11F | 01T,10T,11F | 01T
            01T         | 11T         | 01F
            11T         | 10T,01T     | 01F
            10T         | 10T         | 10T
            01T,10T     | nil         | 01T
            nil         | nil         | 11T
            01T         | none        | 01F
            01T         | 10T         | 11F
            11F         | 01F,10F,11F | 11F
            """)
    void mergesLikeTheKubelet(String a, String b, String expected) {
        // 01T x 11T: masks differ, so not preferred although both are. 01T x 10T: the only AND is empty
        // and skipped, leaving the all-NUMA fallback {11}F. 11F x (01F,10F,11F): all non-preferred, and
        // BestNonPreferredAffinityCount = max(2, 1) = 2 makes {11} the best.
        TopologyHint got = HintMerger.merge(NUMA, List.of(hints(a), hints(b)));
        TopologyHint want = hints(expected).get(0);
        assertThat(got).isEqualTo(want);
    }

    @Property(tries = 300)
    void foldEqualsTheLiteralCrossProduct(@ForAll @Size(min = 1, max = 4) List<@Size(min = 1, max = 5)
            List<@IntRange(min = 0, max = 31) Integer>> providers) {
        // Each int: bits 0-2 a mask over 3 NUMA nodes (0 = nil), bit 3 preferred, bit 4 unused.
        List<Integer> numa = List.of(0, 1, 2);
        List<List<TopologyHint>> lists = new ArrayList<>();
        for (List<Integer> p : providers) {
            lists.add(p.stream().map(v -> new TopologyHint((v & 7) == 0 ? null : new NumaMask(v & 7), (v & 8) != 0))
                    .toList());
        }
        assertThat(HintMerger.merge(numa, lists)).isEqualTo(literal(numa, lists));
    }

    /** The kubelet's loop: every permutation, mergePermutation, compare. */
    private static TopologyHint literal(List<Integer> numa, List<List<TopologyHint>> lists) {
        NumaMask all = NumaMask.of(numa);
        int b = HintMerger.maxOfMinAffinityCounts(lists);
        TopologyHint[] best = {null};
        permute(lists, 0, new ArrayList<>(), perm -> {
            boolean preferred = true;
            NumaMask and = all;
            NumaMask first = null;
            for (TopologyHint h : perm) {
                if (h.affinity() != null) {
                    if (first == null) {
                        first = h.affinity();
                    } else if (!h.affinity().equals(first)) {
                        preferred = false;
                    }
                    and = and.and(h.affinity());
                }
                preferred &= h.preferred();
            }
            best[0] = HintMerger.compare(best[0], new TopologyHint(and, preferred), b);
        });
        return best[0] == null ? new TopologyHint(all, false) : best[0];
    }

    private static void permute(List<List<TopologyHint>> lists, int i, List<TopologyHint> acc,
                                java.util.function.Consumer<List<TopologyHint>> cb) {
        if (i == lists.size()) {
            cb.accept(acc);
            return;
        }
        for (TopologyHint h : lists.get(i)) {
            acc.add(h);
            permute(lists, i + 1, acc, cb);
            acc.remove(acc.size() - 1);
        }
    }
}
