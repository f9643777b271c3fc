package org.topoplanner.model.project;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import org.topoplanner.model.cpu.CpuSet;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.Job;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.HyperNode;
import org.topoplanner.model.k8s.HyperNodeMember;
import org.topoplanner.model.k8s.KubernetesSettings;
import org.topoplanner.model.k8s.KueueMode;
import org.topoplanner.model.k8s.KueueTopology;
import org.topoplanner.model.k8s.ResourceFlavor;
import org.topoplanner.model.k8s.TopologyConstraints;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.k8s.VolcanoMode;
import org.topoplanner.model.slurm.GresLine;
import org.topoplanner.model.slurm.NodeLine;
import org.topoplanner.model.slurm.SlurmSettings;
import org.topoplanner.model.slurm.SlurmTopology;
import org.topoplanner.model.fabric.Block;

/**
 * The parts of a project document besides the fabric and node insides, drawn from one {@link Random}:
 * every field of every record is sometimes set and sometimes absent, and strings include what JSON must
 * escape (quotes, backslashes, control characters, non-ASCII), so a field the codec forgets, reorders or
 * mangles shows up in the round trip.
 */
final class ProjectParts {
    /** Strings JSON must escape or that a careless writer might trim or normalise. */
    private static final List<String> AWKWARD = List.of("plain", "with space", "quote\"d", "back\\slash",
            "tab\tand\nnewline", "\u00fcnicode \u2014 \u4e2d", " lead", "trail ", "", "{\"json\":1}", "a=b,c");

    private ProjectParts() {
    }

    private static String awkward(Random r) {
        return AWKWARD.get(r.nextInt(AWKWARD.size()));
    }

    private static <T> T maybe(Random r, T value) {
        return r.nextBoolean() ? value : null;
    }

    private static <T> T pick(Random r, List<T> from) {
        return from.get(r.nextInt(from.size()));
    }

    /**
     * Jobs whose sbatch arguments use every option the planner reads (short and long, separate and
     * {@code =} forms, typed GPU counts, ranges, hostlists, {@code --switches} with a wait time) and some
     * it only keeps (options after {@code --}, unknown ones).
     */
    static List<Job> jobs(Random r, List<String> hosts) {
        int n = r.nextInt(6);
        Set<String> names = new LinkedHashSet<>();
        while (names.size() < n) {
            names.add(r.nextInt(3) == 0 ? "job " + awkward(r) + names.size() : "j" + names.size());
        }
        List<Job> jobs = new ArrayList<>();
        for (String name : names) {
            jobs.add(new Job(name, sbatch(r, hosts)));
        }
        return jobs;
    }

    private static List<String> sbatch(Random r, List<String> hosts) {
        List<List<String>> options = List.of(
                List.of("-N", String.valueOf(1 + r.nextInt(8))),
                List.of("--nodes=" + (1 + r.nextInt(2)) + "-" + (3 + r.nextInt(4))),
                List.of("-n", String.valueOf(1 + r.nextInt(64))),
                List.of("--ntasks=" + (1 + r.nextInt(64))),
                List.of("--ntasks-per-node=" + (1 + r.nextInt(8))),
                List.of("--ntasks-per-socket", String.valueOf(1 + r.nextInt(4))),
                List.of("-c", String.valueOf(1 + r.nextInt(16))),
                List.of("--cpus-per-task=" + (1 + r.nextInt(16))),
                List.of("-G", String.valueOf(1 + r.nextInt(16))),
                List.of("--gpus=" + pick(r, List.of("", "a100:", "h100:")) + (1 + r.nextInt(16))),
                List.of("--gpus-per-node=" + pick(r, List.of("", "a100:")) + (1 + r.nextInt(8))),
                List.of("--gpus-per-task", String.valueOf(1 + r.nextInt(2))),
                List.of("--gres=gpu:" + pick(r, List.of("", "h100:")) + (1 + r.nextInt(8))),
                List.of("--cpus-per-gpu=" + (1 + r.nextInt(12))),
                List.of("--switches=" + (1 + r.nextInt(3)) + pick(r, List.of("", "@0:05", "@1:00:00"))),
                List.of("--gres-flags=" + pick(r, List.of("enforce-binding", "disable-binding"))),
                List.of(pick(r, List.of("--exclusive", "--exclusive=topo", "--exclusive=user"))),
                List.of("-w", pick(r, hosts)),
                List.of("--nodelist=" + pick(r, hosts) + "," + pick(r, hosts)),
                List.of("-x", pick(r, hosts)),
                List.of("--exclude=" + pick(r, hosts)),
                List.of("-J", awkward(r)),
                List.of("--job-name=" + awkward(r)),
                List.of("--segment=" + (1 + r.nextInt(8))),
                List.of("--mem=" + (1 + r.nextInt(512)) + "G"),
                List.of("--", "--not-an-option", awkward(r)));
        List<String> out = new ArrayList<>();
        for (List<String> o : options) {
            if (r.nextInt(3) == 0) {
                out.addAll(o);
            }
        }
        return out;
    }

    /** Placements for some of the jobs, over one to three hosts, with GPUs, CPU sets, NICs per GPU and some CPU counts. */
    static List<Placement> placements(Random r, List<Job> jobs, List<String> hosts, int gpus) {
        List<Placement> out = new ArrayList<>();
        for (Job j : jobs) {
            if (r.nextInt(3) == 0) {
                continue;
            }
            List<HostAllocation> on = new ArrayList<>();
            Set<String> used = new LinkedHashSet<>();
            int count = 1 + r.nextInt(3);
            for (int k = 0; k < count; k++) {
                String host = pick(r, hosts);
                if (!used.add(host)) {
                    continue;
                }
                List<Integer> g = new ArrayList<>();
                Map<Integer, String> nics = new LinkedHashMap<>();
                for (int i = 0; i < gpus; i++) {
                    if (r.nextBoolean()) {
                        g.add(i);
                        if (r.nextBoolean()) {
                            nics.put(i, "NIC" + r.nextInt(2));
                        }
                    }
                }
                Set<Integer> cpus = new TreeSet<>();
                int c = r.nextInt(10);
                for (int i = 0; i < c; i++) {
                    cpus.add(r.nextInt(64));
                }
                HostAllocation share = new HostAllocation(host, g, CpuSet.of(List.copyOf(cpus)), nics);
                // the scheduler's own CPU count on about half the shares (at most the CPU ids it shows)
                on.add(r.nextBoolean() ? share : share.withCountedCpus(r.nextInt(cpus.size() + 1)));
            }
            out.add(new Placement(j.name(), on));
        }
        return out;
    }

    /** Node lines with every key set or absent, gres.conf lines of every shape, slurm.conf keys. */
    static SlurmSettings slurm(Random r, List<String> hosts, int gpus) {
        List<NodeLine> lines = new ArrayList<>();
        for (String h : hosts) {
            if (r.nextInt(3) == 0) {
                continue;
            }
            Map<String, String> other = new LinkedHashMap<>();
            if (r.nextBoolean()) {
                other.put("State", pick(r, List.of("UNKNOWN", "IDLE", "DRAIN")));
            }
            if (r.nextBoolean()) {
                other.put("TmpDisk", String.valueOf(r.nextInt(1 << 20)));
            }
            if (r.nextInt(4) == 0) {
                other.put("Comment", awkward(r));
            }
            lines.add(new NodeLine(h, maybe(r, 8 + r.nextInt(256)), maybe(r, 1), maybe(r, 1 + r.nextInt(4)),
                    maybe(r, 1 + r.nextInt(64)), maybe(r, 1 + r.nextInt(2)), maybe(r, (long) r.nextInt(Integer.MAX_VALUE) * 4),
                    maybe(r, "gpu:" + pick(r, List.of("", "a100:", "h100:")) + gpus), maybe(r, r.nextInt(1000)),
                    r.nextBoolean() ? List.of() : List.of("ib", pick(r, List.of("a100", "rack-" + r.nextInt(9)))),
                    maybe(r, "10.0." + r.nextInt(256) + "." + r.nextInt(256)), other));
        }
        List<GresLine> gres = new ArrayList<>();
        int g = r.nextInt(4);
        for (int i = 0; i < g; i++) {
            List<Integer> links = new ArrayList<>();
            if (r.nextBoolean()) {
                for (int k = 0; k < Math.max(1, gpus); k++) {
                    links.add(k == 0 ? -1 : r.nextInt(19));
                }
            }
            gres.add(new GresLine(r.nextBoolean() ? List.of() : List.of(pick(r, hosts), pick(r, hosts)),
                    pick(r, List.of("gpu", "mps", "shard")), maybe(r, pick(r, List.of("a100", "h100", "1g.10gb"))),
                    r.nextBoolean() ? List.of() : List.of("/dev/nvidia" + i, "/dev/nvidia" + (i + 1)),
                    maybe(r, pick(r, List.of("0-15", "16-31", "0,2,4"))), links, maybe(r, (long) r.nextInt(1 << 16)),
                    maybe(r, pick(r, List.of("CountOnly", "nvidia_gpu_env"))), maybe(r, pick(r, List.of("off", "nvml")))));
        }
        Map<String, String> keys = new LinkedHashMap<>();
        for (String[] kv : new String[][] {{"TopologyPlugin", "topology/tree"}, {"SelectType", "select/cons_tres"},
                {"SelectTypeParameters", "CR_Core_Memory"}, {"GresTypes", "gpu,mps"}, {"TopologyParam", "SwitchAsNodeRank"},
                {"SchedulerParameters", "bf_continue,max_switch_wait=300"}, {"ClusterName", awkward(r)}}) {
            if (r.nextBoolean()) {
                keys.put(kv[0], kv[1]);
            }
        }
        List<SlurmTopology> topologies = new ArrayList<>();
        if (r.nextBoolean() && !hosts.isEmpty()) {
            // topology.yaml: a tree over the hosts, blocks of them, a flat one; a partition bound to the blocks
            int half = Math.max(1, hosts.size() / 2);
            String name = awkward(r);
            topologies.add(new SlurmTopology.Tree(name.isBlank() ? "fabric" : name, r.nextBoolean(), List.of(
                    new SlurmTopology.SwitchLine("top", List.of("leafA"), List.of()),
                    new SlurmTopology.SwitchLine("leafA", List.of(), hosts))));
            topologies.add(new SlurmTopology.BlockLayout("blocks", false, r.nextBoolean() ? List.of() : List.of(half),
                    List.of(new Block("b1", hosts.subList(0, half)), new Block("b2", hosts.subList(half, hosts.size())))));
            topologies.add(new SlurmTopology.Flat("flat", false, r.nextBoolean()));
            keys.put("PartitionName.blk", "Nodes=ALL Topology=blocks");
        }
        return new SlurmSettings(lines, gres, keys, topologies);
    }

    /** HyperNodes with each kind of member, Kueue topologies and flavors, node labels. */
    static KubernetesSettings kubernetes(Random r, List<String> hosts, int leaves) {
        if (r.nextInt(4) == 0) {
            return KubernetesSettings.empty();
        }
        List<HyperNode> hyperNodes = new ArrayList<>();
        for (int l = 0; l < leaves; l++) {
            if (r.nextBoolean()) {
                continue;
            }
            List<HyperNodeMember> members = new ArrayList<>();
            switch (r.nextInt(3)) {
                case 0 -> members.add(HyperNodeMember.exactNode(pick(r, hosts)));
                case 1 -> members.add(new HyperNodeMember("Node", null, "^n0[0-9]+$", null));
                default -> members.add(new HyperNodeMember("Node", null, null,
                        Map.of("topoplanner.org/leaf", "leaf" + l, "zone", awkward(r))));
            }
            hyperNodes.add(new HyperNode("hn-leaf" + l, 1, maybe(r, "leaf"), members));
        }
        if (!hyperNodes.isEmpty() && r.nextBoolean()) {
            hyperNodes.add(new HyperNode("hn-spine", 2, maybe(r, "spine"),
                    hyperNodes.stream().map(h -> HyperNodeMember.exactHyperNode(h.name())).toList()));
        }
        List<KueueTopology> topologies = new ArrayList<>();
        if (r.nextBoolean()) {
            topologies.add(new KueueTopology("default", List.of("topoplanner.org/spine", "topoplanner.org/leaf",
                    "kubernetes.io/hostname")));
        }
        if (r.nextInt(3) == 0) {
            topologies.add(new KueueTopology("flat " + awkward(r), List.of("kubernetes.io/hostname")));
        }
        List<ResourceFlavor> flavors = new ArrayList<>();
        if (r.nextBoolean()) {
            flavors.add(new ResourceFlavor("gpu-nodes", Map.of("nvidia.com/gpu.present", "true", "pool", awkward(r)),
                    topologies.isEmpty() ? null : topologies.get(0).name()));
        }
        if (r.nextBoolean()) {
            flavors.add(new ResourceFlavor("any", Map.of(), null));
        }
        Map<String, Map<String, String>> labels = new LinkedHashMap<>();
        for (String h : hosts) {
            if (r.nextInt(3) == 0) {
                Map<String, String> l = new LinkedHashMap<>();
                l.put("kubernetes.io/hostname", h);
                l.put("topoplanner.org/leaf", "leaf" + r.nextInt(Math.max(1, leaves)));
                if (r.nextBoolean()) {
                    l.put("note", awkward(r));
                }
                labels.put(h, l);
            }
        }
        return new KubernetesSettings(hyperNodes, topologies, flavors, labels);
    }

    /** A view: nothing, a host or a switch selected; any zoom and centre; every policy and theme. */
    static ViewState view(Random r, List<String> hosts, int leaves) {
        String selection = switch (r.nextInt(3)) {
            case 0 -> null;
            case 1 -> pick(r, hosts);
            default -> "leaf" + r.nextInt(leaves);
        };
        double zoom = Math.exp(r.nextGaussian() * 2);
        String policy = pick(r, List.of("planner", "slurm-tree", "slurm-block", "k8s-default", "kueue", "volcano"));
        String theme = pick(r, List.of("light", "dark"));
        return new ViewState(selection, zoom, r.nextGaussian() * 1e4, -r.nextDouble() * 1e3 + 0.1, policy, theme,
                r.nextBoolean() ? null : policySettings(r, leaves));
    }

    /** Policy settings: any release text or none, every Topology Manager value, any Volcano and Kueue setting. */
    static PolicySettings policySettings(Random r, int leaves) {
        TopologyConstraints t = TopologyConstraints.NONE;
        if (r.nextBoolean()) {
            t = t.withVolcano(pick(r, List.of(VolcanoMode.values())), r.nextBoolean() ? null : 1 + r.nextInt(3));
        }
        KueueMode mode = pick(r, List.of(KueueMode.values()));
        t = t.withKueue(mode, mode.takesLevel() ? "topoplanner.org/tier-" + (1 + r.nextInt(Math.max(1, leaves))) : null);
        return new PolicySettings(pick(r, java.util.Arrays.asList(org.topoplanner.model.slurm.SlurmVersion.V22_05,
                        org.topoplanner.model.slurm.SlurmVersion.V24_11, org.topoplanner.model.slurm.SlurmVersion.V26_05, null)),
                pick(r, List.of(TopologyManagerPolicy.values())), pick(r, List.of(TopologyManagerScope.values())), t);
    }
}
