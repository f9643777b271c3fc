package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchOptions;
import org.topoplanner.model.project.ProjectDocument;

/**
 * Exported jobs compared field by field with their plans: the #SBATCH lines read back as exactly the
 * job's request pinned to the planned nodes (nothing added: no tasks, CPUs or binding the job did not ask
 * for), pods ask exactly the planned GPUs and CPUs on exactly the planned nodes, and a plan that
 * contradicts its request is refused with the contradiction named.
 */
class ExportFaithfulnessTest {
    private static final YAMLMapper YAML = new YAMLMapper();

    static Map<String, ExportFile> files(ProjectDocument doc) {
        return ExportBundle.build(doc, ExportTarget.all()).stream()
                .collect(Collectors.toMap(ExportFile::relativePath, f -> f));
    }

    @Test
    void everyExportedSbatchIsTheRequestPinnedToThePlan() throws Exception {
        for (ProjectDocument doc : List.of(ExportFixtures.example(), ExportFixtures.fatTree(), ExportFixtures.rail(),
                GeneratedPlans.plan(5), GeneratedPlans.plan(6), GeneratedPlans.plan(7))) {
            Map<String, ExportFile> files = files(doc);
            for (Placement p : doc.placements()) {
                JobRequest asked = SbatchOptions.parse(doc.jobs().stream().filter(j -> j.name().equals(p.job()))
                        .findFirst().orElseThrow().sbatch(), p.job());
                ExportFile f = files.get("jobs/" + ExportBundle.fileName(p.job()) + ".sbatch");
                assertThat(f.validation()).as(f.relativePath()).isEmpty();
                JobRequest written = SbatchOptions.parse(ExportedJobScriptTest.sbatch(f.text()), "?");
                assertThat(written.name()).isEqualTo(p.job());
                assertThat(written.minNodes()).isEqualTo(p.hosts().size());
                assertThat(written.maxNodes()).isNull();
                assertThat(written.nodelist()).containsExactlyInAnyOrderElementsOf(p.hostNames());
                assertThat(written.exclude()).isEmpty();
                assertThat(written.ntasks()).isEqualTo(asked.ntasks());
                assertThat(written.ntasksPerNode()).isEqualTo(asked.ntasksPerNode());
                assertThat(written.cpusPerTask()).isEqualTo(asked.cpusPerTask());
                assertThat(written.cpusPerGpu()).isEqualTo(asked.cpusPerGpu());
                assertThat(written.gpus()).isEqualTo(asked.gpus());
                assertThat(written.gpusPerNode()).isEqualTo(asked.gpusPerNode());
                assertThat(written.gpusPerTask()).isEqualTo(asked.gpusPerTask());
                assertThat(written.gpuType()).isEqualTo(asked.gpuType());
                assertThat(written.switches()).isEqualTo(asked.switches());
                assertThat(written.enforceBinding()).isEqualTo(asked.enforceBinding());
                assertThat(written.exclusive()).isEqualTo(asked.exclusive());
                assertThat(written.segment()).isEqualTo(asked.segment());
                for (HostAllocation h : p.hosts()) {
                    assertThat(f.text()).contains("#   " + h.host() + " GPUs ");
                }
            }
        }
    }

    @Test
    void addsNoTasksCpusOrBindingTheJobDidNotAskFor() {
        // -N 2 --gpus-per-node=8 --switches=1: slurm-tree gives such a job one CPU per node.
        ProjectDocument doc = ExportFixtures.plan(ExportFixtures.example().cluster(),
                ExportFixtures.placed("plain", "-N 2 --gpus-per-node=8 --switches=1",
                        ExportFixtures.alloc("node01", "0-7", "0"), ExportFixtures.alloc("node02", "0-7", "0")));
        ExportFile f = files(doc).get("jobs/plain.sbatch");
        assertThat(f.validation()).isEmpty();
        assertThat(ExportedJobScriptTest.sbatch(f.text())).containsExactly("--job-name=plain", "--nodes=2",
                "--gpus-per-node=8", "--switches=1", "--nodelist=node[01-02]");
        // One task per node (sbatch's default) drives the node's 8 GPUs and both NIC-pairs' NICs.
        assertThat(f.text()).contains("node01:0) planned=0,1,2,3,4,5,6,7 gpu= pos= cpus=0 hca=mlx5_0:1,mlx5_1:1,mlx5_2:1,mlx5_3:1 ;;")
                .doesNotContain("node01:1)");
    }

    @Test
    void aPodAsksExactlyThePlannedCpusGpusAndNodes() throws Exception {
        ProjectDocument doc = ExportFixtures.plan(ExportFixtures.example().cluster(),
                ExportFixtures.placed("four", "-N 1 --gpus-per-node=4 --cpus-per-gpu=4",
                        ExportFixtures.alloc("node05", "0-3", "0-15")));
        for (String path : List.of("k8s/jobs/four.yaml", "k8s/jobs/four.volcano.yaml")) {
            ExportFile f = files(doc).get(path);
            assertThat(f.validation()).as(path).isEmpty();
            JsonNode root = YAML.readTree(f.text());
            JsonNode pod = root.findPath("template").path("spec");
            JsonNode limits = pod.path("containers").get(0).path("resources").path("limits");
            assertThat(limits.path("cpu").asText()).as(path).isEqualTo("16");
            assertThat(limits.path("nvidia.com/gpu").asInt()).as(path).isEqualTo(4);
            assertThat(pod.findPath("values").get(0).asText()).isEqualTo("node05");
        }
    }

    @Test
    void aPlanThatContradictsItsRequestIsRefusedWithTheFactsNamed() {
        ProjectDocument doc = ExportFixtures.plan(ExportFixtures.example().cluster(),
                ExportFixtures.placed("short", "-N 4 --gpus-per-node=8",
                        ExportFixtures.alloc("node01", "0-7", "0"), ExportFixtures.alloc("node02", "0-3", "0")),
                ExportFixtures.placed("wide", "-N 2 --gpus-per-node=8 --switches=1",
                        ExportFixtures.alloc("node01", "0-7", "0"), ExportFixtures.alloc("node09", "0-7", "0")));
        Map<String, ExportFile> files = files(doc);
        assertThat(messages(files.get("jobs/short.sbatch"))).anyMatch(m -> m.contains("asks -N 4 but is placed on 2"))
                .anyMatch(m -> m.contains("--gpus-per-node=8 but the plan gives node02 4 GPUs"));
        assertThat(messages(files.get("k8s/jobs/short.yaml"))).anyMatch(m -> m.contains("asks -N 4"));
        assertThat(messages(files.get("jobs/wide.sbatch")))
                .anyMatch(m -> m.contains("asks --switches=1 but its nodes sit under 2 leaves"));
    }

    @Test
    void aPlacementWithoutARequestIsRefused() {
        ProjectDocument base = ExportFixtures.example();
        ProjectDocument doc = new ProjectDocument(base.cluster(), List.of(),
                List.of(new Placement("orphan", List.of(ExportFixtures.alloc("node01", "0-7", "0-31")))), base.view());
        assertThat(messages(files(doc).get("jobs/orphan.sbatch")))
                .anyMatch(m -> m.contains("the plan holds no request for it"));
    }

    private static List<String> messages(ExportFile f) {
        assertThat(f).isNotNull();
        assertThat(f.validation()).anyMatch(Diagnostic::isError);
        return f.validation().stream().map(Diagnostic::message).toList();
    }
}
