package org.topoplanner.model.job;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code #SBATCH} lines of a batch script, read as sbatch reads them ({@code _opt_batch_script} and
 * {@code get_argument} of {@code src/sbatch/opt.c}, the same in 22.05, 24.11 and 26.05): a line that starts with
 * {@code #SBATCH} (or the old {@code #SLURM}) in its first column gives its words, split at blanks, with quotes and
 * backslashes, until an unquoted {@code #}; blank and other comment lines are passed over (an indented
 * {@code #SBATCH} is a comment); the first line with anything else is a command and ends the reading. A
 * {@code hetjob} line starts another component of a heterogeneous job: only the first is read, and the rest is named
 * as not emulated. The options then read as {@link SbatchOptions} reads them, the command line's after the
 * script's, so the command line's win (sbatch's second pass).
 *
 * @param words    the option words in order, each with the line and column it starts at (1-based)
 * @param problems what sbatch would refuse in the lines themselves (an unmatched quote, a {@code :}), with line
 *                 and column
 */
public record SbatchScript(List<Word> words, List<String> problems) {
    private static final Pattern WORD_AT = Pattern.compile("\\(word (\\d+)\\)");
    private static final Pattern LINE_AT = Pattern.compile("(?:#SBATCH )?line (\\d+), column (\\d+)");

    /** One word of an {@code #SBATCH} line and where it starts. */
    public record Word(String text, int line, int column) {
    }

    public SbatchScript {
        words = List.copyOf(words);
        problems = List.copyOf(problems);
    }

    /** Reads the {@code #SBATCH} lines of a script's text. */
    public static SbatchScript read(String text) {
        List<Word> words = new ArrayList<>();
        List<String> problems = new ArrayList<>();
        String[] lines = text.split("\r?\n", -1);
        for (int n = 0; n < lines.length; n++) {
            String line = lines[n];
            int start;
            if (line.startsWith("#SBATCH")) {
                start = "#SBATCH".length();
            } else if (line.startsWith("#SLURM")) {
                start = "#SLURM".length();
            } else if (line.isBlank() || line.strip().startsWith("#")) {
                continue;
            } else {
                break;
            }
            int first = skipBlanks(line, start);
            if (startsWord(line, first, "hetjob") || startsWord(line, first, "packjob")) {
                problems.add("line " + (n + 1) + ", column " + (first + 1) + ": " + line.substring(first).strip()
                        + " starts another component of a heterogeneous job, which is not emulated; the lines above"
                        + " are the job");
                break;
            }
            if (!words(line, first, n + 1, words, problems)) {
                break;
            }
        }
        return new SbatchScript(words, problems);
    }

    private static int skipBlanks(String line, int i) {
        while (i < line.length() && Character.isWhitespace(line.charAt(i))) {
            i++;
        }
        return i;
    }

    private static boolean startsWord(String line, int at, String word) {
        return line.regionMatches(true, at, word, 0, word.length())
                && (line.length() == at + word.length() || Character.isWhitespace(line.charAt(at + word.length())));
    }

    /** {@code get_argument}, word after word; false when the line holds what sbatch stops at. */
    private static boolean words(String line, int i, int lineNo, List<Word> out, List<String> problems) {
        while (true) {
            i = skipBlanks(line, i);
            if (i >= line.length() || line.charAt(i) == '#') {
                return true;
            }
            if (line.charAt(i) == ':') {
                // sbatch: fatal "Unexpected `:`" (a het job separator of the command line, not of a script)
                problems.add("line " + lineNo + ", column " + (i + 1) + ": unexpected ':' (sbatch stops here)");
                return false;
            }
            int column = i + 1;
            StringBuilder w = new StringBuilder();
            char quote = 0;
            while (i < line.length() && (quote != 0 || !Character.isWhitespace(line.charAt(i)))) {
                char c = line.charAt(i);
                if (c == '\\') {
                    // a backslash keeps the next character, inside quotes too (get_argument tests it first); at the
                    // end of the line it is dropped
                    if (i + 1 < line.length()) {
                        w.append(line.charAt(i + 1));
                    }
                    i += 2;
                } else if (quote != 0) {
                    if (c == quote) {
                        quote = 0;
                    } else {
                        w.append(c);
                    }
                    i++;
                } else if (c == '"' || c == '\'') {
                    quote = c;
                    i++;
                } else if (c == '#') {
                    break;
                } else {
                    w.append(c);
                    i++;
                }
            }
            if (quote != 0) {
                problems.add("line " + lineNo + ", column " + column + ": unmatched " + quote + " (sbatch stops here)");
                return false;
            }
            if (w.isEmpty()) {
                // get_argument returns no argument for an empty word ("") and sbatch reads no further on the line
                return true;
            }
            out.add(new Word(w.toString(), lineNo, column));
            if (i < line.length() && line.charAt(i) == '#') {
                return true;
            }
        }
    }

    /**
     * The line and column of the script a problem of {@link #request} names ({@code {line, column}}); the first
     * {@code #SBATCH} word's when it names none (a command line word, a contradiction of two options), else 0, 0.
     */
    public int[] place(String problem) {
        Matcher m = LINE_AT.matcher(problem);
        if (m.find()) {
            return new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))};
        }
        return words.isEmpty() ? new int[] {0, 0} : new int[] {words.get(0).line(), words.get(0).column()};
    }

    /**
     * A word as an {@code #SBATCH} line must spell it so {@link #read} (and sbatch) read it back: as it is when it
     * holds no blank, quote, backslash or {@code #} and does not
     * start with {@code :}; else in double quotes, with {@code "} and {@code \\}
     * escaped by a backslash ({@code get_argument} honours a backslash inside quotes too).
     */
    public static String quote(String word) {
        // a word starting with ':' unquoted is sbatch's fatal "Unexpected `:`"
        if (!word.isEmpty() && word.charAt(0) != ':' && word.chars().noneMatch(c -> Character.isWhitespace(c) || c == '"' || c == '\''
                || c == '\\' || c == '#')) {
            return word;
        }
        return "\"" + word.replace("\\", "\\\\").replace("\"", "\\\"") + "\"";
    }

    /** The words alone, as sbatch's argument list. */
    public List<String> args() {
        return words.stream().map(Word::text).toList();
    }

    /**
     * The request of the script with {@code commandLine} after it (whose options win), read by {@link JobLine}
     * (pod shape options too); {@code defaultName} (sbatch: the script's file name) when neither gives
     * {@code -J}. A problem about a word of the script names its line and column.
     */
    public JobRequest request(List<String> commandLine, String defaultName) throws JobRequestException {
        List<String> all = new ArrayList<>(args());
        all.addAll(commandLine);
        List<String> found = new ArrayList<>(problems);
        try {
            JobRequest r = JobLine.parse(all, defaultName);
            if (found.isEmpty()) {
                return r;
            }
        } catch (JobRequestException e) {
            e.problems().forEach(p -> found.add(located(p)));
        }
        throw new JobRequestException(found);
    }

    /** "(word 3)" of a script word as its line and column; of a command line word as its place there. */
    private String located(String problem) {
        Matcher m = WORD_AT.matcher(problem);
        StringBuilder out = new StringBuilder();
        while (m.find()) {
            int n = Integer.parseInt(m.group(1));
            String at = n <= words.size() ? "(#SBATCH line " + words.get(n - 1).line() + ", column "
                    + words.get(n - 1).column() + ")" : "(command line word " + (n - words.size()) + ")";
            m.appendReplacement(out, Matcher.quoteReplacement(at));
        }
        m.appendTail(out);
        return out.toString();
    }
}
