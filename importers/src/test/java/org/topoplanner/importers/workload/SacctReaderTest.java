package org.topoplanner.importers.workload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.groups.Tuple.tuple;

import java.time.LocalDateTime;
import org.junit.jupiter.api.Test;
import org.topoplanner.importers.TestSamples;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.workload.WorkloadJob;

class SacctReaderTest {
    private static SacctReader.Result site() {
        return SacctReader.read("site-history.txt", TestSamples.text("sacct/site-history.txt").text());
    }

    @Test
    void readsTheJobsThatRanAndSkipsStepsPendingRunningAndCpuJobs() {
        SacctReader.Result r = site();
        assertThat(r.hasErrors()).isFalse();
        assertThat(r.jobs()).extracting(SacctJob::jobId, SacctJob::nodes, SacctJob::gpus, SacctJob::state,
                SacctJob::limitSeconds).containsExactly(
                tuple("41021", 4, 32, "COMPLETED", 86400L),
                tuple("41022", 1, 1, "FAILED", 1800L),
                tuple("41023_1", 1, 4, "TIMEOUT", 7200L),
                tuple("41023_2", 1, 4, "COMPLETED", 7200L),
                tuple("41027", 3, 12, "CANCELLED", 0L),
                tuple("41029", 1, 1, "NODE_FAIL", 600L));
        assertThat(r.jobs().get(0).gpuType()).isEqualTo("h100");
        assertThat(r.jobs().get(0).nodeList()).isEqualTo("gpu[017-020]");
        assertThat(r.jobs().get(0).runSeconds()).isEqualTo(4 * 3600 + 12 * 60 + 43);
        assertThat(r.diagnostics()).extracting(Diagnostic::message).anySatisfy(m -> assertThat(m)
                .contains("PENDING").contains("no recorded run time"))
                .anySatisfy(m -> assertThat(m).contains("RUNNING"))
                .anySatisfy(m -> assertThat(m).contains("1 job(s) without GPUs"));
    }

    @Test
    void workloadCountsFromTheFirstSubmissionAndKeepsRunTimes() {
        SacctWorkload w = SacctWorkload.of(site().jobs());
        assertThat(w.epoch()).isEqualTo(LocalDateTime.of(2025, 3, 3, 8, 59, 12));
        assertThat(w.jobs()).extracting(WorkloadJob::id, WorkloadJob::submit, WorkloadJob::runSeconds,
                WorkloadJob::nodes).startsWith(tuple("41021", 0L, 15163L, 4), tuple("41022", 148L, 81L, 1));
        // a zero-second NODE_FAIL still occupies its node for a second
        assertThat(w.jobs().get(5).runSeconds()).isEqualTo(1);
        // 12 GPUs on 3 nodes: 4 per node
        assertThat(w.jobs().get(4).request().gpusPerNode()).isEqualTo(4);
    }

    @Test
    void parsableWithItsClosingBarReadsAsParsable2() {
        String text = "JobID|Submit|Start|End|NNodes|AllocTRES|\n"
                + "7|2025-01-01T00:00:00|2025-01-01T00:00:05|2025-01-01T01:00:05|2|gres/gpu=5,node=2|\n";
        SacctReader.Result r = SacctReader.read("p", text);
        assertThat(r.diagnostics()).isEmpty();
        assertThat(r.jobs()).singleElement().extracting(SacctJob::gpus).isEqualTo(5);
        assertThat(SacctWorkload.of(r.jobs()).jobs().get(0).request().gpus()).isEqualTo(5);
    }

    @Test
    void badValuesAreReportedWhereTheyStand() {
        String text = "JobID|Submit|Start|End|NNodes|AllocTRES|Timelimit\n"
                + "1|2025-01-01 00:00:00|2025-01-01T00:00:05|2025-01-01T01:00:05|1|gres/gpu=1|1:00:00\n"
                + "2|2025-01-01T00:00:00|2025-01-01T00:00:05|2025-01-01T01:00:05|x|gres/gpu=1|1:00:00\n"
                + "3|2025-01-01T00:00:00|2025-01-01T00:00:05|2025-01-01T01:00:05|1|cpu=2,gres/gpu=lots|1:00:00\n"
                + "4|2025-01-01T00:00:00|2025-01-01T00:00:05|2025-01-01T01:00:05|1|gres/gpu=1|soon\n"
                + "5|2025-01-01T00:00:00|2025-01-01T00:00:05\n";
        SacctReader.Result r = SacctReader.read("h.txt", text);
        assertThat(r.diagnostics()).extracting(Diagnostic::line, Diagnostic::column).containsExactly(
                tuple(2, 3), tuple(3, 63), tuple(4, 71), tuple(5, 76), tuple(6, 1));
        assertThat(r.diagnostics().get(0).message()).contains("Submit '2025-01-01 00:00:00'");
        assertThat(r.jobs()).extracting(SacctJob::jobId).containsExactly("4");
    }

    @Test
    void aFileWithoutTheNeededColumnsSaysWhichAreMissing() {
        SacctReader.Result r = SacctReader.read("x", "JobID|State\n1|COMPLETED\n");
        assertThat(r.hasErrors()).isTrue();
        assertThat(r.diagnostics().get(0).message()).contains("Submit, Start, End, NNodes, AllocTRES or ReqTRES");
        assertThat(SacctReader.read("x", "\n\n").diagnostics().get(0).message()).startsWith("empty");
    }
}
