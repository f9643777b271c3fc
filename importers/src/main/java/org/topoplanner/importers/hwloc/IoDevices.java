package org.topoplanner.importers.hwloc;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.node.Gpu;
import org.topoplanner.model.node.Nic;
import org.topoplanner.model.node.NvSwitch;

/**
 * The devices the planner cares about, found among hwloc's PCI devices and OS devices.
 *
 * <ul>
 *   <li>GPUs: NVIDIA display-class PCI devices (what NVML and Slurm see), plus NVML/CUDA OS devices
 *       without a PCI device. Index: the NVML number when every GPU has one, else the CUDA number
 *       when every GPU has one, else PCI bus order (NVML's own order). Model: GPUModel of the NVML,
 *       else CUDA OS device, else the PCIDevice name.</li>
 *   <li>NICs: one per OpenFabrics OS device ({@code mlx5_0}), with the network OS device of the same
 *       PCI function as netdev ({@code ib0}); ids {@code NIC0..} in device-name order, as
 *       {@code nvidia-smi topo -m} lists them.</li>
 *   <li>NVSwitches: NVIDIA class-0x0680 PCI devices, or ones hwloc marks {@code NVSwitch}.</li>
 * </ul>
 */
final class IoDevices {
    private final List<Gpu> gpus = new ArrayList<>();
    private final List<Nic> nics = new ArrayList<>();
    private final List<NvSwitch> nvSwitches = new ArrayList<>();
    /** PCI and OS device objects to the id of the GPU or NVSwitch they stand for. */
    private final Map<HwlocObject, String> deviceOf = new HashMap<>();

    record Place(List<Integer> numaNodes, CpuSet cpus) {
    }

    IoDevices(List<HwlocObject> all, boolean bitMaskTypes, PcieTree pci, Function<HwlocObject, Place> placeOf,
              Diagnostics diagnostics) {
        List<GpuFound> found = new ArrayList<>();
        List<NicFound> nicFound = new ArrayList<>();
        List<HwlocObject> switches = new ArrayList<>();
        for (HwlocObject o : all) {
            if (o.type().equals("PCIDev")) {
                Optional<PciType> type = PciType.parse(o.attribute("pci_type").orElse(null));
                List<HwlocObject> osdevs = o.children().stream().filter(c -> c.type().equals("OSDev")).toList();
                boolean nvswitch = "NVSwitch".equals(o.attribute("subtype").orElse(o.info("Type").orElse("")))
                        || type.map(PciType::isNvSwitch).orElse(false);
                if (nvswitch) {
                    switches.add(o);
                } else if (type.map(t -> t.isDisplay() && t.vendor() == PciType.NVIDIA).orElse(false)) {
                    found.add(new GpuFound(o, osdevs, type.get().ids()));
                } else if (type.map(PciType::isDisplay).orElse(false)
                        && osdevs.stream().anyMatch(d -> OsDevice.of(d, bitMaskTypes) != OsDevice.OTHER)) {
                    diagnostics.info(o.line(), o.column(), "display device " + o.attribute("pci_busid").orElse("")
                            + " is not an NVIDIA GPU; it is not planned");
                }
                for (HwlocObject d : osdevs) {
                    if (OsDevice.of(d, bitMaskTypes) == OsDevice.OPENFABRICS) {
                        String netdev = osdevs.stream().filter(n -> OsDevice.of(n, bitMaskTypes) == OsDevice.NETWORK)
                                .map(n -> n.attribute("name").orElse(null)).findFirst().orElse(null);
                        nicFound.add(new NicFound(o, d.attribute("name").orElse("?"), netdev));
                    }
                }
            } else if (o.type().equals("OSDev") && (o.parent() == null || !o.parent().type().equals("PCIDev"))) {
                OsDevice kind = OsDevice.of(o, bitMaskTypes);
                if (kind == OsDevice.NVML || kind == OsDevice.CUDA) {
                    found.add(new GpuFound(null, List.of(o), ""));
                }
            }
        }
        indexGpus(found, diagnostics);
        for (GpuFound g : found) {
            HwlocObject anchor = g.pci != null ? g.pci : g.osdevs.get(0);
            Place place = placeOf.apply(anchor);
            gpus.add(new Gpu("GPU" + g.index, g.index, g.model(), place.numaNodes(), place.cpus(),
                    g.pci == null ? null : pci.parentOf(g.pci), g.pci == null ? null : g.pci.attribute("pci_busid").orElse(null),
                    null));
            deviceOf.put(anchor, "GPU" + g.index);
            g.osdevs.forEach(d -> deviceOf.put(d, "GPU" + g.index));
        }
        gpus.sort(Comparator.comparingInt(Gpu::index));
        checkModels(found, diagnostics);
        nicFound.sort(Comparator.comparing(n -> naturalKey(n.device)));
        for (NicFound n : nicFound) {
            nics.add(new Nic("NIC" + nics.size(), n.device, placeOf.apply(n.pci).numaNodes(), pci.parentOf(n.pci),
                    n.pci.attribute("pci_busid").orElse(null), n.netdev));
        }
        switches.sort(Comparator.comparing(s -> busKey(s)));
        for (HwlocObject s : switches) {
            String id = "NVS" + nvSwitches.size();
            nvSwitches.add(new NvSwitch(id, s.attribute("pci_busid").orElse(null), pci.parentOf(s)));
            deviceOf.put(s, id);
        }
    }

    List<Gpu> gpus() {
        return gpus;
    }

    List<Nic> nics() {
        return nics;
    }

    List<NvSwitch> nvSwitches() {
        return nvSwitches;
    }

    Optional<String> deviceOf(HwlocObject o) {
        return Optional.ofNullable(deviceOf.get(o));
    }

    private static void indexGpus(List<GpuFound> found, Diagnostics diagnostics) {
        for (OsDevice kind : List.of(OsDevice.NVML, OsDevice.CUDA)) {
            List<Integer> indexes = found.stream().map(g -> g.osIndex(kind)).filter(Optional::isPresent)
                    .map(Optional::get).distinct().toList();
            if (!found.isEmpty() && indexes.size() == found.size()) {
                found.forEach(g -> g.index = g.osIndex(kind).orElseThrow());
                return;
            }
        }
        List<GpuFound> byBus = new ArrayList<>(found);
        byBus.sort(Comparator.comparing(g -> g.pci == null ? "~" : busKey(g.pci)));
        for (int i = 0; i < byBus.size(); i++) {
            GpuFound g = byBus.get(i);
            g.index = i;
            for (OsDevice kind : List.of(OsDevice.NVML, OsDevice.CUDA)) {
                g.osIndex(kind).filter(n -> n != g.index).ifPresent(n -> diagnostics.warning(g.line(), g.column(),
                        kind.name().toLowerCase() + n + " is GPU" + g.index + " in PCI bus order; not every GPU has an"
                                + " OS device, so bus order (NVML's) numbers them"));
            }
        }
    }

    /** GPUs with the same PCI ids should be the same product; a file that says otherwise is suspect. */
    private static void checkModels(List<GpuFound> found, Diagnostics diagnostics) {
        Map<String, GpuFound> first = new LinkedHashMap<>();
        for (GpuFound g : found) {
            if (g.ids.isEmpty() || g.model() == null) {
                continue;
            }
            GpuFound f = first.putIfAbsent(g.ids, g);
            if (f != null && !f.model().equals(g.model())) {
                diagnostics.warning(g.line(), g.column(), "GPU" + g.index + " (" + g.ids + ") says '" + g.model()
                        + "' but GPU" + f.index + " with the same PCI ids says '" + f.model() + "'");
            }
        }
    }

    static String busKey(HwlocObject pciDevice) {
        String bus = pciDevice.attribute("pci_busid").orElse("");
        String[] parts = bus.split("[:.]");
        StringBuilder key = new StringBuilder();
        for (String p : parts) {
            key.append(String.format("%8s", p.toLowerCase()).replace(' ', '0'));
        }
        return key.toString();
    }

    /** {@code mlx5_2} before {@code mlx5_10}. */
    static String naturalKey(String name) {
        Matcher m = Pattern.compile("\\d+").matcher(name);
        StringBuilder sb = new StringBuilder();
        int last = 0;
        while (m.find()) {
            sb.append(name, last, m.start()).append(String.format("%12s", m.group()).replace(' ', '0'));
            last = m.end();
        }
        return sb.append(name.substring(last)).toString();
    }

    private static final class GpuFound {
        final HwlocObject pci;
        final List<HwlocObject> osdevs;
        final String ids;
        int index;

        GpuFound(HwlocObject pci, List<HwlocObject> osdevs, String ids) {
            this.pci = pci;
            this.osdevs = osdevs;
            this.ids = ids;
        }

        Optional<Integer> osIndex(OsDevice kind) {
            return osdevs.stream().filter(d -> OsDevice.of(d, true) == kind || OsDevice.of(d, false) == kind)
                    .map(OsDevice::index).filter(Optional::isPresent).map(Optional::get).findFirst();
        }

        String model() {
            for (OsDevice kind : List.of(OsDevice.NVML, OsDevice.CUDA)) {
                for (HwlocObject d : osdevs) {
                    if ((OsDevice.of(d, true) == kind || OsDevice.of(d, false) == kind) && d.info("GPUModel").isPresent()) {
                        return d.info("GPUModel").get();
                    }
                }
            }
            return pci == null ? null : pci.info("PCIDevice").orElse(null);
        }

        int line() {
            return (pci != null ? pci : osdevs.get(0)).line();
        }

        int column() {
            return (pci != null ? pci : osdevs.get(0)).column();
        }
    }

    private record NicFound(HwlocObject pci, String device, String netdev) {
    }
}
