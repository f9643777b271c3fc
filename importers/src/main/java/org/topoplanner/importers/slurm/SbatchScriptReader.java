package org.topoplanner.importers.slurm;

import java.util.List;
import java.util.regex.Pattern;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.JobRequestException;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.job.SbatchScript;

/**
 * Recognises a batch script with {@code #SBATCH} lines (what the export writes as {@code jobs/*.sbatch}, or a
 * user's own job script) and reads its job as sbatch does ({@link SbatchScript}: the lines before the first
 * command). A cluster holds no jobs, so the script adds nothing to it: an info names the job and what it asks
 * for, in sbatch's own spelling, with how to place it ({@code place --script FILE}); one info per option read but
 * not used for placement, and a warning per option sbatch takes that is not emulated, at its line and column.
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
        SbatchScript script = SbatchScript.read(source.text());
        if (script.words().isEmpty()) {
            d.error(0, 0, "no #SBATCH line before the first command");
            script.problems().forEach(p -> d.warning(0, 0, p));
            return new ImportResult(source, format(), ClusterPart.empty(), d.list());
        }
        SbatchScript.Word first = script.words().get(0);
        // sbatch names a job without -J after its script file
        String path = source.path();
        String name = path.substring(Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\')) + 1);
        name = name.isBlank() ? "job" : name;
        try {
            JobRequest r = script.request(List.of(), name);
            d.info(first.line(), first.column(), "batch script asking for: " + String.join(" ", script.args())
                    + ". The cluster keeps no jobs; place job " + r.name() + " with place --script " + source.path());
            List<String> notes = SbatchOptions.noteMessages(r);
            for (int i = 0; i < notes.size(); i++) {
                SbatchScript.Word at = wordOf(script, r.notes().get(i));
                d.info(at.line(), at.column(), notes.get(i));
            }
        } catch (JobRequestException e) {
            d.info(first.line(), first.column(), "batch script asking for: " + String.join(" ", script.args()));
            e.problems().forEach(p -> d.warning(first.line(), first.column(), "its job cannot be placed: " + p));
        }
        return new ImportResult(source, format(), ClusterPart.empty(), d.list());
    }

    /** The last script word that gave a note's option (a later one replaces an earlier), else the first word. */
    private static SbatchScript.Word wordOf(SbatchScript script, String note) {
        String value = note.indexOf('=') < 0 ? "" : note.substring(note.indexOf('=') + 1);
        SbatchScript.Word found = script.words().get(0);
        for (SbatchScript.Word w : script.words()) {
            if (w.text().equals(note) || (!value.isEmpty() && w.text().equals(value))) {
                found = w;
            }
        }
        return found;
    }
}
