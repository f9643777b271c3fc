package org.topoplanner.allocator;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import org.topoplanner.model.cluster.Cluster;

/**
 * How long slurmctld lets a {@code --switches} job wait for its leaf count: the job's {@code @time} capped at
 * {@code SchedulerParameters=max_switch_wait=N} (300 s when not set). {@code _max_switch_wait} in
 * {@code slurmctld/job_mgr.c}, the same in 22.05.8, 24.11.5 and 26.05: a job without {@code @time} (or with
 * {@code @INFINITE}) gets the cap itself, a longer one is cut to it; the key is found anywhere in
 * {@code SchedulerParameters} ({@code xstrcasestr}, any case), its value read by {@code atoi} (digits up to the first
 * other character, none = 0), and a negative value is ignored with an error in the log.
 *
 * @param cap the longest wait slurmctld grants
 */
public record MaxSwitchWait(Duration cap) {

    /** Slurm's default {@code max_switch_wait}. */
    public static final MaxSwitchWait DEFAULT = new MaxSwitchWait(Duration.ofSeconds(300));

    private static final String KEY = "max_switch_wait=";

    /** The cap the cluster's {@code slurm.conf} sets. */
    public static MaxSwitchWait of(Cluster cluster) {
        for (Map.Entry<String, String> k : cluster.slurm().keys().entrySet()) {
            if (k.getKey().equalsIgnoreCase("SchedulerParameters")) {
                return parse(k.getValue());
            }
        }
        return DEFAULT;
    }

    /** The cap a {@code SchedulerParameters} value sets. */
    static MaxSwitchWait parse(String schedulerParameters) {
        String s = schedulerParameters.toLowerCase(Locale.ROOT);
        int at = s.indexOf(KEY);
        if (at < 0) {
            return DEFAULT;
        }
        Long v = atoi(s.substring(at + KEY.length()));
        return v == null || v < 0 ? DEFAULT : new MaxSwitchWait(Duration.ofSeconds(v));
    }

    /** The wait slurmctld grants a job asking for {@code requested} ({@code null}: no {@code @time}). */
    public Duration grant(Duration requested) {
        return requested == null || requested.compareTo(cap) > 0 ? cap : requested;
    }

    /** C's {@code atoi}: optional blanks and sign, then digits; null where the int would overflow. */
    private static Long atoi(String s) {
        int i = 0;
        while (i < s.length() && Character.isWhitespace(s.charAt(i))) {
            i++;
        }
        boolean negative = false;
        if (i < s.length() && (s.charAt(i) == '-' || s.charAt(i) == '+')) {
            negative = s.charAt(i) == '-';
            i++;
        }
        long v = 0;
        while (i < s.length() && s.charAt(i) >= '0' && s.charAt(i) <= '9') {
            v = v * 10 + (s.charAt(i++) - '0');
            if (v > Integer.MAX_VALUE) {
                return null;
            }
        }
        return negative ? -v : v;
    }
}
