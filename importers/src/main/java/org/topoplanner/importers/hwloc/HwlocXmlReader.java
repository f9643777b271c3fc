package org.topoplanner.importers.hwloc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.topoplanner.importers.ClusterPart;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.importers.Format;
import org.topoplanner.importers.FormatReader;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NodeTopologyBuilder;

/**
 * Reads an hwloc XML export ({@code lstopo --of xml}, {@code hwloc-gather-topology}) of any format
 * version: v1 (hwloc 1.x, no {@code version} attribute, NUMANode above Package, {@code Socket},
 * generic {@code Cache}, float {@code <distances>}), v2 and v3 ({@code <topology version="2.0|3.0">},
 * NUMANode as memory child, {@code distances2}/{@code distances2hetero}).
 *
 * <p>The node gets its cores, NUMA nodes with memory, PCIe switches and host bridges
 * ({@link PcieTree}), GPUs, NICs and NVSwitches ({@link IoDevices}), NVLink lanes
 * ({@link NvlinkBandwidth}), and PCIe path classes for every other pair, derived from the tree by
 * graph-model. An I/O device's NUMA nodes and CPUs are those of the nearest non-I/O object above it.
 * The host is the {@code HostName} info when present (then named by the source), else the file name
 * without extension. The node model is the {@code DMIProductName} or {@code PlatformModel} info.
 */
public final class HwlocXmlReader implements FormatReader {

    @Override
    public Format format() {
        return Format.HWLOC_XML;
    }

    @Override
    public int detect(SourceText source) {
        String head = source.text().substring(0, Math.min(source.text().length(), 4096));
        if (!head.contains("<topology")) {
            return 0;
        }
        if (head.contains("hwloc2.dtd") || head.contains("hwloc.dtd")) {
            return 99;
        }
        return head.contains("<object type=\"Machine\"") ? 95 : 60;
    }

    @Override
    public ImportResult read(SourceText source) {
        Diagnostics diagnostics = new Diagnostics(source.path());
        XmlElement root = SafeXml.parse(source.text(), diagnostics);
        if (root == null || !root.name().equals("topology")) {
            if (root != null) {
                diagnostics.error(root.line(), root.column(), "not an hwloc topology: the root element is <"
                        + root.name() + ">, not <topology>");
            } else if (!diagnostics.hasErrors()) {
                diagnostics.error(0, 0, "no XML element found");
            }
            return new ImportResult(source, format(), ClusterPart.empty(), diagnostics.list());
        }
        String version = root.attribute("version").orElse("1");
        boolean bitMaskOsdevTypes = version.startsWith("3");
        if (!version.matches("[123](\\.\\d+)*")) {
            diagnostics.warning(root.line(), root.column(), "unknown hwloc XML version '" + version
                    + "'; read as version 2");
        }
        List<HwlocObject> top = HwlocObject.tree(root, null);
        List<HwlocObject> all = new ArrayList<>();
        top.forEach(o -> all.addAll(o.subtree()));
        if (all.isEmpty()) {
            diagnostics.error(root.line(), root.column(), "the topology has no objects");
            return new ImportResult(source, format(), ClusterPart.empty(), diagnostics.list());
        }
        Map<String, HwlocObject> byGpIndex = new HashMap<>();
        all.forEach(o -> o.attribute("gp_index").ifPresent(g -> byGpIndex.putIfAbsent(g, o)));

        CpuLayout cpu = new CpuLayout(all, diagnostics);
        PcieTree pci = new PcieTree(all, o -> isPlanned(o, bitMaskOsdevTypes), o -> singleNuma(place(o)), diagnostics);
        IoDevices devices = new IoDevices(all, bitMaskOsdevTypes, pci, HwlocXmlReader::place, diagnostics);

        NodeTopologyBuilder node = new NodeTopologyBuilder().model(machineModel(all));
        cpu.cores().forEach(node::core);
        cpu.numa().forEach(node::numaNode);
        pci.nodes().forEach(node::pci);
        devices.gpus().forEach(node::gpu);
        devices.nics().forEach(node::nic);
        devices.nvSwitches().forEach(node::nvSwitch);
        NvlinkBandwidth.links(root, byGpIndex, all, devices, diagnostics).forEach(node::link);
        if (cpu.cores().isEmpty()) {
            diagnostics.warning(root.line(), root.column(), "the topology lists no PUs; cores are unknown");
            node.counts(cpu.sockets(), cpu.numa().size(), null, null);
        }
        NodeTopology built = node.build();

        Optional<String> host = hostName(root, all);
        String key = host.orElseGet(() -> stem(source.fileName()));
        return new ImportResult(source, format(), ClusterPart.ofNode(key, built, host.isPresent()),
                diagnostics.list());
    }

    /** NUMA nodes and CPUs of the nearest object above an I/O object that has a cpuset. */
    static IoDevices.Place place(HwlocObject io) {
        Optional<HwlocObject> anchor = io.ancestor(a -> !a.isIo() && a.attribute("cpuset").isPresent());
        List<Integer> numa = anchor.flatMap(HwlocObject::nodeset).map(CpuSet::toList).orElse(List.of());
        CpuSet cpus = anchor.flatMap(HwlocObject::cpuset).orElse(CpuSet.empty());
        return new IoDevices.Place(numa, cpus);
    }

    private static int singleNuma(IoDevices.Place place) {
        return place.numaNodes().size() == 1 ? place.numaNodes().get(0) : -1;
    }

    /** GPUs, NICs and NVSwitches: the devices whose grouping under a root port matters. */
    private static boolean isPlanned(HwlocObject pciDevice, boolean bitMaskTypes) {
        Optional<PciType> type = PciType.parse(pciDevice.attribute("pci_type").orElse(null));
        boolean gpuOrSwitch = type.map(t -> t.vendor() == PciType.NVIDIA && (t.isDisplay() || t.isNvSwitch()))
                .orElse(false);
        return gpuOrSwitch || pciDevice.children().stream()
                .anyMatch(c -> c.type().equals("OSDev") && OsDevice.of(c, bitMaskTypes) == OsDevice.OPENFABRICS);
    }

    private static Optional<String> hostName(XmlElement root, List<HwlocObject> all) {
        Optional<String> topLevel = root.children("info").stream()
                .filter(i -> "HostName".equals(i.attributes().get("name")))
                .map(i -> i.attributes().get("value")).filter(v -> v != null && !v.isBlank()).findFirst();
        return topLevel.or(() -> all.stream().filter(o -> o.type().equals("Machine"))
                .map(o -> o.info("HostName")).flatMap(Optional::stream).filter(v -> !v.isBlank()).findFirst());
    }

    private static String machineModel(List<HwlocObject> all) {
        return all.stream().filter(o -> o.type().equals("Machine")).findFirst()
                .flatMap(m -> m.info("DMIProductName").or(() -> m.info("PlatformModel"))).orElse(null);
    }

    private static String stem(String fileName) {
        String name = fileName.endsWith(".txt") ? fileName.substring(0, fileName.length() - 4) : fileName;
        name = name.endsWith(".xml") ? name.substring(0, name.length() - 4) : name;
        return name.isBlank() ? "node" : name;
    }
}
