package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.validate.Violation;
import org.topoplanner.model.diag.Severity;

class ViolationChangeTest {
    private static Violation v(String code, String host) {
        return new Violation(code, Severity.WARNING, List.of(host), code + " on " + host);
    }

    @Test
    void aWarningCarriedToAnotherHostIsNoNewsButANewCodeIsWhatGotWorse() {
        List<Violation> before = List.of(v("CPU_NOT_LOCAL", "node09"), v("CPU_NOT_LOCAL", "node10"));
        List<Violation> after = List.of(v("CPU_NOT_LOCAL", "node20"), v("CPU_NOT_LOCAL", "node10"),
                v("CROSS_LEAF", "leaf3"));

        ViolationChange c = ViolationChange.between(before, after);

        assertThat(c.added()).extracting(Violation::code).containsExactly("CROSS_LEAF");
        assertThat(c.cleared()).isEmpty();
        assertThat(c.summary()).isEqualTo("worse: CROSS_LEAF: CROSS_LEAF on leaf3");
    }

    @Test
    void fewerOfACodeIsWhatGotBetter() {
        List<Violation> before = List.of(v("GPU_NUMA_SPLIT", "node01"), v("CROSS_LEAF", "leaf1"));
        List<Violation> after = List.of(v("GPU_NUMA_SPLIT", "node02"));

        ViolationChange c = ViolationChange.between(before, after);

        assertThat(c.added()).isEmpty();
        assertThat(c.cleared()).extracting(Violation::code).containsExactly("CROSS_LEAF");
        assertThat(c.summary()).isEqualTo("better: clears CROSS_LEAF");
        assertThat(ViolationChange.between(after, after).summary()).isEqualTo("no violation added");
    }

    @Test
    void severalNewOnesAreCounted() {
        ViolationChange c = ViolationChange.between(List.of(),
                List.of(v("RESOURCE_OVERCOMMIT", "node20"), v("CROSS_LEAF", "leaf3"), v("CROSS_SPINE", "spine2")));
        assertThat(c.summary()).startsWith("worse: RESOURCE_OVERCOMMIT").endsWith("(and 2 more)");
    }
}
