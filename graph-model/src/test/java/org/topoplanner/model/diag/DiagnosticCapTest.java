package org.topoplanner.model.diag;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class DiagnosticCapTest {
    @Test
    void keepsTheFirstOfEachFileAndCountsTheRestAtTheFirstLeftOut() {
        List<Diagnostic> all = new ArrayList<>();
        for (int i = 1; i <= 250; i++) {
            all.add(Diagnostic.warning("a.conf", i, 1, "w" + i));
        }
        all.add(Diagnostic.error("a.conf", 300, 2, "late error"));
        all.add(Diagnostic.info("b.conf", 1, 1, "other file"));
        List<Diagnostic> kept = DiagnosticCap.cap(all);
        assertThat(kept).hasSize(DiagnosticCap.PER_FILE + 2);
        Diagnostic summary = kept.get(kept.size() - 1);
        assertThat(summary.path()).isEqualTo("a.conf");
        assertThat(summary.line()).isEqualTo(DiagnosticCap.PER_FILE + 1);
        assertThat(summary.isError()).isTrue();
        assertThat(summary.message()).startsWith("151 more diagnostics of this file not shown");
        assertThat(kept).contains(Diagnostic.info("b.conf", 1, 1, "other file"));
    }

    @Test
    void controlCharactersFromTheInputArePrintedEscaped() {
        Diagnostic d = Diagnostic.error("x\u0000.conf", 1, 2, "cannot read 'a\u001b[31m\u0007b\tc\r'");
        assertThat(d.toString()).isEqualTo("x\\x00.conf:1:2: error: cannot read 'a\\x1B[31m\\x07b\tc\\x0D'");
    }
}
