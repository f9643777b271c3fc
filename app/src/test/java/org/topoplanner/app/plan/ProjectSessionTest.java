package org.topoplanner.app.plan;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.project.ProjectDocument;
import org.topoplanner.model.project.ProjectFormatException;
import org.topoplanner.resources.ShippedData;

class ProjectSessionTest {
    @TempDir
    Path dir;

    private ProjectDocument doc(String job) {
        return Plan.of(ShippedData.exampleCluster()).withJob(new Job(job, List.of("-N1")), null).toDocument();
    }

    @Test
    void savesOpensAndRemembersRecentFiles() throws Exception {
        ProjectSession s = new ProjectSession(dir.resolve("home"));
        Path a = dir.resolve("a.topoplanner.json");
        Path b = dir.resolve("b.topoplanner.json");
        s.saveAs(doc("one"), a);
        s.saveAs(doc("two"), b);
        assertThat(s.recent()).containsExactly(b.toAbsolutePath(), a.toAbsolutePath());
        ProjectSession fresh = new ProjectSession(dir.resolve("home"));
        assertThat(fresh.open(a).jobs()).extracting(Job::name).containsExactly("one");
        assertThat(fresh.recent().get(0)).isEqualTo(a.toAbsolutePath());
    }

    @Test
    void aBadFileLeavesTheOpenProjectAlone() throws Exception {
        ProjectSession s = new ProjectSession(dir.resolve("home"));
        Path good = dir.resolve("good.topoplanner.json");
        s.saveAs(doc("one"), good);
        Path bad = dir.resolve("bad.json");
        Files.writeString(bad, "{\"schema\": \"topoplanner.project/7\"}");
        assertThatThrownBy(() -> s.open(bad)).isInstanceOf(ProjectFormatException.class);
        assertThat(s.file()).contains(good);
    }

    @Test
    void offersAnAutosaveNewerThanTheFileAfterACrash() throws Exception {
        ProjectSession s = new ProjectSession(dir.resolve("home"));
        Path f = dir.resolve("plan.topoplanner.json");
        s.saveAs(doc("saved"), f);
        Files.setLastModifiedTime(f, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
        s.autosave(doc("unsaved"));
        // A new session on the same file, as after a crash.
        ProjectSession after = new ProjectSession(dir.resolve("home"));
        after.open(f);
        Path autosave = after.recoverable().orElseThrow();
        assertThat(after.recover(autosave).jobs()).extracting(Job::name).containsExactly("unsaved");
        after.save(doc("resaved"));
        assertThat(after.recoverable()).isEmpty();
    }
}
