package org.topoplanner.importers.dra;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.nvlink.NvlinkDomain;
import org.topoplanner.model.nvlink.NvlinkDomains;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Placement;

/**
 * Writes, for one placed job, the DRA documents that ask Kubernetes for what was planned.
 *
 * <ul>
 *   <li>One {@code resource.k8s.io/v1} ResourceClaimTemplate per distinct set of GPUs and NICs among
 *       the job's hosts (one when every host uses the same indices, as plans usually do). Each planned
 *       GPU is its own request {@code gpu-<index>} of class {@value #GPU_CLASS} selecting the NVIDIA
 *       driver's {@code index} attribute; each planned NIC is a request {@code nic-<n>} of class
 *       {@value #NIC_CLASS}; a constraint per NIC puts it and the GPUs that use it on one PCIe root
 *       ({@value #PCIE_ROOT}). One constraint per NIC, not one for all: the GPUs of an HGX node sit
 *       under several roots.</li>
 *   <li>For a job on more than one host whose hosts all lie in one multi-node NVLink domain (a clique
 *       of {@code nvidia-smi -q} or GFD labels, a designed rack, or a block as topograph and Slurm's
 *       block topology describe them), an NVIDIA ComputeDomain
 *       ({@code resource.nvidia.com/v1beta1}) with {@code numNodes} = the host count, whose channel
 *       template {@code <job>-channel} the pods claim beside the GPU template.</li>
 * </ul>
 */
public final class DraClaimWriter {
    public static final String GPU_CLASS = "gpu.nvidia.com";
    /** The DeviceClass of RDMA NICs published by a NIC DRA driver (dranet's name; change to your cluster's). */
    public static final String NIC_CLASS = "dranet";
    public static final String PCIE_ROOT = "resource.kubernetes.io/pcieRoot";

    private DraClaimWriter() {
    }

    /** The YAML documents for {@code placement} on a fabric whose blocks are its NVLink domains. */
    public static String write(Placement placement, Fabric fabric) {
        return write(placement, NvlinkDomains.none().withBlocks(fabric));
    }

    /**
     * The YAML documents for {@code placement} (several, separated by {@code ---}) on a cluster: its NVLink
     * domains ({@link Cluster#nvlinkDomains()}: the cliques the sources name, then the fabric's blocks)
     * decide whether the job gets a ComputeDomain.
     */
    public static String write(Placement placement, Cluster cluster) {
        return write(placement, cluster.nvlinkDomains());
    }

    private static String write(Placement placement, NvlinkDomains domains) {
        String job = dnsName(placement.job());
        Map<String, HostAllocation> shapes = new LinkedHashMap<>();
        for (HostAllocation h : placement.hosts()) {
            shapes.putIfAbsent(h.gpus() + "|" + h.nicByGpu(), h);
        }
        List<String> docs = new ArrayList<>();
        int n = 0;
        for (Map.Entry<String, HostAllocation> e : shapes.entrySet()) {
            String name = shapes.size() == 1 ? job + "-gpus" : job + "-gpus-" + (++n);
            List<String> hosts = placement.hosts().stream()
                    .filter(h -> (h.gpus() + "|" + h.nicByGpu()).equals(e.getKey())).map(HostAllocation::host).toList();
            docs.add(template(name, e.getValue(), hosts));
        }
        if (placement.hosts().size() > 1) {
            sharedDomain(placement, domains).ifPresent(d -> docs.add(computeDomain(job, d, placement.hosts().size())));
        }
        return String.join("---\n", docs);
    }

    private static java.util.Optional<NvlinkDomain> sharedDomain(Placement p, NvlinkDomains domains) {
        return domains.all().stream().filter(d -> d.hosts().containsAll(p.hostNames())).findFirst();
    }

    private static String template(String name, HostAllocation h, List<String> hosts) {
        StringBuilder y = new StringBuilder();
        y.append("# for ").append(String.join(",", hosts)).append(": GPUs ").append(h.gpus())
                .append(h.nicByGpu().isEmpty() ? "" : ", NICs " + new TreeMap<>(h.nicByGpu())).append('\n');
        y.append("apiVersion: resource.k8s.io/v1\nkind: ResourceClaimTemplate\nmetadata:\n  name: ").append(name)
                .append("\nspec:\n  spec:\n    devices:\n      requests:\n");
        for (int gpu : h.gpus()) {
            y.append("      - name: gpu-").append(gpu).append('\n')
                    .append("        exactly:\n          deviceClassName: ").append(GPU_CLASS).append('\n')
                    .append("          allocationMode: ExactCount\n          count: 1\n")
                    .append("          selectors:\n          - cel:\n              expression: 'device.attributes[\"")
                    .append(GPU_CLASS).append("\"].index == ").append(gpu).append("'\n");
        }
        Map<String, List<Integer>> gpusOfNic = new TreeMap<>();
        h.nicByGpu().forEach((gpu, nic) -> {
            if (h.gpus().contains(gpu)) {
                gpusOfNic.computeIfAbsent(nic, k -> new ArrayList<>()).add(gpu);
            }
        });
        List<String> nicRequests = new ArrayList<>();
        for (String nic : gpusOfNic.keySet()) {
            String r = "nic-" + dnsName(nic);
            nicRequests.add(r);
            y.append("      - name: ").append(r).append('\n')
                    .append("        exactly:\n          deviceClassName: ").append(NIC_CLASS).append('\n')
                    .append("          allocationMode: ExactCount\n          count: 1\n");
        }
        if (!gpusOfNic.isEmpty()) {
            y.append("      constraints:\n");
            int i = 0;
            for (Map.Entry<String, List<Integer>> e : gpusOfNic.entrySet()) {
                y.append("      - requests:\n");
                for (int gpu : e.getValue()) {
                    y.append("        - gpu-").append(gpu).append('\n');
                }
                y.append("        - ").append(nicRequests.get(i++)).append('\n');
                y.append("        matchAttribute: ").append(PCIE_ROOT).append('\n');
            }
        }
        return y.toString();
    }

    private static String computeDomain(String job, NvlinkDomain domain, int hosts) {
        String clique = domain.cliqueId() == null ? "" : " (nvidia.com/gpu.clique=" + domain.name() + ")";
        return "# " + hosts + " hosts of NVLink domain " + domain.name() + clique + ": pods also claim template "
                + job + "-channel\n"
                + "apiVersion: resource.nvidia.com/v1beta1\nkind: ComputeDomain\nmetadata:\n  name: " + job + "-domain\n"
                + "spec:\n  numNodes: " + hosts + "\n  channel:\n    resourceClaimTemplate:\n      name: " + job + "-channel\n";
    }

    /** A Kubernetes object name: lower case, [a-z0-9-], starting and ending alphanumeric, at most 50 characters. */
    static String dnsName(String s) {
        String t = s.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9-]+", "-").replaceAll("^-+|-+$", "");
        if (t.length() > 50) {
            t = t.substring(0, 50).replaceAll("-+$", "");
        }
        return t.isEmpty() ? "job" : t;
    }
}
