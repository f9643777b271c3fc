package org.topoplanner.model.job;

import java.time.Duration;
import java.util.Locale;

/**
 * Slurm's time format as {@code --switches=N@time} takes it ({@code time_str2secs} in
 * {@code parse_time.c}): {@code minutes}, {@code minutes:seconds}, {@code hours:minutes:seconds},
 * {@code days-hours}, {@code days-hours:minutes}, {@code days-hours:minutes:seconds}.
 *
 * <p>A lone number is <em>minutes</em>: {@code @5} waits five minutes and {@code @0:05} five seconds
 * (a {@code [[HH:]MM:]SS} reading would make a lone number seconds; Slurm does not agree, and
 * sbatch 22.05 itself echoes {@code --switches=2@5} as {@code 2@00:05:00}). The same characters and
 * digit groups are accepted as in Slurm's {@code _is_valid_timespec} ({@code 1-} is one day,
 * {@code 5:} is invalid); where sbatch silently ignores an invalid time ({@code 2@soon}), we report it.
 */
public final class SlurmTime {
    /** Slurm keeps the wait in an unsigned 32-bit count of seconds; INFINITE is its top value. */
    static final long MAX_SECONDS = 0xFFFF_FFFEL;

    private SlurmTime() {
    }

    /** Whether Slurm reads this time as INFINITE ({@code -1}, {@code INFINITE}, {@code UNLIMITED}). */
    public static boolean isInfinite(String text) {
        String s = text.toUpperCase(Locale.ROOT);
        return s.equals("-1") || s.equals("INFINITE") || s.equals("UNLIMITED");
    }

    /**
     * The duration a Slurm time string stands for.
     *
     * @throws IllegalArgumentException for text Slurm's own check refuses, and for INFINITE (ask
     *                                  {@link #isInfinite} first)
     */
    public static Duration parse(String text) {
        if (isInfinite(text)) {
            throw new IllegalArgumentException("'" + text + "' is infinite, not a duration");
        }
        int[] groups = new int[4];
        int digitGroups = 0;
        int dashes = 0;
        int colons = 0;
        boolean inDigits = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c >= '0' && c <= '9') {
                if (!inDigits) {
                    digitGroups++;
                    inDigits = true;
                }
            } else if (c == '-') {
                inDigits = false;
                dashes++;
                if (colons > 0) {
                    throw bad(text);
                }
            } else if (c == ':') {
                inDigits = false;
                colons++;
            } else {
                throw bad(text);
            }
        }
        int minGroups = dashes > 0 ? colons + 2 : colons + 1;
        if (digitGroups == 0 || dashes > 1 || colons > 2 || (colons > 0 && digitGroups < minGroups)
                || text.startsWith("-")) {
            throw bad(text);
        }
        long[] v = numbers(text);
        long seconds;
        if (dashes > 0) {
            seconds = v[0] * 86400 + v[1] * 3600 + v[2] * 60 + v[3];
        } else if (colons == 2) {
            seconds = v[0] * 3600 + v[1] * 60 + v[2];
        } else {
            seconds = v[0] * 60 + v[1];
        }
        if (seconds > MAX_SECONDS) {
            throw new IllegalArgumentException("time '" + text + "' is longer than Slurm can hold");
        }
        return Duration.ofSeconds(seconds);
    }

    /** The numbers in order of appearance, missing ones 0 (as C's {@code sscanf} leaves them). */
    private static long[] numbers(String text) {
        long[] v = new long[4];
        int n = 0;
        int i = 0;
        while (i < text.length() && n < 4) {
            int start = i;
            while (i < text.length() && Character.isDigit(text.charAt(i))) {
                i++;
            }
            if (i > start) {
                String digits = text.substring(start, i);
                v[n++] = digits.length() > 12 ? Long.MAX_VALUE / 100_000 : Long.parseLong(digits);
            } else if (i < text.length()) {
                // an empty group ("1-" ends after the dash): C's sscanf stops, the rest stays 0
                break;
            }
            i++;
        }
        return v;
    }

    private static IllegalArgumentException bad(String text) {
        return new IllegalArgumentException("bad time '" + text
                + "' (minutes, minutes:seconds, hours:minutes:seconds, days-hours, days-hours:minutes"
                + " or days-hours:minutes:seconds)");
    }

    /** A form {@link #parse} reads back to the same seconds: {@code M:SS}, {@code H:MM:SS} or {@code D-HH:MM:SS}. */
    public static String format(Duration d) {
        long s = d.getSeconds();
        long days = s / 86400;
        long h = (s % 86400) / 3600;
        long m = (s % 3600) / 60;
        long sec = s % 60;
        if (days > 0) {
            return String.format(Locale.ROOT, "%d-%02d:%02d:%02d", days, h, m, sec);
        }
        if (h > 0) {
            return String.format(Locale.ROOT, "%d:%02d:%02d", h, m, sec);
        }
        return String.format(Locale.ROOT, "%d:%02d", m, sec);
    }
}
