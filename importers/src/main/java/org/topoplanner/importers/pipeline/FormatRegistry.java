package org.topoplanner.importers.pipeline;

import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.Format;

import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.topoplanner.importers.hwloc.HwlocXmlReader;
import org.topoplanner.importers.ibnet.IblinkinfoReader;
import org.topoplanner.importers.lldp.LldpctlJsonReader;
import org.topoplanner.importers.lldp.LldpctlKeyvalueReader;
import org.topoplanner.importers.lldp.SwitchLldpTableReader;
import org.topoplanner.importers.ibnet.IbnetdiscoverPortsReader;
import org.topoplanner.importers.ibnet.IbnetdiscoverReader;
import org.topoplanner.importers.slurm.GresConfReader;
import org.topoplanner.importers.slurm.SlurmConfReader;
import org.topoplanner.importers.slurm.SlurmdGresReader;
import org.topoplanner.importers.slurm.TopologyConfReader;
import org.topoplanner.importers.slurm.TopologyYamlReader;
import org.topoplanner.importers.k8s.HyperNodeReader;
import org.topoplanner.importers.k8s.KubectlDescribeReader;
import org.topoplanner.importers.k8s.KubernetesNodesReader;
import org.topoplanner.importers.k8s.KueueTopologyReader;
import org.topoplanner.importers.k8s.NodeLabelsReader;
import org.topoplanner.importers.k8s.KubeletConfigReader;
import org.topoplanner.importers.k8s.WorkloadReader;
import org.topoplanner.importers.dra.DraFormatReader;
import org.topoplanner.importers.slurm.SbatchScriptReader;
import org.topoplanner.importers.export.ExportManifestReader;
import org.topoplanner.importers.k8s.TopographModelReader;
import org.topoplanner.importers.nvsmi.NvidiaSmiP2pReader;
import org.topoplanner.importers.nvsmi.NvidiaSmiTopoReader;
import org.topoplanner.importers.project.ProjectReader;

/**
 * Every reader TopoPlanner has, and format detection over them: the reader most sure of a text
 * wins; below {@link #MIN_CONFIDENCE} the format is unknown and the user is asked for
 * {@code --format}.
 */
public final class FormatRegistry {
    /** The confidence below which detection gives up rather than guess. */
    public static final int MIN_CONFIDENCE = 30;
    /** How much of a text detection looks at. */
    static final int DETECTION_WINDOW = 64 * 1024;
    private final List<FormatReader> readers;

    public FormatRegistry(List<FormatReader> readers) {
        this.readers = List.copyOf(readers);
    }

    /** All shipped readers. */
    public static FormatRegistry standard() {
        return new FormatRegistry(List.of(
                new ProjectReader(),
                new IbnetdiscoverReader(),
                new IbnetdiscoverPortsReader(),
                new IblinkinfoReader(),
                new LldpctlJsonReader(),
                new LldpctlKeyvalueReader(),
                new SwitchLldpTableReader(),
                new TopologyConfReader(),
                new TopologyYamlReader(),
                new GresConfReader(),
                new SlurmConfReader(),
                new SlurmdGresReader(),
                new NvidiaSmiTopoReader(),
                new NvidiaSmiP2pReader(),
                new org.topoplanner.importers.nvsmi.NvidiaSmiQueryReader(),
                new HwlocXmlReader(),
                new HyperNodeReader(),
                new KueueTopologyReader(),
                new TopographModelReader(),
                new KubernetesNodesReader(),
                new KubectlDescribeReader(),
                new NodeLabelsReader(),
                new KubeletConfigReader(),
                new WorkloadReader(),
                new DraFormatReader(),
                new SbatchScriptReader(),
                new ExportManifestReader()));
    }

    public List<FormatReader> readers() {
        return readers;
    }

    public Optional<FormatReader> reader(Format format) {
        return readers.stream().filter(r -> r.format() == format).findFirst();
    }

    /** The reader for a text, judged from content; empty when no reader is sure enough. */
    public Optional<FormatReader> detect(SourceText source) {
        // Every format shows itself in its first lines; judging a 9 MB dump whole, once per reader,
        // took longer than reading it.
        SourceText head = source.head(DETECTION_WINDOW);
        return readers.stream()
                .map(r -> new Scored(r, safeDetect(r, head)))
                .filter(s -> s.score >= MIN_CONFIDENCE)
                .max(Comparator.comparingInt(Scored::score))
                .map(Scored::reader);
    }

    /** The reader that scored highest on a text no reader is sure of, when any scored above nothing. */
    public Optional<Guess> closest(SourceText source) {
        SourceText head = source.head(DETECTION_WINDOW);
        return readers.stream()
                .map(r -> new Guess(r, safeDetect(r, head)))
                .filter(g -> g.score() > 0)
                .max(Comparator.comparingInt(Guess::score));
    }

    /** A reader and how sure it was, 0 to 100. */
    public record Guess(FormatReader reader, int score) {
    }

    private static int safeDetect(FormatReader r, SourceText source) {
        try {
            return r.detect(source);
        } catch (RuntimeException e) {
            // Detection must never stop an import; a reader that fails here just is not chosen.
            return 0;
        }
    }

    private record Scored(FormatReader reader, int score) {
    }
}
