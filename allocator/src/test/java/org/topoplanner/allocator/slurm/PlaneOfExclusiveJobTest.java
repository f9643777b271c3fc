package org.topoplanner.allocator.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.ClusterState;
import org.topoplanner.allocator.OracleCase;
import org.topoplanner.allocator.PolicyOptions;
import org.topoplanner.allocator.Suggestion;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * {@code -m plane=N} shapes nothing of an {@code --exclusive} job: {@code dist_tasks} returns for {@code whole_node}
 * before {@code _compute_plane_dist} (22.05 {@code select/cons_common/dist_tasks.c}, 24.11 and 26.05
 * {@code select/cons_tres/dist_tasks.c}), so the job is placed as the same job without the plane, whole nodes. Lead
 * case featfz10 f59 ({@code -p fat,all -N1 -n5 -c4 -m plane=1 --exclusive}) was accepted by 22.05.8, 24.11.5 and
 * 26.05.5 where {@link PlaneRefusal} had refused it.
 */
class PlaneOfExclusiveJobTest {
    private final ClusterState idle = ClusterState.empty(OracleCase.cluster("featfz10"));

    private Suggestion suggest(ClusterState state, String line, SlurmVersion v) throws Exception {
        return new SlurmTreePolicy(PolicyOptions.DEFAULT.withSlurmVersion(v)).suggest(state,
                SbatchOptions.parseLine(line, "p"));
    }

    @Test
    void anExclusiveJobInPlanesIsPlacedAsWithoutThePlane() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            for (String job : new String[] {"-p all -N1 -n5 -c4", "-p all -N2 -n8 -c2", "-p all -n40 -c1",
                    "-p mix,all -N1 -n6 -c2"}) {
                for (String plane : new String[] {"-m plane=1", "-m plane=3"}) {
                    Suggestion with = suggest(idle, job + " " + plane + " --exclusive", v);
                    Suggestion without = suggest(idle, job + " --exclusive", v);
                    assertThat(with).as("%s %s %s", v, job, plane).isInstanceOf(Suggestion.Placed.class);
                    assertThat(((Suggestion.Placed) with).placement().hosts())
                            .as("%s %s %s", v, job, plane)
                            .isEqualTo(((Suggestion.Placed) without).placement().hosts());
                }
            }
        }
    }

    @Test
    void theWholeNodeIsTheJobs() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            Suggestion s = suggest(idle, "-p all -N1 -n5 -c4 -m plane=1 --exclusive", v);
            assertThat(s).as("%s", v).isInstanceOfSatisfying(Suggestion.Placed.class, p -> {
                var host = p.placement().hosts().get(0);
                assertThat(host.cpus().size()).as("%s %s", v, host.host()).isEqualTo(32);
            });
        }
    }

    @Test
    void aPlaneBesideGpusOrNtasksPerNodeStaysRefused() throws Exception {
        for (SlurmVersion v : SlurmVersion.values()) {
            for (String line : new String[] {"-p all -N1 -n4 -c2 --gpus=2 -m plane=2 --exclusive",
                    "-p all -N2 --ntasks-per-node=2 -n4 -m plane=2 --exclusive"}) {
                assertThat(suggest(idle, line, v)).as("%s %s", v, line).isInstanceOfSatisfying(
                        Suggestion.Impossible.class, i -> assertThat(i.reason()).contains("is not emulated"));
            }
        }
    }
}
