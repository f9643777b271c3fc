package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.allocator.slurm.SlurmBinding;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * The binding verdicts kept per job shape and asked again only on the hosts whose use changed equal Slurm's
 * binding rules asked of every node, on random binding clusters ({@link BindingClusters}) as jobs start and
 * end, for shapes asked again after many changes and under other job names.
 */
class BindingRefusalsPropertyTest {
    private static final List<String> SHAPES = List.of("--gpus-per-node=1 --cpus-per-gpu=6 --gres-flags=enforce-binding",
            "-N2 --gpus-per-node=2 --cpus-per-gpu=3", "-n1 -c10 --gpus-per-node=1 --gres-flags=enforce-binding",
            "--gpus-per-node=3 --cpus-per-gpu=8 --gres-flags=enforce-binding", "-n2 -c4 --gpus-per-node=2");

    @Property(tries = 60)
    void keptVerdictsEqualEveryNodeAskedAgain(@ForAll long seed) {
        Random r = new Random(seed);
        Cluster c = BindingClusters.tree(r);
        ClusterState s = BindingClusters.occupy(r, c);
        SlurmVersion v = r.nextBoolean() ? SlurmVersion.V22_05 : SlurmVersion.V24_11;
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
            assertThat(BindingRefusals.of(s, asked, v)).as("%s at step %d (seed %d)", asked, step, seed)
                    .isEqualTo(SlurmBinding.refused(s, asked, v));
        }
    }

    private static JobRequest job(String name, Random r) {
        return PlannerPolicyTest.job("-J " + name + " " + SHAPES.get(r.nextInt(SHAPES.size())));
    }
}
