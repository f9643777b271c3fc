package org.topoplanner.allocator.metrics;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.fabric.FabricNode;
import org.topoplanner.model.fabric.SwitchNode;

/**
 * {@link SwitchDistances} reads the switch-to-switch cables from the cable list, not from the fabric's JGraphT
 * graph: every distance between two switches must be the one a search over the graph's neighbours gives (through
 * switches only), with parallel cables, a host between two switches (it forwards nothing) and switches no cable
 * joins.
 */
class SwitchDistancesTest {

    @ParameterizedTest
    @ValueSource(strings = {"cmx1", "fuzz21", "fuzz40", "mem4b", "fuzz02"})
    void everyPairAsTheGraphsNeighboursGiveIt(String caseName) {
        assertSameAsTheGraph(OracleCase.cluster(caseName).fabric());
    }

    @Test
    void parallelCablesAHostBetweenSwitchesAndALoneSwitch() {
        FabricBuilder f = new FabricBuilder().addSwitch("leafA").addSwitch("leafB").addSwitch("leafC")
                .addSwitch("spine").addSwitch("alone").addHost("a1").addHost("bridge");
        f.cable("a1", "leafA");
        f.cable("leafA", "spine");
        f.cable("leafA", "spine");
        f.cable("spine", "leafB");
        f.cable("leafB", "bridge");
        f.cable("bridge", "leafC");
        Fabric fabric = f.tiers(Map.of("leafA", 1, "leafB", 1, "leafC", 1, "spine", 2, "alone", 1)).build();
        SwitchDistances d = new SwitchDistances(fabric);
        assertThat(d.between("leafA", "leafB")).isEqualTo(2);
        assertThat(d.between("leafB", "leafC")).isEqualTo(-1);
        assertThat(d.between("alone", "spine")).isEqualTo(-1);
        assertThat(d.between("leafA", "a1")).isEqualTo(-1);
        assertSameAsTheGraph(fabric);
    }

    private static void assertSameAsTheGraph(Fabric fabric) {
        SwitchDistances d = new SwitchDistances(fabric);
        List<SwitchNode> switches = fabric.switches();
        assertThat(switches).isNotEmpty();
        for (SwitchNode s : switches) {
            Map<String, Integer> expected = overTheGraph(fabric, s.name());
            for (SwitchNode t : switches) {
                assertThat(d.between(s.name(), t.name())).as("%s to %s", s.name(), t.name())
                        .isEqualTo(expected.getOrDefault(t.name(), -1));
            }
        }
    }

    /** Breadth-first over {@link Fabric#neighbours}, switches only: the search the table made before. */
    private static Map<String, Integer> overTheGraph(Fabric fabric, String source) {
        Map<String, Integer> d = new HashMap<>();
        d.put(source, 0);
        ArrayDeque<String> queue = new ArrayDeque<>(List.of(source));
        while (!queue.isEmpty()) {
            String x = queue.poll();
            for (FabricNode n : fabric.neighbours(x)) {
                if (n instanceof SwitchNode && !d.containsKey(n.name())) {
                    d.put(n.name(), d.get(x) + 1);
                    queue.add(n.name());
                }
            }
        }
        return d;
    }
}
