package org.topoplanner.app.desktop.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.model.diag.Diagnostic;

/** Reading the lines around a diagnostic: the window, line ends, clipping, and files that are not there. */
class SourceExcerptReaderTest {
    @TempDir
    Path dir;

    @Test
    void keepsTheContextAroundTheLineAndSaysTheFileGoesOn() throws IOException {
        Path f = write("big.conf", numbered(1, 100));
        SourceExcerpt.Lines e = lines(new SourceExcerptReader(3, 400).read(f.toString(), 50, 2));
        assertThat(e.lines()).extracting(SourceLine::number).containsExactly(47, 48, 49, 50, 51, 52, 53);
        assertThat(e.lines().get(e.targetIndex()).text()).isEqualTo("line 50");
        assertThat(e.moreBelow()).isTrue();
        assertThat(e.note()).isEmpty();
    }

    @Test
    void numbersLinesAsTheImportersDoWhateverTheLineEnds() throws IOException {
        Path f = dir.resolve("mixed.conf");
        Files.writeString(f, "\uFEFFone\r\ntwo\rthree\n\nfive");
        SourceExcerpt.Lines e = lines(new SourceExcerptReader(10, 400).read(f.toString(), 3, 1));
        assertThat(e.lines()).extracting(SourceLine::text)
                .containsExactlyElementsOf(Files.readString(f).substring(1).lines().toList());
        assertThat(e.lines().get(e.targetIndex())).isEqualTo(SourceLine.whole(3, "three"));
        assertThat(e.moreBelow()).isFalse();
    }

    @Test
    void readsOnlyAWindowOfAFileOfSeveralMegabytes() throws IOException {
        Path f = dir.resolve("huge.txt");
        try (Writer w = Files.newBufferedWriter(f, StandardCharsets.UTF_8)) {
            for (int i = 1; i <= 120_000; i++) {
                w.write("host" + i + " port=" + i % 36 + " guid=0x" + Long.toHexString(i * 7919L) + "\n");
            }
        }
        assertThat(Files.size(f)).isGreaterThan(3_000_000);
        SourceExcerpt.Lines e = lines(new SourceExcerptReader().read(f.toString(), 100_000, 1));
        assertThat(e.lines()).hasSize(2 * SourceExcerptReader.CONTEXT + 1);
        assertThat(e.lines().get(e.targetIndex()).text()).startsWith("host100000 ");
        assertThat(e.moreBelow()).isTrue();
    }

    @Test
    void clipsAHugeLineAroundTheColumn() throws IOException {
        String line = "x".repeat(5_000) + "BAD" + "y".repeat(5_000);
        Path f = write("minified.json", line + "\n");
        SourceExcerpt.Lines e = lines(new SourceExcerptReader(2, 100).read(f.toString(), 1, 5_001));
        SourceLine only = e.lines().get(0);
        assertThat(only.text()).hasSize(100);
        assertThat(only.clippedStart()).isTrue();
        assertThat(only.clippedEnd()).isTrue();
        int at = only.indexOfColumn(5_001);
        assertThat(only.text().substring(at, at + 3)).isEqualTo("BAD");
    }

    @Test
    void otherLongLinesKeepTheirStart() throws IOException {
        Path f = write("wide.txt", "a".repeat(300) + "\nshort\n" + "b".repeat(300) + "\n");
        SourceExcerpt.Lines e = lines(new SourceExcerptReader(2, 100).read(f.toString(), 2, 3));
        assertThat(e.lines().get(0)).isEqualTo(new SourceLine(1, "a".repeat(100), 1, true));
        assertThat(e.lines().get(1).indexOfColumn(3)).isEqualTo(2);
        assertThat(e.lines().get(1).indexOfColumn(6)).as("just past the end").isEqualTo(5);
        assertThat(e.lines().get(1).indexOfColumn(7)).isEqualTo(-1);
    }

    @Test
    void aWholeFileFindingShowsTheHeadWithNothingHighlighted() throws IOException {
        Path f = write("empty-ish.conf", numbered(1, 5));
        SourceExcerpt.Lines e = lines(new SourceExcerptReader().read(Diagnostic.error(f.toString(), 0, 0, "unknown format")));
        assertThat(e.lines()).hasSize(5);
        assertThat(e.targetIndex()).isEqualTo(-1);
    }

    @Test
    void aLinePastTheEndShowsTheTailAndSaysSo() throws IOException {
        Path f = write("short.conf", numbered(1, 12));
        SourceExcerpt.Lines e = lines(new SourceExcerptReader(3, 400).read(f.toString(), 40, 1));
        assertThat(e.lines()).extracting(SourceLine::number).containsExactly(9, 10, 11, 12);
        assertThat(e.targetIndex()).isEqualTo(-1);
        assertThat(e.note()).contains("40").contains("12 lines");
    }

    @Test
    void aMissingFileAFolderAndNoFileAreExplained() {
        SourceExcerptReader reader = new SourceExcerptReader();
        assertThat(unavailable(reader.read(dir.resolve("gone.conf").toString(), 3, 1)).reason())
                .contains("not there").contains("gone.conf");
        assertThat(unavailable(reader.read(dir.toString(), 0, 0)).reason()).contains("folder");
        assertThat(unavailable(reader.read("", 0, 0)).reason()).contains("not one place in a file");
    }

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static String numbered(int from, int to) {
        StringBuilder sb = new StringBuilder();
        for (int i = from; i <= to; i++) {
            sb.append("line ").append(i).append('\n');
        }
        return sb.toString();
    }

    private static SourceExcerpt.Lines lines(SourceExcerpt e) {
        assertThat(e).isInstanceOf(SourceExcerpt.Lines.class);
        return (SourceExcerpt.Lines) e;
    }

    private static SourceExcerpt.Unavailable unavailable(SourceExcerpt e) {
        assertThat(e).isInstanceOf(SourceExcerpt.Unavailable.class);
        return (SourceExcerpt.Unavailable) e;
    }
}
