package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.topoplanner.allocator.ClusterIndex;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.FabricDomains;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;

/**
 * Candidates moved from state to state ({@link LastCandidates}) equal candidates made afresh, host by host and
 * in every domain summary, as jobs start and end and the excluded hosts change; and the one-node answer read
 * from the domains' cheapest hosts equals the walk over every host.
 */
class CandidatesPropertyTest {
    private static final List<String> SHAPES = List.of("--gpus-per-node=1", "--gpus-per-node=2",
            "-N2 --gpus-per-node=4", "-n1 -c2 --gpus-per-node=1", "--exclusive", "-N3 --gpus-per-node=1");

    @Property(tries = 60)
    void movedCandidatesEqualFreshOnes(@ForAll long seed) {
        Random r = new Random(seed);
        Cluster c = RandomClusters.tree(r, 6, 5);
        ClusterIndex index = ClusterIndex.of(c);
        ClusterState s = RandomClusters.occupy(r, c);
        PlannerPolicy planner = new PlannerPolicy();
        List<String> started = new ArrayList<>(s.running().keySet());
        for (int step = 0; step < 30; step++) {
            if (!started.isEmpty() && r.nextInt(3) == 0) {
                s = s.without(started.remove(r.nextInt(started.size())));
            } else if (planner.suggest(s, job("started" + step, r)) instanceof Suggestion.Placed placed) {
                s = s.with(placed.placement());
                started.add(placed.placement().job());
            }
            JobRequest asked = job("q" + step, r);
            NodeDemand demand = NodeDemand.of(asked, asked.minNodes() == null ? 1 : asked.minNodes());
            BitSet excluded = new BitSet();
            for (int h = 0; h < index.size(); h++) {
                if (r.nextInt(8) == 0) {
                    excluded.set(h);
                }
            }
            Candidates moved = PlanSearch.candidates(index, s.usage(), asked, demand, excluded);
            Candidates fresh = new Candidates(index, s.usage(), demand, excluded, new BitSet());
            String what = asked + " at step " + step + " (seed " + seed + ")";
            sameCandidates(moved, fresh, index, what);
            if (demand.nodes() == 1) {
                BitSet everyHost = new BitSet();
                everyHost.set(0, index.size());
                FabricDomains dom = index.domains();
                TreeSearch.Result byDomain = new TreeSearch(dom, moved, 1, 0).search();
                TreeSearch.Result byHost = new TreeSearch(dom, fresh, 1, 0, everyHost, d -> true).search();
                assertThat(byDomain == null ? null : byDomain.hosts()).as(what)
                        .isEqualTo(byHost == null ? null : byHost.hosts());
                if (byDomain != null) {
                    assertThat(byDomain.cost()).as(what).isEqualTo(byHost.cost());
                }
            }
        }
    }

    private static void sameCandidates(Candidates moved, Candidates fresh, ClusterIndex index, String what) {
        for (int h = 0; h < index.size(); h++) {
            NodeChoice a = moved.choice[h];
            NodeChoice b = fresh.choice[h];
            assertThat(a == null).as("usable %s, %s", index.host(h), what).isEqualTo(b == null);
            if (a != null) {
                assertThat(a.gpus()).as(what).isEqualTo(b.gpus());
                assertThat(a.cores()).as(what).isEqualTo(b.cores());
                assertThat(a.nics()).as(what).isEqualTo(b.nics());
                assertThat(a.quality()).as(what).isEqualTo(b.quality());
                assertThat(moved.nodeCost[h]).as(what).isEqualTo(fresh.nodeCost[h]);
            }
        }
        assertThat(moved.usableHosts).as(what).isEqualTo(fresh.usableHosts);
        assertThat(moved.usable).as(what).isEqualTo(fresh.usable);
        assertThat(moved.idle).as(what).isEqualTo(fresh.idle);
        assertThat(moved.requiredIn).as(what).isEqualTo(fresh.requiredIn);
        assertThat(moved.cheapestDirect).as(what).isEqualTo(fresh.cheapestDirect);
        assertThat(Arrays.stream(moved.homeless).boxed().toList()).as(what)
                .isEqualTo(Arrays.stream(fresh.homeless).boxed().toList());
    }

    private static JobRequest job(String name, Random r) {
        return PlannerPolicyTest.job("-J " + name + " " + SHAPES.get(r.nextInt(SHAPES.size())));
    }
}
