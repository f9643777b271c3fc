package org.topoplanner.app.desktop.inspector;

import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import org.topoplanner.app.desktop.state.BackgroundRefresh;
import org.topoplanner.app.plan.RailReach;
import org.topoplanner.model.fabric.Fabric;

/**
 * The selected job's {@link RailReach} for its property sheet, computed off the FX thread. On a
 * 16,384-host fabric it groups every leaf into rail groups and walks the job's hosts' switches, which
 * the FX thread paid inside the first pulse of a selection, while the every-policy table's finished rows
 * waited for that pulse (issue 15). The sheet shows the metric as being computed meanwhile; the last
 * answer is remembered, so the sheet rebuilt for the same job and hosts (its check arriving, an edit
 * elsewhere) shows it at once. Only the newest request's answer is handed over: a selection that
 * changed meanwhile ({@link #cancel}) never shows the old job's reach.
 */
final class JobPropertiesReach {
    private final BackgroundRefresh<Answer> refresh;
    /** The newest answer; read and written on the FX thread only. */
    private Answer last;

    /** What was asked and its answer: the same hosts on another fabric (a new import) are another question. */
    record Answer(Fabric fabric, List<String> hosts, RailReach reach) {
    }

    JobPropertiesReach(BackgroundRefresh<Answer> refresh) {
        this.refresh = refresh;
    }

    /** The reach of {@code hosts} on {@code fabric} when it was the last answer, else empty. */
    Optional<RailReach> known(Fabric fabric, List<String> hosts) {
        return last != null && last.fabric() == fabric && last.hosts().equals(hosts)
                ? Optional.of(last.reach()) : Optional.empty();
    }

    /**
     * Computes the reach of {@code hosts} on {@code fabric} on the worker and gives it (or why it could not be
     * counted) to {@code show} on the FX thread, unless a newer request or {@link #cancel} came in meanwhile.
     */
    void request(Fabric fabric, List<String> hosts, Consumer<JobProperties.Leaves> show) {
        List<String> asked = List.copyOf(hosts);
        refresh.request(() -> new Answer(fabric, asked, RailReach.of(fabric, asked)), a -> {
            last = a;
            show.accept(new JobProperties.Leaves.Counted(a.reach()));
        }, e -> show.accept(new JobProperties.Leaves.Uncounted(String.valueOf(e.getMessage()))));
    }

    /** Drops the answer under way: the selection or the plan changed. */
    void cancel() {
        refresh.cancel();
    }
}
