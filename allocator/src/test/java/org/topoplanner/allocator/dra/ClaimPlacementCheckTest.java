package org.topoplanner.allocator.dra;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.topoplanner.allocator.dra.ClaimPlacementCheck.HostVerdict;
import org.topoplanner.allocator.dra.ClaimPlacementCheck.Kind;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.dra.DraClaimWriter;
import org.topoplanner.importers.dra.DraDocumentReader;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.dra.ClaimSpec;
import org.topoplanner.model.dra.DraObjects;
import org.topoplanner.model.fabric.FabricBuilder;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/** Placements checked against claims, including the claims TopoPlanner itself exports. */
class ClaimPlacementCheckTest {
    private static final DraObjects CLUSTER = DraSamples.cluster();

    @Test
    void theFirstGpuIsAsPlannedAndAnotherIsAnotherChoice() {
        List<HostVerdict> v = ClaimPlacementCheck.check(CLUSTER, DraSamples.alignedClaim(),
                new Placement("j", List.of(HostAllocation.of("node01", List.of(0), CpuSet.empty()),
                        HostAllocation.of("node02", List.of(5), CpuSet.empty()))));
        assertThat(v).extracting(HostVerdict::kind).containsExactly(Kind.AS_PLANNED, Kind.OTHER_CHOICE);
        assertThat(v.get(1).allocatorGpus()).containsExactly(0);
        assertThat(v.get(1).ok()).isTrue();
    }

    @Test
    void aPlannedGpuWithoutANicOnItsRootViolatesTheClaim() {
        HostVerdict v = ClaimPlacementCheck.check(CLUSTER, DraSamples.alignedClaim(),
                new Placement("j", List.of(HostAllocation.of("node02", List.of(3), CpuSet.empty())))).get(0);
        assertThat(v.kind()).isEqualTo(Kind.PLAN_VIOLATES_CLAIM);
        assertThat(v.reason()).contains("pcieRoot");
    }

    @Test
    void aNodeWithoutSlicesCannotSatisfyAnything() {
        HostVerdict v = ClaimPlacementCheck.check(CLUSTER, DraSamples.alignedClaim(),
                new Placement("j", List.of(HostAllocation.of("node99", List.of(0), CpuSet.empty())))).get(0);
        assertThat(v.kind()).isEqualTo(Kind.UNSATISFIABLE);
    }

    @Test
    void theExportedTemplateGetsExactlyThePlannedGpusAndTheirNics() {
        Placement p = new Placement("train-7", List.of(
                new HostAllocation("node01", List.of(2, 3), CpuSet.empty(), Map.of(2, "NIC2", 3, "NIC3")),
                new HostAllocation("node02", List.of(2, 3), CpuSet.empty(), Map.of(2, "NIC2", 3, "NIC3"))));
        String yaml = DraClaimWriter.write(p, new FabricBuilder().build());
        DraDocumentReader.Read read = DraDocumentReader.read(new SourceText("train-7.yaml", yaml));
        assertThat(read.diagnostics().list()).isEmpty();
        ClaimSpec exported = read.objects().claims().get(0);
        assertThat(exported.requests()).hasSize(4);
        List<HostVerdict> v = ClaimPlacementCheck.check(CLUSTER, exported, p);
        assertThat(v.get(0).kind()).isEqualTo(Kind.AS_PLANNED);
        assertThat(v.get(0).allocatorDevices()).containsExactlyInAnyOrder("gpu-2", "gpu-3", "pci-0000-4d-00-0",
                "pci-0000-5e-00-0");
        // node02 has no NIC beside GPU 3: the plan's NIC pairing cannot be met there
        assertThat(v.get(1).kind()).isEqualTo(Kind.UNSATISFIABLE);
    }
}
