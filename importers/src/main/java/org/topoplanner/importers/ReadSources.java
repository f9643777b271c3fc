package org.topoplanner.importers;

import java.util.List;
import org.topoplanner.model.diag.Diagnostic;

/**
 * The files of an import as read, before merging: what each gave, and the files that could not be
 * read or recognised. Kept so that a merge can be redone with other choices without reading again.
 *
 * @param cancelled the person cancelled the reading; nothing is to be merged
 */
public record ReadSources(List<ImportResult> results, List<Diagnostic> problems, boolean cancelled) {
    public ReadSources {
        results = List.copyOf(results);
        problems = List.copyOf(problems);
    }
}
