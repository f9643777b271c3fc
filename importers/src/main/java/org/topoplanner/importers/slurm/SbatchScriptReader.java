package org.topoplanner.importers.slurm;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;

/**
 * Recognises a batch script with {@code #SBATCH} lines (what the export writes as {@code jobs/*.sbatch}).
 * A cluster holds no jobs, so the script adds nothing to it: an info lists the job options its
 * {@code #SBATCH} lines give, in sbatch's own spelling, as {@code place} takes them after {@code --}.
 * sbatch stops reading {@code #SBATCH} at the first command line, and so does this reader.
 */
public final class SbatchScriptReader implements FormatReader {
    private static final Pattern SBATCH = Pattern.compile("(?m)^#SBATCH\\s+\\S");

    @Override
    public Format format() {
        return Format.SBATCH_SCRIPT;
    }

    @Override
    public int detect(SourceText source) {
        String t = source.text();
        return t.startsWith("#!") && SBATCH.matcher(t).find() ? 90 : SBATCH.matcher(t).find() ? 50 : 0;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics d = new Diagnostics(source.path());
        List<String> lines = source.lines();
        List<String> options = new ArrayList<>();
        int first = 0;
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.startsWith("#SBATCH")) {
                String option = line.substring("#SBATCH".length()).strip();
                int comment = option.indexOf(" #");
                options.add(comment < 0 ? option : option.substring(0, comment).strip());
                first = first == 0 ? i + 1 : first;
            } else if (!line.isEmpty() && !line.startsWith("#")) {
                break;
            }
        }
        if (options.isEmpty()) {
            d.error(0, 0, "no #SBATCH line before the first command");
        } else {
            d.info(first, 1, "batch script asking for: " + String.join(" ", options)
                    + ". The cluster keeps no jobs; give these options to place after --");
        }
        return new ImportResult(source, format(), ClusterPart.empty(), d.list());
    }
}
