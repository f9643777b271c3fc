package org.topoplanner.allocator.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;

class FabricSpanTest {

    /** Two leaves each cabled to both spines; leafB's cable to spine2 is listed before its cable to spine1. */
    private static Fabric fatTree() {
        FabricBuilder f = new FabricBuilder().addSwitch("leafA").addSwitch("leafB").addSwitch("spine1")
                .addSwitch("spine2").addHost("a1").addHost("a2").addHost("b1").addHost("lonely");
        f.cable("a1", "leafA");
        f.cable("a2", "leafA");
        f.cable("b1", "leafB");
        f.cable("leafA", "spine1");
        f.cable("leafA", "spine2");
        f.cable("leafB", "spine2");
        f.cable("leafB", "spine1");
        return f.tiers(Map.of("leafA", 1, "leafB", 1, "spine1", 2, "spine2", 2)).build();
    }

    @Test
    void aFullFatTreeIsOneSpineDomainWhateverTheCableOrder() {
        FabricTree tree = new FabricTree(fatTree());
        FabricSpan span = FabricSpan.of(tree, List.of("a1", "b1"));
        assertThat(span.leaves()).containsExactly("leafA", "leafB");
        assertThat(span.spines()).containsExactly("spine1");
        assertThat(span.highestTier()).isEqualTo(2);
        assertThat(FabricSpan.commonSwitch(tree, List.of("a1", "b1"))).contains("spine1");
        assertThat(FabricSpan.of(tree, List.of("a1", "a2")).highestTier()).isEqualTo(1);
        assertThat(FabricSpan.of(tree, List.of("a1")).highestTier()).isZero();
    }

    @Test
    void hostsNoSwitchReachesAreSetApart() {
        FabricSpan span = FabricSpan.of(new FabricTree(fatTree()), List.of("a1", "lonely"));
        assertThat(span.unreachable()).containsExactly("lonely");
        assertThat(span.leaves()).containsExactly("leafA");
        assertThat(WorstPair.of(fatTree(), List.of("a1", "lonely")).hops()).isEqualTo(-1);
    }

    @Test
    void worstPairCountsCablesThroughSwitchesOnly() {
        assertThat(WorstPair.of(fatTree(), List.of("a1", "a2", "b1"))).isEqualTo(new WorstPair("a1", "b1", 4));
        assertThat(WorstPair.of(fatTree(), List.of("a1", "a2"))).isEqualTo(new WorstPair("a1", "a2", 2));
        assertThat(WorstPair.of(fatTree(), List.of("b1")).hops()).isZero();
    }
}
