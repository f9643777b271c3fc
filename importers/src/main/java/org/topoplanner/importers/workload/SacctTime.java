package org.topoplanner.importers.workload;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * sacct's time values: dates as {@code 2025-03-04T09:15:02} (the {@code standard} SLURM_TIME_FORMAT;
 * {@code Unknown} or {@code None} when the event has not happened), and durations as
 * {@code [days-]hours:minutes:seconds}, {@code minutes:seconds}, {@code UNLIMITED} or {@code Partition_Limit}.
 */
final class SacctTime {
    static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss");

    private SacctTime() {
    }

    /** The date, or empty for {@code Unknown}, {@code None} or an empty field; {@code null} when unreadable. */
    static Optional<LocalDateTime> date(String text) {
        if (text.isEmpty() || text.equals("Unknown") || text.equals("None")) {
            return Optional.empty();
        }
        try {
            return Optional.of(LocalDateTime.parse(text, DATE));
        } catch (DateTimeParseException e) {
            return null;
        }
    }

    /** Seconds, 0 for no limit; empty when unreadable. */
    static OptionalLong limit(String text) {
        if (text.isEmpty() || text.equals("UNLIMITED") || text.equals("Partition_Limit") || text.equals("INVALID")) {
            return OptionalLong.of(0);
        }
        long days = 0;
        String rest = text;
        int dash = text.indexOf('-');
        if (dash >= 0) {
            OptionalLong d = digits(text.substring(0, dash));
            if (d.isEmpty()) {
                return OptionalLong.empty();
            }
            days = d.getAsLong();
            rest = text.substring(dash + 1);
        }
        String[] p = rest.split(":", -1);
        if (p.length > 3 || (dash < 0 && p.length < 2)) {
            return OptionalLong.empty();
        }
        long total = 0;
        for (String part : p) {
            OptionalLong v = digits(part);
            if (v.isEmpty() || v.getAsLong() > 10_000_000) {
                return OptionalLong.empty();
            }
            total = total * 60 + v.getAsLong();
        }
        // "days-hours" and "days-hours:minutes" count from hours; h:m:s and m:s from seconds
        if (dash >= 0 && p.length < 3) {
            total *= p.length == 1 ? 3600 : 60;
        }
        return days > 100_000 ? OptionalLong.empty() : OptionalLong.of(days * 86400 + total);
    }

    /** {@code [days-]hours:minutes:seconds}, as sacct prints a time limit. */
    static String limitText(long seconds) {
        if (seconds <= 0) {
            return "UNLIMITED";
        }
        long d = seconds / 86400;
        long h = seconds % 86400 / 3600;
        long m = seconds % 3600 / 60;
        long s = seconds % 60;
        return (d > 0 ? d + "-" : "") + String.format(java.util.Locale.ROOT, "%02d:%02d:%02d", h, m, s);
    }

    private static OptionalLong digits(String s) {
        if (s.isEmpty() || s.length() > 9 || !s.chars().allMatch(c -> c >= '0' && c <= '9')) {
            return OptionalLong.empty();
        }
        return OptionalLong.of(Long.parseLong(s));
    }
}
