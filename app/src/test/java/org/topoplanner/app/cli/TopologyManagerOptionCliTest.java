package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** {@code --tm-option} reaches the kubelet emulation, and what the kubelet refuses is refused here. */
class TopologyManagerOptionCliTest {
    @Test
    void refusesAMaximumBelowTheKubeletsMinimum() {
        CommandLineTest.Run r = CommandLineTest.run("place", "--example", "--policy", "k8s-default", "--tm-policy",
                "best-effort", "--tm-option", "max-allowable-numa-nodes=4", "--", "-N", "1", "--gpus-per-node=1");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("--tm-option").contains("should not be less than 8");
    }

    @Test
    void refusesAnUnknownOption() {
        CommandLineTest.Run r = CommandLineTest.run("compare", "--example",
                "--tm-option", "prefer-farthest=true", "--", "-N", "1");
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("unknown Topology Manager Policy option");
    }

    @Test
    void acceptsTheKubeletsOptions() {
        CommandLineTest.Run r = CommandLineTest.run("place", "--example", "--policy", "k8s-default", "--tm-policy",
                "restricted", "--tm-option", "prefer-closest-numa-nodes=true,max-allowable-numa-nodes=16",
                "--", "-N", "1", "--gpus-per-node=2");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("placed");
    }
}
