package org.topoplanner.app.desktop;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import org.topoplanner.app.cli.ShippedTemplates;
import org.topoplanner.app.desktop.state.PlanViewModel;
import org.topoplanner.app.plan.PlanEdits;
import org.topoplanner.importers.hardware.ExistingHardware;
import org.topoplanner.importers.hardware.HardwareAssignment;
import org.topoplanner.importers.hardware.HardwareRule;
import org.topoplanner.importers.hardware.HardwareRuleException;
import org.topoplanner.importers.merge.MergeChoices;
import org.topoplanner.importers.pipeline.ClusterImport;
import org.topoplanner.importers.pipeline.ImportOutcome;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.hostlist.Hostlist;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.JobLine;
import org.topoplanner.model.job.JobRequest;
import org.topoplanner.model.job.Placement;

/**
 * The big ibsim fat trees as window tests use them, every host an HGX H100 ({@code hgx-h100-sxm}, as
 * {@code --hardware HOSTS=hgx-h100-sxm} gives it): ft3-4096 from this module's test resources
 * (see src/test/resources/inputs/PROVENANCE.md), ft3-16384 from the shared fabrics folder when it is
 * there ({@code -Dtopoplanner.ibsim=DIR}, default /work/shared/fabrics/ibsim; only optional tests and
 * benchmarks read it). Read through the same import pipeline as the window's Import….
 */
public final class BigFabrics {
    public static final Path SHARED_16384 = Path.of(System.getProperty("topoplanner.ibsim", "/work/shared/fabrics/ibsim"),
            "ft3-16384.ibnetdiscover");

    private BigFabrics() {
    }

    /** ft3-4096 from the test resources, copied out of its gzip into {@code scratch}. */
    public static Cluster ft3x4096(Path scratch) throws IOException {
        Path dump = scratch.resolve("ft3-4096.ibnetdiscover");
        try (InputStream in = new GZIPInputStream(BigFabrics.class.getResourceAsStream("/inputs/ft3-4096.ibnetdiscover.gz"))) {
            Files.copy(in, dump);
        }
        return hgx(dump);
    }

    /** ft3-16384 from the shared folder; empty when it is not there. */
    public static Optional<Cluster> ft3x16384() throws IOException {
        return Files.isReadable(SHARED_16384) ? Optional.of(hgx(SHARED_16384)) : Optional.empty();
    }

    /** A dump read as Import… reads it, every host given the HGX H100 template. */
    public static Cluster hgx(Path dump) {
        ClusterImport importer = ClusterImport.standard();
        ImportOutcome outcome = importer.merge(importer.read(List.of(dump), Optional.empty(), (d, t, f) -> true),
                MergeChoices.none());
        try {
            HardwareRule rule = HardwareRule.parse(Hostlist.compress(outcome.cluster().hostNames()) + "=hgx-h100-sxm",
                    new ShippedTemplates());
            return new HardwareAssignment(List.of(rule)).apply(outcome.cluster(), ExistingHardware.KEEP).cluster();
        } catch (HardwareRuleException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Places {@code jobs} jobs of {@code size} whole hosts each, in host order, leaving every fifth block
     * free (about 60% of the GPUs taken when the blocks cover the cluster), as placements made by hand:
     * no policy runs. Call on the FX thread.
     */
    public static void occupy(PlanViewModel vm, Cluster cluster, int jobs, int size) {
        List<String> hosts = cluster.hostNames();
        int job = 0;
        for (int start = 0; start + size <= hosts.size() && job < jobs; start += size) {
            if ((start / size) % 5 == 4) {
                continue;
            }
            List<HostAllocation> on = new ArrayList<>();
            for (String h : hosts.subList(start, start + size)) {
                on.add(HostAllocation.of(h, List.of(0, 1, 2, 3, 4, 5, 6, 7), CpuSet.parse("0-111")));
            }
            String name = "train" + job++;
            JobRequest r = JobRequest.nodesWithGpus(name, size, 8);
            vm.perform(PlanEdits.place(new Job(name, JobLine.toArgs(r)), new Placement(name, on)));
        }
    }
}
