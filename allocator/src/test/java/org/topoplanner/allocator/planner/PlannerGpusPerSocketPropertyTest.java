package org.topoplanner.allocator.planner;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;

/**
 * {@code --gpus-per-socket} never reaches the planner's search: a line with it is refused when it is read (sbatch's
 * own refusal without {@code --sockets-per-node} or beside {@code --ntasks-per-gpu}; PROVENANCE g11f), or, read with
 * {@code --sockets-per-node} (emulated by slurm-tree since branch g12c), refused by the planner, so the planner can
 * never place a job slurm-tree refuses or would place elsewhere (g9b s3 is refused by Slurm on an idle q1). Random
 * shapes of the measured probes (g9b, sb7a, c11f1): node counts, {@code -w}, tasks, {@code -c}, enforce-binding,
 * {@code --cpus-per-gpu}, either option order.
 */
class PlannerGpusPerSocketPropertyTest {

    @Property(tries = 200)
    void everyGpusPerSocketLineIsRefusedBeforeThePlannersSearch(@ForAll @IntRange(min = 1, max = 4) int perSocket,
                                                        @ForAll @IntRange(min = 0, max = 4) int sockets,
                                                        @ForAll @IntRange(min = 0, max = 3) int nodes,
                                                        @ForAll @IntRange(min = 0, max = 8) int tasks,
                                                        @ForAll @IntRange(min = 0, max = 4) int cpusPerTask,
                                                        @ForAll boolean binding, @ForAll boolean onQ1,
                                                        @ForAll boolean socketsFirst,
                                                        @ForAll @IntRange(min = 0, max = 2) int extra) {
        List<String> args = new ArrayList<>();
        String gps = "--gpus-per-socket=" + perSocket;
        String spn = sockets == 0 ? null : "--sockets-per-node=" + sockets;
        if (socketsFirst && spn != null) {
            args.add(spn);
        }
        args.add(gps);
        if (!socketsFirst && spn != null) {
            args.add(spn);
        }
        if (onQ1) {
            args.addAll(List.of("-w", "q1"));
        } else if (nodes > 0) {
            args.add("-N" + nodes);
        }
        if (tasks > 0) {
            args.add("-n" + tasks);
        }
        if (cpusPerTask > 0) {
            args.add("-c" + cpusPerTask);
        } else if (extra == 1) {
            args.add("--cpus-per-gpu=2");
        }
        if (extra == 2) {
            args.add("--ntasks-per-gpu=1");
        }
        if (binding) {
            args.add("--gres-flags=enforce-binding");
        }
        JobRequest r;
        try {
            r = SbatchOptions.parse(args, "j");
        } catch (JobRequestException e) {
            assertThat(sockets == 0 || extra == 2).as("%s: %s", args, e.problems()).isTrue();
            return;
        }
        assertThat(r.gpusPerSocket()).isEqualTo(perSocket);
        assertThat(new PlannerPolicy().suggest(IDLE, r)).as("%s", args).isInstanceOf(Suggestion.Impossible.class);
        assertThat(new PlannerPolicy().plan(IDLE, r)).as("%s", args).isEmpty();
    }

    private static final ClusterState IDLE = ClusterState.empty(OracleCase.cluster("c11f1"));
}
