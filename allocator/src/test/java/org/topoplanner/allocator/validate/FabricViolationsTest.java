package org.topoplanner.allocator.validate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.topoplanner.allocator.validate.Fixture.EXAMPLE;
import static org.topoplanner.allocator.validate.Fixture.VALIDATOR;
import static org.topoplanner.allocator.validate.Fixture.busy;
import static org.topoplanner.allocator.validate.Fixture.codes;
import static org.topoplanner.allocator.validate.Fixture.only;
import static org.topoplanner.allocator.validate.Fixture.placement;
import static org.topoplanner.allocator.validate.Fixture.request;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.model.diag.Severity;
import org.topoplanner.model.job.Placement;
import org.topoplanner.resources.NodeTemplate;

/** Example cluster: leaf1 node01-08, leaf2 node09-16 (spine1); leaf3 node17-24, leaf4 node25-32 (spine2); core. */
class FabricViolationsTest {
    private static final ClusterState EMPTY = ClusterState.empty(EXAMPLE);

    private static Placement nodes(String... hosts) {
        String[] specs = new String[hosts.length];
        for (int i = 0; i < hosts.length; i++) {
            specs[i] = hosts[i] + ":0,1,2,3:0-3";
        }
        return placement("job", specs);
    }

    private static String[] range(int from, int to) {
        List<String> out = new ArrayList<>();
        for (int i = from; i <= to; i++) {
            out.add(String.format("node%02d", i));
        }
        return out.toArray(String[]::new);
    }

    @Test
    void switchLimitIsAWarningThatNamesTheWait() {
        List<Violation> v = VALIDATOR.validate(EMPTY, request("-N 2 --gpus-per-node=4 --switches=1@2:00"),
                nodes("node01", "node09"));
        assertThat(only(v, ViolationCode.SWITCH_LIMIT)).singleElement().satisfies(x -> {
            assertThat(x.severity()).isEqualTo(Severity.WARNING);
            assertThat(x.elements()).containsExactly("leaf1", "leaf2");
            assertThat(x.sentence()).isEqualTo("job spans 2 leaves (leaf1 and leaf2), more than --switches=1; Slurm"
                    + " holds it (Reason=Resources) for up to 2:00 and then runs it here anyway");
        });
        assertThat(codes(VALIDATOR.validate(EMPTY, request("-N 2 --gpus-per-node=4 --switches=1"),
                nodes("node01", "node02")))).doesNotContain("SWITCH_LIMIT");
    }

    @Test
    void tierLimitIsAnErrorWhenHardAndAWarningWhenSoft() {
        TierLimit hard = new TierLimit(1, true, "Volcano highestTierAllowed=1");
        List<Violation> v = VALIDATOR.validate(EMPTY, request("-N 2 --gpus-per-node=4"), nodes("node01", "node09"),
                ValidationOptions.NONE.withTierLimit(hard));
        assertThat(only(v, ViolationCode.TIER_LIMIT)).singleElement().satisfies(x -> {
            assertThat(x.severity()).isEqualTo(Severity.ERROR);
            assertThat(x.elements()).containsExactly("spine1");
            assertThat(x.sentence()).startsWith("job spans up to tier 2 (its hosts meet only at spine1), above"
                    + " Volcano highestTierAllowed=1");
        });
        TierLimit soft = new TierLimit(1, false, "Volcano highestTierAllowed=1 (soft)");
        assertThat(only(VALIDATOR.validate(EMPTY, request("-N 2 --gpus-per-node=4"), nodes("node01", "node09"),
                ValidationOptions.NONE.withTierLimit(soft)), ViolationCode.TIER_LIMIT))
                .extracting(Violation::severity).containsExactly(Severity.WARNING);
        assertThat(only(VALIDATOR.validate(EMPTY, request("-N 2 --gpus-per-node=4"), nodes("node01", "node02"),
                ValidationOptions.NONE.withTierLimit(hard)), ViolationCode.TIER_LIMIT)).isEmpty();
    }

    @Test
    void crossLeafSaysHowManyMoreLeavesThanNeeded() {
        List<Violation> v = VALIDATOR.validate(EMPTY, request("-N 2 --gpus-per-node=4"), nodes("node01", "node09"));
        assertThat(only(v, ViolationCode.CROSS_LEAF)).singleElement().satisfies(x -> {
            assertThat(x.severity()).isEqualTo(Severity.WARNING);
            assertThat(x.sentence()).isEqualTo("job uses 2 leaves (leaf1 and leaf2) where 1 could hold it with the"
                    + " resources free now: 1 more than needed");
        });
        assertThat(codes(VALIDATOR.validate(EMPTY, request("-N 2 --gpus-per-node=4"), nodes("node01", "node02"))))
                .doesNotContain("CROSS_LEAF", "CROSS_SPINE");
    }

    @Test
    void crossLeafCountsOnlyFreeResources() {
        // every leaf keeps a single free node: two nodes need two leaves, both under spine1 at best
        ClusterState s = busy(EMPTY, "filler", concat(range(2, 8), range(10, 16), range(18, 24), range(26, 32)));
        assertThat(codes(VALIDATOR.validate(s, request("-N 2 --gpus-per-node=4"), nodes("node01", "node09"))))
                .doesNotContain("CROSS_LEAF", "CROSS_SPINE");
        assertThat(only(VALIDATOR.validate(s, request("-N 2 --gpus-per-node=4"), nodes("node01", "node17")),
                ViolationCode.CROSS_SPINE)).extracting(Violation::sentence).containsExactly(
                "job uses 2 spines (tier-2 switches) (spine1 and spine2) where 1 could hold it with the resources"
                        + " free now: 1 more than needed");
    }

    @Test
    void crossSpineWithoutCrossLeafForASixteenNodeJob() {
        Placement split = nodes(concat(range(1, 8), range(17, 24)));
        List<Violation> v = VALIDATOR.validate(EMPTY, request("-N 16 --gpus-per-node=4"), split);
        assertThat(codes(v)).contains("CROSS_SPINE").doesNotContain("CROSS_LEAF");
        assertThat(codes(VALIDATOR.validate(EMPTY, request("-N 16 --gpus-per-node=4"), nodes(range(1, 16)))))
                .doesNotContain("CROSS_SPINE", "CROSS_LEAF");
    }

    @Test
    void aHostNoSwitchReachesIsUnreachable() {
        var small = Fixture.small(NodeTemplate.WORKSTATION_4GPU);
        ClusterState s = ClusterState.empty(small);
        List<Violation> v = VALIDATOR.validate(s, request("-N 2 --gpus-per-node=1"),
                placement("job", "a:0:0", "lonely:0:0"));
        assertThat(only(v, ViolationCode.UNREACHABLE_NODE)).extracting(Violation::elements)
                .containsExactly(List.of("lonely"));
        assertThat(only(VALIDATOR.validate(s, request("-N 2 --gpus-per-node=1"), placement("job", "a:0:0", "c:0:0")),
                ViolationCode.UNREACHABLE_NODE)).singleElement()
                .satisfies(x -> assertThat(x.sentence()).contains("separate fabrics (tops s1 and s2)"));
        assertThat(only(VALIDATOR.validate(s, request("-N 2 --gpus-per-node=1"), placement("job", "a:0:0", "b:0:0")),
                ViolationCode.UNREACHABLE_NODE)).isEmpty();
    }

    private static String[] concat(String[]... parts) {
        List<String> out = new ArrayList<>();
        for (String[] p : parts) {
            out.addAll(List.of(p));
        }
        return out.toArray(String[]::new);
    }
}
