package org.topoplanner.model.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * {@link FabricBuilder#cable} keeps a cable once whichever end lists it, and keeps parallel cables (other ports,
 * HCAs, GUIDs, widths or speeds) apart: the same cables, in the same order, as a set of the cables read from
 * their lesser node name keeps.
 */
class FabricBuilderCablesTest {
    private static final List<String> NODES = List.of("s1", "s2", "h1", "h2");

    @Property(tries = 300)
    void keepsWhatTheSetOfCablesFromTheirLesserNameKeeps(@ForAll("cables") List<Cable> cables) {
        FabricBuilder b = new FabricBuilder();
        b.addSwitch("s1").addSwitch("s2").addHost("h1").addHost("h2");
        cables.forEach(b::cable);
        assertThat(b.build().cables()).containsExactlyElementsOf(kept(cables));
    }

    @Test
    void aCableListedFromBothEndsIsKeptOnceAndAParallelOneTwice() {
        Cable c = new Cable(new CableEnd("s1", 3, null, "0xa"), new CableEnd("h1", 1, "mlx5_0", "0xb"),
                new LinkWidth(4), LinkSpeed.NDR);
        Cable parallel = new Cable(new CableEnd("s1", 4, null, "0xa"), new CableEnd("h1", 1, "mlx5_1", "0xc"),
                new LinkWidth(4), LinkSpeed.NDR);
        Cable slower = new Cable(c.a(), c.b(), new LinkWidth(4), LinkSpeed.HDR);
        FabricBuilder b = new FabricBuilder().addSwitch("s1").addHost("h1");
        List.of(c, c.reversed(), parallel, parallel.reversed(), slower).forEach(b::cable);
        assertThat(b.build().cables()).containsExactly(c, parallel, slower);
    }

    /** The rule the builder kept before its cheaper key: a set of each cable as read from its lesser node name. */
    private static List<Cable> kept(List<Cable> cables) {
        Set<Cable> seen = new HashSet<>();
        List<Cable> out = new ArrayList<>();
        for (Cable c : cables) {
            Cable key = c.a().node().compareTo(c.b().node()) < 0 ? c : c.reversed();
            if (seen.add(key)) {
                out.add(c);
            }
        }
        return out;
    }

    @Provide
    Arbitrary<List<Cable>> cables() {
        Arbitrary<CableEnd> end = Combinators.combine(Arbitraries.of(NODES), Arbitraries.integers().between(0, 2),
                Arbitraries.of("mlx5_0", "mlx5_1").injectNull(0.5), Arbitraries.of("0x1", "0x2").injectNull(0.5))
                .as(CableEnd::new);
        Arbitrary<Cable> cable = Combinators.combine(end, end, Arbitraries.of(1, 4).map(LinkWidth::new),
                Arbitraries.of(LinkSpeed.NDR, LinkSpeed.HDR)).as((a, b, w, s) -> a.node().equals(b.node()) ? null
                        : new Cable(a, b, w, s)).filter(c -> c != null);
        // each cable once or several times, some of them reversed
        return cable.flatMap(c -> Arbitraries.of(c, c.reversed())).list().ofMinSize(1).ofMaxSize(40)
                .flatMap(l -> Arbitraries.integers().between(0, Math.max(0, l.size() - 1)).list().ofMaxSize(20)
                        .map(idx -> {
                            List<Cable> all = new ArrayList<>(l);
                            idx.forEach(i -> all.add(i % 2 == 0 ? l.get(i) : l.get(i).reversed()));
                            return all;
                        }));
    }
}
