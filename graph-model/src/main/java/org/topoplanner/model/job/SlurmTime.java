package org.topoplanner.model.job;

import java.time.Duration;

/**
 * Slurm's time format as {@code --switches=N@time} takes it ({@code time_str2secs}): {@code MM},
 * {@code MM:SS}, {@code HH:MM:SS}, {@code D-HH}, {@code D-HH:MM}, {@code D-HH:MM:SS}. A lone number is
 * minutes, so {@code @5} waits five minutes and {@code @0:05} five seconds.
 */
public final class SlurmTime {
    private SlurmTime() {
    }

    public static Duration parse(String text) {
        String s = text.strip();
        if (s.isEmpty()) {
            throw new IllegalArgumentException("empty time");
        }
        try {
            long days = 0;
            int dash = s.indexOf('-');
            if (dash >= 0) {
                days = Long.parseLong(s.substring(0, dash));
                String[] p = s.substring(dash + 1).split(":", -1);
                if (p.length > 3) {
                    throw new IllegalArgumentException("bad time '" + text + "'");
                }
                long h = Long.parseLong(p[0]);
                long m = p.length > 1 ? Long.parseLong(p[1]) : 0;
                long sec = p.length > 2 ? Long.parseLong(p[2]) : 0;
                return check(Duration.ofSeconds(days * 86400 + h * 3600 + m * 60 + sec), text);
            }
            String[] p = s.split(":", -1);
            return check(switch (p.length) {
                case 1 -> Duration.ofMinutes(Long.parseLong(p[0]));
                case 2 -> Duration.ofSeconds(Long.parseLong(p[0]) * 60 + Long.parseLong(p[1]));
                case 3 -> Duration.ofSeconds(Long.parseLong(p[0]) * 3600 + Long.parseLong(p[1]) * 60
                        + Long.parseLong(p[2]));
                default -> throw new IllegalArgumentException("bad time '" + text + "'");
            }, text);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("bad time '" + text + "' (expected [[D-]HH:]MM[:SS])", e);
        }
    }

    private static Duration check(Duration d, String text) {
        if (d.isNegative()) {
            throw new IllegalArgumentException("negative time '" + text + "'");
        }
        return d;
    }

    /** The shortest form that {@link #parse} reads back: {@code MM:SS} or {@code HH:MM:SS}, days as {@code D-HH:MM:SS}. */
    public static String format(Duration d) {
        long s = d.getSeconds();
        long days = s / 86400;
        long h = (s % 86400) / 3600;
        long m = (s % 3600) / 60;
        long sec = s % 60;
        if (days > 0) {
            return String.format("%d-%02d:%02d:%02d", days, h, m, sec);
        }
        if (h > 0) {
            return String.format("%d:%02d:%02d", h, m, sec);
        }
        return String.format("%d:%02d", m, sec);
    }
}
