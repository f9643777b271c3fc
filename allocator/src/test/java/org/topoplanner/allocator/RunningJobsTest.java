package org.topoplanner.allocator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.job.Placement;

/**
 * {@link RunningJobs} behaves as an insertion-ordered map copied on every change would, and a change
 * leaves the versions before it as they were (they are shared, not copied).
 */
class RunningJobsTest {
    private static Placement job(int i) {
        return new Placement("job" + i, List.of());
    }

    /** Each op: a job number 0-39; it starts when not running, else ends. */
    @Property(tries = 200)
    void matchesAnOrderedMapCopiedPerChange(@ForAll @Size(max = 120) List<@IntRange(min = 0, max = 39) Integer> ops) {
        RunningJobs jobs = RunningJobs.EMPTY;
        Map<String, Placement> model = new LinkedHashMap<>();
        List<RunningJobs> versions = new ArrayList<>();
        List<Map<String, Placement>> models = new ArrayList<>();
        for (int op : ops) {
            Placement p = job(op);
            if (model.containsKey(p.job())) {
                jobs = jobs.minus(p.job());
                model.remove(p.job());
            } else {
                ClusterState.Hold hold = ClusterState.Hold.values()[op % 3];
                jobs = jobs.plus(p, hold);
                model.put(p.job(), p);
                assertThat(jobs.holds().get(p.job())).isEqualTo(hold);
            }
            versions.add(jobs);
            models.add(new LinkedHashMap<>(model));
        }
        for (int i = 0; i < versions.size(); i++) {
            Map<String, Placement> view = versions.get(i).placements();
            assertThat(new ArrayList<>(view.keySet())).isEqualTo(new ArrayList<>(models.get(i).keySet()));
            assertThat(view).isEqualTo(models.get(i));
            assertThat(view.size()).isEqualTo(models.get(i).size());
            for (int k = 0; k < 40; k++) {
                assertThat(view.get("job" + k)).isEqualTo(models.get(i).get("job" + k));
            }
        }
    }

    @Test
    void refusesAJobThatRunsAlready() {
        RunningJobs jobs = RunningJobs.EMPTY.plus(job(1), ClusterState.Hold.LISTED);
        assertThatThrownBy(() -> jobs.plus(job(1), ClusterState.Hold.LISTED)).isInstanceOf(IllegalArgumentException.class);
        assertThat(jobs.minus("job2")).isSameAs(jobs);
    }

    @Test
    void aJobStartedAgainGoesLast() {
        RunningJobs jobs = RunningJobs.EMPTY.plus(job(1), ClusterState.Hold.LISTED).plus(job(2), ClusterState.Hold.LISTED)
                .minus("job1").plus(job(1), ClusterState.Hold.WHOLE_NODES);
        assertThat(new ArrayList<>(jobs.placements().keySet())).containsExactly("job2", "job1");
        assertThat(jobs.holds().get("job1")).isEqualTo(ClusterState.Hold.WHOLE_NODES);
    }
}
