package org.topoplanner.model.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** {@code --spread-job}, {@code --contiguous} and {@code --use-min-nodes} are read as flags and written back. */
class NodeChoiceTest {

    @Test
    void readsTheThreeFlagsAndWritesThemBack() throws Exception {
        JobRequest r = SbatchOptions.parse(List.of("-N2-4", "--use-min-nodes", "--spread-job", "--contiguous"), "j");
        assertThat(r.nodeChoice()).isEqualTo(new NodeChoice(true, true, true));
        assertThat(SbatchOptions.toArgs(r)).contains("--contiguous", "--spread-job", "--use-min-nodes");
        assertThat(SbatchOptions.parse(SbatchOptions.toArgs(r), "j")).isEqualTo(r);
    }

    @Test
    void aFlagGivenTwiceStaysSetAndTheOthersStayUnset() throws Exception {
        JobRequest r = SbatchOptions.parse(List.of("-n4", "--spread-job", "--spread-job"), "j");
        assertThat(r.nodeChoice()).isEqualTo(new NodeChoice(true, false, false));
        assertThat(SbatchOptions.parse(List.of("-n4"), "j").nodeChoice()).isEqualTo(NodeChoice.DEFAULT);
        assertThat(NodeChoice.DEFAULT.any()).isFalse();
    }
}
