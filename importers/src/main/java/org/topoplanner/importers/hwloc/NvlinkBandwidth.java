package org.topoplanner.importers.hwloc;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.topoplanner.importers.Diagnostics;
import org.topoplanner.model.node.DeviceLink;
import org.topoplanner.model.node.Gpu;

/**
 * Turns hwloc's {@code NVLinkBandwidth} matrix ({@code <distances2>} or {@code <distances2hetero>})
 * into NVLink lane counts, the {@code NV#} of {@code nvidia-smi topo -m}.
 *
 * <p>hwloc's NVML backend adds, for every active link, 20,000 MB/s for NVLink 1 (P100) and 25,000
 * MB/s for NVLink 2-4 (V100, A100, H100) to the pair it joins, and puts 1,000,000 on the diagonal.
 * So lanes = bandwidth / per-link bandwidth, with 20,000 for GPUs whose model names a P100 and
 * 25,000 otherwise; a value that only the other figure divides evenly uses that one. Links to
 * NVSwitches are summed per GPU, and two GPUs that both reach NVSwitches get
 * {@code NV<min of their switch lanes>} on top of any direct lanes: HGX/DGX boards join all their
 * GPUs through the switches (that is what nvidia-smi prints: NV6 on DGX-2, NV12 on HGX A100, NV18 on
 * HGX H100), though hwloc records no switch-to-switch links to prove it. Links to CPUs (POWER8/9
 * NVLink to the socket) are not device pairs; they are reported, not kept.
 */
final class NvlinkBandwidth {
    static final long NVLINK1_MBPS = 20_000;
    static final long NVLINK2_MBPS = 25_000;
    private static final int MAX_OBJECTS = 4096;

    private NvlinkBandwidth() {
    }

    static List<DeviceLink> links(XmlElement topology, Map<String, HwlocObject> byGpIndex, List<HwlocObject> all,
                                  IoDevices devices, Diagnostics diagnostics) {
        Map<String, Integer> direct = new LinkedHashMap<>();
        Map<String, Integer> switchLanes = new HashMap<>();
        int cpuLinks = 0;
        XmlElement cpuReported = null;
        for (XmlElement d : topology.children()) {
            if (!(d.name().equals("distances2") || d.name().equals("distances2hetero"))
                    || !"NVLinkBandwidth".equals(d.attributes().get("name"))) {
                continue;
            }
            Optional<Matrix> m = Matrix.read(d, byGpIndex, all, diagnostics);
            if (m.isEmpty()) {
                continue;
            }
            Matrix matrix = m.get();
            for (int i = 0; i < matrix.objects.size(); i++) {
                for (int j = i + 1; j < matrix.objects.size(); j++) {
                    long bw = Math.max(matrix.value(i, j), matrix.value(j, i));
                    if (bw <= 0) {
                        continue;
                    }
                    Optional<String> a = matrix.objects.get(i).flatMap(devices::deviceOf);
                    Optional<String> b = matrix.objects.get(j).flatMap(devices::deviceOf);
                    if (a.isEmpty() || b.isEmpty()) {
                        cpuLinks++;
                        cpuReported = d;
                        continue;
                    }
                    String x = a.get();
                    String y = b.get();
                    if (x.startsWith("GPU") && y.startsWith("GPU")) {
                        direct.merge(x + " " + y, lanes(bw, model(devices, x)), Integer::sum);
                    } else if (x.startsWith("GPU") || y.startsWith("GPU")) {
                        String gpu = x.startsWith("GPU") ? x : y;
                        switchLanes.merge(gpu, lanes(bw, model(devices, gpu)), Integer::sum);
                    }
                }
            }
        }
        if (cpuReported != null) {
            diagnostics.info(cpuReported.line(), cpuReported.column(), cpuLinks + " NVLink connection(s) to CPUs or"
                    + " unknown objects are not device pairs and are not kept");
        }
        List<DeviceLink> out = new ArrayList<>();
        List<Gpu> gpus = devices.gpus();
        for (int i = 0; i < gpus.size(); i++) {
            for (int j = i + 1; j < gpus.size(); j++) {
                String a = gpus.get(i).id();
                String b = gpus.get(j).id();
                int lanes = direct.getOrDefault(a + " " + b, 0) + direct.getOrDefault(b + " " + a, 0);
                if (switchLanes.containsKey(a) && switchLanes.containsKey(b)) {
                    lanes += Math.min(switchLanes.get(a), switchLanes.get(b));
                }
                if (lanes > 0) {
                    out.add(DeviceLink.nvlink(a, b, lanes));
                }
            }
        }
        return out;
    }

    /** Lanes for a bandwidth, per the class comment. */
    static int lanes(long bandwidthMBps, String gpuModel) {
        boolean pascal = gpuModel != null && gpuModel.contains("P100");
        long per = pascal ? NVLINK1_MBPS : NVLINK2_MBPS;
        long other = pascal ? NVLINK2_MBPS : NVLINK1_MBPS;
        if (bandwidthMBps % per != 0 && bandwidthMBps % other == 0) {
            per = other;
        }
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, Math.round((double) bandwidthMBps / per)));
    }

    private static String model(IoDevices devices, String gpuId) {
        return devices.gpus().stream().filter(g -> g.id().equals(gpuId)).map(Gpu::model).findFirst().orElse(null);
    }

    /** The objects and values of one distances block. */
    private record Matrix(List<Optional<HwlocObject>> objects, long[] values) {
        long value(int i, int j) {
            return values[i * objects.size() + j];
        }

        static Optional<Matrix> read(XmlElement d, Map<String, HwlocObject> byGpIndex, List<HwlocObject> all,
                                     Diagnostics diagnostics) {
            String n = d.attributes().getOrDefault("nbobjs", "");
            if (!n.matches("\\d{1,4}") || Integer.parseInt(n) > MAX_OBJECTS) {
                diagnostics.warning(d.line(), d.column(), "NVLinkBandwidth with nbobjs '" + n + "' skipped");
                return Optional.empty();
            }
            int count = Integer.parseInt(n);
            String[] indexes = d.children("indexes").stream().map(x -> x.text().toString()).reduce("", (x, y) -> x + " " + y)
                    .strip().split("\\s+");
            String[] words = d.children("u64values").stream().map(x -> x.text().toString())
                    .reduce("", (x, y) -> x + " " + y).strip().split("\\s+");
            if (indexes.length != count || words.length != (long) count * count) {
                diagnostics.warning(d.line(), d.column(), "NVLinkBandwidth has " + indexes.length + " objects and "
                        + words.length + " values for nbobjs=" + count + "; skipped");
                return Optional.empty();
            }
            long[] values = new long[words.length];
            for (int k = 0; k < words.length; k++) {
                if (!words[k].matches("\\d{1,18}")) {
                    diagnostics.warning(d.line(), d.column(), "NVLinkBandwidth value '" + words[k] + "' is not a number");
                    return Optional.empty();
                }
                values[k] = Long.parseLong(words[k]);
            }
            String type = d.attributes().getOrDefault("type", "");
            boolean osIndexing = "os".equals(d.attributes().get("indexing"));
            List<Optional<HwlocObject>> objects = new ArrayList<>();
            for (String index : indexes) {
                objects.add(resolve(index, type, osIndexing, byGpIndex, all));
            }
            return Optional.of(new Matrix(objects, values));
        }

        private static Optional<HwlocObject> resolve(String index, String type, boolean osIndexing,
                                                     Map<String, HwlocObject> byGpIndex, List<HwlocObject> all) {
            int colon = index.indexOf(':');
            if (colon >= 0) {
                return Optional.ofNullable(byGpIndex.get(index.substring(colon + 1)));
            }
            if (osIndexing) {
                return all.stream().filter(o -> o.type().equals(type))
                        .filter(o -> o.attribute("os_index").orElse("").equals(index)).findFirst();
            }
            return Optional.ofNullable(byGpIndex.get(index));
        }
    }
}
