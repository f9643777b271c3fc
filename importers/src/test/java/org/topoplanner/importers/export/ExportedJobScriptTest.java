package org.topoplanner.importers.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.diag.Diagnostic;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.job.SbatchScript;
import org.topoplanner.model.project.ProjectDocument;

/** The pinned sbatch options and the rank bindings, with values read off the fixture nodes by hand. */
class ExportedJobScriptTest {
    static Map<String, String> texts(ProjectDocument plan) {
        return ExportBundle.build(plan, ExportTarget.all()).stream()
                .collect(Collectors.toMap(ExportFile::relativePath, ExportFile::text));
    }

    static List<String> sbatch(String text) {
        return text.lines().filter(l -> l.startsWith("#SBATCH ")).map(l -> l.substring(8)).toList();
    }

    @Test
    void pinsAJobOverTwoSpinesToItsNodesAndLeaves() {
        assertThat(sbatch(texts(ExportFixtures.example()).get("jobs/wide-4n.sbatch"))).containsExactly(
                "--job-name=wide-4n", "--nodes=4", "--ntasks-per-node=8", "--gpus-per-node=8", "--cpus-per-gpu=4",
                "--switches=2", "--gres-flags=enforce-binding", "--nodelist=node[09-10,17-18]");
    }

    @Test
    void bindsEachRankToItsGpuCoresAndNic() {
        // Example node: GPUs 0-1 and NIC0 (mlx5_0) on PCIe switch PEX0, GPUs 2-3 and NIC1 (mlx5_1) on PEX1,
        // all on NUMA 0 with cores 0-15; the half-a plan gives CPUs 0-15 to GPUs 0-3.
        String text = texts(ExportFixtures.example()).get("jobs/half-a.sbatch");
        assertThat(text).contains("node03:0) planned=0,1,2,3 gpu=0 pos=0 cpus=0-3 hca=mlx5_0:1 ;;")
                .contains("node03:3) planned=0,1,2,3 gpu=3 pos=3 cpus=12-15 hca=mlx5_1:1 ;;")
                .contains("export NCCL_IB_HCA=\"=$hca\" UCX_NET_DEVICES=\"$hca\"")
                .contains("srun --cpu-bind=none bash -c \"$rank_wrapper\" topoplanner-rank \"$@\"");
        // half-b has no NICs in its plan: GPUs 4-5 take NIC2 (mlx5_2), the NIC on their PCIe switch.
        assertThat(texts(ExportFixtures.example()).get("jobs/half-b.sbatch"))
                .contains("node03:0) planned=4,5,6,7 gpu=4 pos=0 cpus=16-19 hca=mlx5_2:1 ;;");
    }

    @Test
    void turnsSlurmCpuIdsIntoOsCpuIdsOnSmtNodes() {
        // HGX H100 template: core c has threads c and c+112; Slurm numbers them 2c and 2c+1.
        Cluster rail = ExportFixtures.rail().cluster();
        HostAllocation h = HostAllocation.of("node001", List.of(0), CpuSet.parse("0-3"));
        assertThat(RankBindings.toOs(rail.node("node001"), h.cpus())).isEqualTo(CpuSet.parse("0-1,112-113"));
        assertThat(texts(ExportFixtures.rail()).get("jobs/socket.sbatch"))
                .contains("node010:0) planned=0,1,2,3 gpu=0 pos=0 cpus=0-13,112-125 hca=mlx5_0:1 ;;");
    }

    @Test
    void rejectsAPlacementOnGpusTheNodeLacks() {
        ProjectDocument doc = ExportFixtures.plan(ExportFixtures.example().cluster(),
                ExportFixtures.placed("ghost", "-N 1", ExportFixtures.alloc("node07", "6-9", "16-31")),
                ExportFixtures.placed("nowhere", "-N 1", ExportFixtures.alloc("node99", "0", "0")));
        List<ExportFile> files = ExportBundle.build(doc, ExportTarget.all());
        assertThat(files.stream().filter(f -> f.relativePath().equals("jobs/ghost.sbatch")).findFirst().orElseThrow()
                .validation()).anySatisfy(d -> assertThat(d.message()).contains("has GPUs 0-7"));
        assertThat(files.stream().filter(f -> f.relativePath().startsWith("k8s/jobs/nowhere")).toList())
                .allSatisfy(f -> assertThat(f.validation()).anyMatch(Diagnostic::isError));
    }

    /**
     * A job's notes (options placement ignores) are written back, quoted as sbatch's get_argument reads them, and the
     * export's own check reads the script as sbatch does: a blank or a '#' in a value once cut the line there.
     */
    @Test
    void writesTheJobsNotesQuotedSoSbatchReadsThemBack() {
        ProjectDocument doc = ExportFixtures.plan(ExportFixtures.example().cluster(), new Object[] {
            new Job("noted", List.of("-N", "1", "--gpus-per-node=2", "--time=01:00:00", "--comment=run #4 of \"a b\"")),
            new Placement("noted", List.of(ExportFixtures.alloc("node01", "0-1", "0-7")))});
        ExportFile f = ExportBundle.build(doc, ExportTarget.all()).stream()
                .filter(x -> x.relativePath().equals("jobs/noted.sbatch")).findFirst().orElseThrow();
        assertThat(sbatch(f.text())).contains("--time=01:00:00", "\"--comment=run #4 of \\\"a b\\\"\"");
        assertThat(SbatchScript.read(f.text()).args()).contains("--comment=run #4 of \"a b\"");
        assertThat(f.validation()).noneMatch(Diagnostic::isError);
    }

    /** {@code -O} is written back as {@code --overcommit}, and the script reads back with it. */
    @Test
    void writesOvercommitBack() throws Exception {
        ProjectDocument doc = ExportFixtures.plan(ExportFixtures.example().cluster(), new Object[] {
            new Job("over", List.of("-n", "8", "-O")),
            new Placement("over", List.of(ExportFixtures.alloc("node01", "", "0")))});
        ExportFile f = ExportBundle.build(doc, ExportTarget.all()).stream()
                .filter(x -> x.relativePath().equals("jobs/over.sbatch")).findFirst().orElseThrow();
        assertThat(sbatch(f.text())).contains("--ntasks=8", "--overcommit");
        assertThat(org.topoplanner.model.job.JobLine.parse(SbatchScript.read(f.text()).args(), "over").overcommit())
                .isTrue();
        assertThat(f.validation()).noneMatch(Diagnostic::isError);
    }

    @Test
    void aPlacementWithoutNodesIsABundleError() {
        ProjectDocument doc = new ProjectDocument(ExportFixtures.example().cluster(), List.of(),
                List.of(new Placement("empty", List.of())), null);
        ExportFile manifest = ExportBundle.build(doc, ExportTarget.all()).stream()
                .filter(f -> f.relativePath().equals(ExportBundle.MANIFEST)).findFirst().orElseThrow();
        assertThat(manifest.validation()).filteredOn(Diagnostic::isError).hasSize(1);
        assertThat(manifest.text()).contains("job empty is placed on no node");
    }
}
