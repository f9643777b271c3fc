package org.topoplanner.model.job;

import java.util.List;

/**
 * sbatch's {@code getopt_long} over a word list ({@code slurm_option_table_create} gives it the table of
 * {@link SbatchOptionTable}, with {@code +} first: the first non-option word ends the options): long options
 * {@code --name=value} and {@code --name value} by exact name or unique prefix, short options glued ({@code -N4},
 * {@code -N=4} is the value {@code =4}), apart ({@code -N 4}) or grouped ({@code -Hk}), an optional value only glued
 * on ({@code --nice=5}, {@code -k}). Unlike sbatch it reads on after a problem, so one call names them all, each with
 * the position of its word.
 */
final class SbatchGetopt {
    private SbatchGetopt() {
    }

    /** Told each option read, with its value ({@code null} for none) and where it was ({@code " (word 3)"}). */
    @FunctionalInterface
    interface Taker {
        void take(SbatchOption option, String value, String at);
    }

    /** The taker and the problem list, as the methods below use them. */
    private record Words(Taker taker, List<String> problems) {
        void take(SbatchOption o, String val, String at) {
            taker.take(o, val, at);
        }
    }

    /** Reads every word of {@code args}, giving each option to {@code taker} and each problem to {@code problems}. */
    static void read(List<String> args, Taker taker, List<String> problems) {
        Words d = new Words(taker, problems);
        boolean optionsEnded = false;
        for (int i = 0; i < args.size(); i++) {
            String a = args.get(i);
            String at = " (word " + (i + 1) + ")";
            if (optionsEnded || !a.startsWith("-") || a.equals("-")) {
                d.problems.add("unexpected argument '" + a + "'" + at + ": only sbatch options are read here, no"
                        + " batch script or its arguments");
                continue;
            }
            if (a.equals("--")) {
                optionsEnded = true;
                continue;
            }
            if (a.startsWith("--")) {
                i = readLong(d, args, i, at);
            } else {
                i = readShorts(d, args, i, at);
            }
        }
    }

    /** One {@code --name[=value]} word (and its value word); returns the index of the last word read. */
    private static int readLong(Words d, List<String> args, int i, String at) {
        String a = args.get(i);
        int eq = a.indexOf('=');
        String given = eq < 0 ? a.substring(2) : a.substring(2, eq);
        String val = eq < 0 ? null : a.substring(eq + 1);
        SbatchOptionTable.Lookup found = SbatchOptionTable.ofLong(given);
        if (found instanceof SbatchOptionTable.Lookup.Ambiguous amb) {
            d.problems.add("option --" + given + at + " is ambiguous, as in sbatch: it begins "
                    + String.join(", ", amb.options().stream().map(SbatchOption::longName).toList())
                    + "; write more of the name");
            return i;
        }
        if (!(found instanceof SbatchOptionTable.Lookup.Found f)) {
            d.problems.add("unknown option --" + given + at + ": sbatch 22.05, 24.11 and 26.05 have no such option");
            return i;
        }
        SbatchOption o = f.option();
        if (o.arg() == SbatchOption.Arg.NONE && val != null) {
            d.problems.add("option " + o.longName() + at + " takes no value (" + a + ")");
            return i;
        }
        if (o.arg() == SbatchOption.Arg.REQUIRED && val == null) {
            if (i + 1 >= args.size()) {
                d.problems.add(o.longName() + " needs a value" + at);
                return i;
            }
            val = args.get(++i);
        }
        // Arg.OPTIONAL (getopt_long): a value only after '='; the next word stays a word of its own
        d.take(o, val, at);
        return i;
    }

    /** One word of short options ({@code -N4}, {@code -N}, {@code -Hk}); returns the index of the last word read. */
    private static int readShorts(Words d, List<String> args, int i, String at) {
        String a = args.get(i);
        for (int j = 1; j < a.length(); j++) {
            SbatchOption o = SbatchOptionTable.ofShort(a.charAt(j));
            if (o == null) {
                d.problems.add("unknown option -" + a.charAt(j) + at + ": sbatch has no such short option");
                return i;
            }
            String rest = a.substring(j + 1);
            switch (o.arg()) {
                case NONE -> {
                    d.take(o, null, at);
                    continue;
                }
                case OPTIONAL -> d.take(o, rest.isEmpty() ? null : rest, at);
                case REQUIRED -> {
                    if (!rest.isEmpty()) {
                        d.take(o, rest, at);
                    } else if (i + 1 < args.size()) {
                        d.take(o, args.get(++i), at);
                    } else {
                        d.problems.add(o.longName() + " needs a value" + at);
                    }
                }
            }
            return i;
        }
        return i;
    }

}
