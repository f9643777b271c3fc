package org.topoplanner.importers.inspect;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.slurm.SlurmConfLexer;
import org.topoplanner.importers.slurm.SlurmConfLine;
import org.topoplanner.importers.slurm.SlurmConfPair;

/**
 * Where in the Slurm files a release's finding ({@link SlurmReleaseFit}) points: the file, line and column of the
 * line that causes it ({@code BlockName=}, a partition's {@code Topology=}, a gres.conf {@code Cores=}), so that a
 * finding on a Slurm folder names its file and line instead of the folder at line 0. The model keeps no positions,
 * so the file is read again; a file that cannot be read, or has no such line, leaves the finding where it was.
 *
 * @param path   the file (a folder's file resolved inside it)
 * @param line   1-based line, 0 when no line was found
 * @param column 1-based column, 0 when no line was found
 */
record SlurmFindingPlace(String path, int line, int column) {

    /** The source itself at line 0: where a finding stays when no line of it is found. */
    static SlurmFindingPlace whole(String path) {
        return new SlurmFindingPlace(path, 0, 0);
    }

    /**
     * The first pair {@code find} picks on a logical line of {@code fileName}, in {@code source} (a folder, where the
     * file is looked up by name) or {@code source} itself (a file); empty when neither holds one.
     */
    static Optional<SlurmFindingPlace> firstPair(String source, String fileName,
                                                 Function<SlurmConfLine, Optional<SlurmConfPair>> find) {
        Optional<SourceText> text = read(source, fileName);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        // the readers already reported this file's own syntax findings
        List<SlurmConfLine> lines = SlurmConfLexer.lex(text.get().text(), new Diagnostics(text.get().path()));
        return lines.stream().map(find).flatMap(Optional::stream).findFirst()
                .map(p -> new SlurmFindingPlace(text.get().path(), p.line(), p.column()));
    }

    /** The first line of {@code fileName} that is neither blank nor a comment ({@code #}), at its first character. */
    static Optional<SlurmFindingPlace> firstLine(String source, String fileName) {
        Optional<SourceText> text = read(source, fileName);
        if (text.isEmpty()) {
            return Optional.empty();
        }
        List<String> lines = text.get().lines();
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i);
            String t = l.strip();
            if (!t.isEmpty() && !t.startsWith("#")) {
                return Optional.of(new SlurmFindingPlace(text.get().path(), i + 1, l.indexOf(t.charAt(0)) + 1));
            }
        }
        return Optional.empty();
    }

    private static Optional<SourceText> read(String source, String fileName) {
        Path p = Path.of(source);
        Path file = Files.isDirectory(p) ? p.resolve(fileName) : p;
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try {
            return Optional.of(SourceText.read(file));
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }
}
