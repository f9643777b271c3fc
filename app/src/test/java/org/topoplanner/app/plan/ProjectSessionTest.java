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
        Autosave autosave = after.recoverable().orElseThrow();
        assertThat(autosave.project()).contains(f.toAbsolutePath().normalize());
        assertThat(after.recover(autosave).jobs()).extracting(Job::name).containsExactly("unsaved");
        after.adopt(autosave);
        after.save(doc("resaved"));
        assertThat(after.recoverable()).isEmpty();
        assertThat(new ProjectSession(dir.resolve("home")).leftovers()).isEmpty();
    }

    @Test
    void eachProjectAutosavesUnderItsOwnPathAndAnUntitledOneUnderAKeyOfItsOwn() throws Exception {
        Path home = dir.resolve("home");
        Files.createDirectories(dir.resolve("x"));
        Files.createDirectories(dir.resolve("y"));
        // Two projects with the same file name in different folders do not share an autosave.
        ProjectSession x = new ProjectSession(home);
        x.saveAs(doc("x"), dir.resolve("x/plan.topoplanner.json"));
        ProjectSession y = new ProjectSession(home);
        y.saveAs(doc("y"), dir.resolve("y/plan.topoplanner.json"));
        ProjectSession untitled = new ProjectSession(home);
        aged(dir.resolve("x/plan.topoplanner.json"));
        aged(dir.resolve("y/plan.topoplanner.json"));
        x.autosave(doc("x-unsaved"));
        y.autosave(doc("y-unsaved"));
        untitled.autosave(doc("untitled-unsaved"));
        assertThat(x.autosavePath()).isNotEqualTo(y.autosavePath()).isNotEqualTo(untitled.autosavePath());

        ProjectSession next = new ProjectSession(home);
        List<Autosave> left = next.leftovers();
        assertThat(left).hasSize(3);
        assertThat(left).filteredOn(a -> a.project().isEmpty()).singleElement()
                .satisfies(a -> assertThat(next.recover(a).jobs()).extracting(Job::name).containsExactly("untitled-unsaved"));
        next.open(dir.resolve("y/plan.topoplanner.json"));
        assertThat(next.recover(next.recoverable().orElseThrow()).jobs()).extracting(Job::name).containsExactly("y-unsaved");
    }

    @Test
    void aLeftoverKeptForLaterSurvivesTheNextSessionOfItsProject() throws Exception {
        Path home = dir.resolve("home");
        Path f = dir.resolve("plan.topoplanner.json");
        ProjectSession crashed = new ProjectSession(home);
        crashed.saveAs(doc("saved"), f);
        aged(f);
        crashed.autosave(doc("unsaved"));

        // Opened again, the leftover not recovered (the user said "not now"): this session writes and
        // deletes its own autosave, never the leftover.
        ProjectSession next = new ProjectSession(home);
        next.open(f);
        Autosave kept = next.recoverable().orElseThrow();
        assertThat(next.autosavePath()).isNotEqualTo(kept.path());
        next.autosave(doc("other"));
        next.deleteAutosave();
        assertThat(kept.path()).exists();
        assertThat(new ProjectSession(home).leftovers()).singleElement()
                .satisfies(a -> assertThat(next.recover(a).jobs()).extracting(Job::name).containsExactly("unsaved"));

        next.discard(kept);
        assertThat(new ProjectSession(home).leftovers()).isEmpty();
    }

    @Test
    void anAutosaveOlderThanItsSavedFileIsNotOffered() throws Exception {
        Path home = dir.resolve("home");
        Path f = dir.resolve("plan.topoplanner.json");
        ProjectSession s = new ProjectSession(home);
        s.saveAs(doc("saved"), f);
        s.autosave(doc("unsaved"));
        Files.setLastModifiedTime(s.autosavePath(), FileTime.fromMillis(System.currentTimeMillis() - 120_000));
        assertThat(new ProjectSession(home).leftovers()).isEmpty();
    }

    private static void aged(Path f) throws Exception {
        Files.setLastModifiedTime(f, FileTime.fromMillis(System.currentTimeMillis() - 60_000));
    }
}
