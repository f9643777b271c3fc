package org.topoplanner.model.job;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DistributionTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            // spelling, canonical, block core layout (dist_tasks' NODESOCKMASK switch), plane size (0: none)
            "block,         block,          false, 0",
            "cyclic,        cyclic,         false, 0",
            "block:cyclic,  block:cyclic,   false, 0",
            "cyclic:cyclic, cyclic:cyclic,  false, 0",
            "block:block,   block:block,    true,  0",
            "Cyclic:Block,  cyclic:block,   true,  0",
            "plane=2,       plane=2,        true,  2",
            "PLANE=16,      plane=16,       true,  16"})
    void readsTheEmulatedSpellingsAsSbatchDoes(String given, String canonical, boolean block, int plane) {
        Distribution d = Distribution.parse(given);
        assertThat(d.spelling()).isEqualTo(canonical);
        assertThat(d.blockCores()).isEqualTo(block);
        assertThat(d.planeSize()).isEqualTo(plane == 0 ? null : plane);
    }

    @ParameterizedTest(name = "[{index}] {0}")
    @CsvSource({"arbitrary", "block:fcyclic", "block:block:block", "'block,pack'", "*:block", "plane", "plane=0",
            "plane=x", "block:", "''"})
    void refusesWhatNoMeasuredLineCovers(String given) {
        assertThatThrownBy(() -> Distribution.parse(given)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("-m ");
    }

    @Test
    void writesTheOptionBackAndReadsItAgain() throws Exception {
        JobRequest r = SbatchOptions.parse(List.of("-N2", "-n6", "-m", "Plane=2"), "j");
        assertThat(r.distribution()).isEqualTo(new Distribution("plane=2"));
        assertThat(r.toSbatchArgs()).contains("--distribution=plane=2");
        assertThat(SbatchOptions.parse(r.toSbatchArgs(), "j")).isEqualTo(r);
        JobRequest b = SbatchOptions.parse(List.of("-n4", "--distribution=block:block"), "j");
        assertThat(SbatchOptions.parse(b.toSbatchArgs(), "j")).isEqualTo(b);
        assertThat(SbatchOptions.parse(List.of("-n4"), "j").distribution()).isNull();
    }
}
