package org.topoplanner.importers.export;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.UncheckedIOException;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.topoplanner.importers.k8s.LabelSyntax;
import org.topoplanner.model.cluster.Cluster;
import org.topoplanner.model.job.ContainerSpec;
import org.topoplanner.model.job.HostAllocation;
import org.topoplanner.model.job.KubeQuantity;
import org.topoplanner.model.job.NodeSize;
import org.topoplanner.model.job.PodShape;
import org.topoplanner.model.job.Placement;
import org.topoplanner.model.k8s.VolcanoMode;
import org.topoplanner.model.node.NodeTopology;
import org.topoplanner.model.node.NumaNode;

/**
 * Writes a placed job for Kubernetes, one pod per planned node holding that node's planned GPUs and CPUs:
 * <ul>
 *   <li>{@code k8s/jobs/<job>.yaml}: a batch/v1 {@code Job} for one node, a JobSet
 *       ({@code jobset.x-k8s.io/v1alpha2}) for several, queued in Kueue ({@code kueue.x-k8s.io/queue-name})
 *       with {@code kueue.x-k8s.io/podset-required-topology} on the pod template naming the smallest level of
 *       the exported Kueue Topology that holds all planned nodes ({@link PlacementDomain});</li>
 *   <li>{@code k8s/jobs/<job>.volcano.yaml}: a Volcano {@code Job} ({@code batch.volcano.sh/v1alpha1}) with
 *       {@code networkTopology: {mode: hard, highestTierAllowed: N}}, N that domain's HyperNode tier.</li>
 * </ul>
 * Both pin the nodes with a required node affinity on {@code kubernetes.io/hostname}. Given the job's pod
 * shape ({@link org.topoplanner.model.job.SbatchToPods}) they write exactly it: its pods, its containers with
 * their own requests (whole-node pods ask for the node's allocatable), a required pod anti-affinity only for
 * one pod per node, its gang as Volcano's {@code minAvailable}, its Kueue slices. Without one (no request
 * in the plan) they keep one pod per node with a required pod anti-affinity. Requests equal limits, so pods are Guaranteed and the kubelet's
 * Topology Manager aligns them: the planned GPUs; the planned CPU count; memory in proportion to the
 * node's GPUs, less the kubelet's memory reservation. NCCL/UCX devices are set when every node's ranks use the same
 * NICs (one pod template serves all nodes).
 */
final class KubernetesJobWriter {
    private static final JsonNodeFactory F = JsonNodeFactory.instance;
    private static final YAMLMapper YAML = YAMLMapper.builder().enable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
            .disable(YAMLGenerator.Feature.MINIMIZE_QUOTES).build();
    static final String GPU_RESOURCE = "nvidia.com/gpu";
    static final String QUEUE_LABEL = "kueue.x-k8s.io/queue-name";
    static final String REQUIRED = "kueue.x-k8s.io/podset-required-topology";
    static final String SLICE_REQUIRED = "kueue.x-k8s.io/podset-slice-required-topology";
    static final String SLICE_SIZE = "kueue.x-k8s.io/podset-slice-size";
    static final String RDMA_RESOURCE = "rdma/hca";

    private final Cluster cluster;
    private final ExportOptions options;

    KubernetesJobWriter(Cluster cluster, ExportOptions options) {
        this.cluster = cluster;
        this.options = options;
    }

    static String objectName(String job) {
        return LabelSyntax.toObjectName(job);
    }

    /**
     * The Kueue workload: a Job for one pod, a JobSet for several. With a pod shape ({@code null}: one pod
     * per planned node, as the placement holds it) it has exactly the shape's pods and containers, and its
     * slices as {@code podset-slice-required-topology} / {@code podset-slice-size}.
     */
    String kueue(Placement p, PlacementDomain domain, PodShape shape) {
        String name = objectName(p.job());
        ObjectNode pod = F.objectNode();
        if (domain.level() != null || (shape != null && shape.sliceSize() != null)) {
            ObjectNode annotations = pod.putObject("metadata").putObject("annotations");
            if (domain.level() != null) {
                annotations.put(REQUIRED, domain.level());
            }
            if (shape != null && shape.sliceSize() != null) {
                annotations.put(SLICE_REQUIRED, shape.sliceLevel()).put(SLICE_SIZE, String.valueOf(shape.sliceSize()));
            }
        }
        pod.set("spec", podSpec(p, "jobset.sigs.k8s.io/jobset-name", name, shape));
        ObjectNode jobSpec = F.objectNode();
        int pods = shape == null ? p.hosts().size() : shape.pods();
        jobSpec.put("parallelism", pods).put("completions", pods).put("completionMode", "Indexed")
                .put("backoffLimit", 0);
        jobSpec.set("template", pod);
        ObjectNode doc = F.objectNode();
        if (pods == 1) {
            doc.put("apiVersion", "batch/v1").put("kind", "Job");
            doc.set("metadata", metadata(name, true));
            doc.set("spec", jobSpec);
        } else {
            doc.put("apiVersion", "jobset.x-k8s.io/v1alpha2").put("kind", "JobSet");
            doc.set("metadata", metadata(name, true));
            ObjectNode rj = doc.putObject("spec").putArray("replicatedJobs").addObject();
            rj.put("name", "ranks").put("replicas", 1);
            rj.putObject("template").set("spec", jobSpec);
        }
        return header(p, "Kueue") + yaml(doc);
    }

    /** The Volcano Job; with a pod shape, its pods as tasks and its gang as {@code minAvailable}. */
    String volcano(Placement p, PlacementDomain domain, PodShape shape) {
        String name = objectName(p.job());
        int pods = shape == null ? p.hosts().size() : shape.pods();
        int gang = shape == null ? pods : shape.gang();
        ObjectNode doc = F.objectNode();
        doc.put("apiVersion", "batch.volcano.sh/v1alpha1").put("kind", "Job");
        doc.set("metadata", metadata(name, false));
        ObjectNode spec = doc.putObject("spec");
        spec.put("schedulerName", "volcano").put("queue", "default").put("minAvailable", gang);
        if (domain.tier() >= 0) {
            spec.putObject("networkTopology").put("mode", VolcanoMode.HARD.word()).put("highestTierAllowed", Math.max(1, domain.tier()));
        }
        ObjectNode task = spec.putArray("tasks").addObject();
        task.put("name", "rank").put("replicas", pods);
        ObjectNode podSpec = podSpec(p, "volcano.sh/job-name", name, shape);
        task.putObject("template").set("spec", podSpec);
        return header(p, "Volcano") + yaml(doc);
    }

    private String header(Placement p, String scheduler) {
        return "# " + scheduler + " workload for job " + p.job() + " of cluster " + cluster.name()
                + ", written by TopoPlanner: one pod per planned node\n# ("
                + p.hosts().stream().map(h -> h.host() + " GPUs " + h.gpus()).collect(Collectors.joining(", "))
                + ").\n";
    }

    private ObjectNode metadata(String name, boolean queued) {
        ObjectNode m = F.objectNode();
        m.put("name", name).put("namespace", options.namespace());
        if (queued) {
            m.putObject("labels").put(QUEUE_LABEL, options.queue());
        }
        return m;
    }

    private ObjectNode podSpec(Placement p, String podLabel, String name, PodShape shape) {
        ObjectNode spec = F.objectNode();
        spec.put("restartPolicy", "Never");
        int pods = shape == null ? p.hosts().size() : shape.pods();
        boolean onePerNode = shape == null || shape.onePerNode();
        spec.set("affinity", affinity(p, onePerNode && pods > 1 ? podLabel : null, name));
        if (shape == null) {
            ObjectNode c = spec.putArray("containers").addObject();
            placementContainer(p, c);
            return spec;
        }
        ArrayNode containers = spec.putArray("containers");
        List<ContainerSpec> specs = shape.containers();
        Set<String> hcas = sameNics(p);
        for (int i = 0; i < specs.size(); i++) {
            ObjectNode c = containers.addObject();
            c.put("name", specs.size() == 1 ? "rank" : "rank-" + i).put("image", options.image());
            c.putArray("command").add("sh").add("-c").add(options.command());
            if (hcas != null && !hcas.isEmpty()) {
                ArrayNode env = c.putArray("env");
                env.addObject().put("name", "NCCL_IB_HCA").put("value", "=" + String.join(",", hcas));
                env.addObject().put("name", "UCX_NET_DEVICES").put("value", String.join(",", hcas));
            }
            ContainerSpec cs = specs.get(i);
            ObjectNode requests = F.objectNode();
            if (cs.gpus() > 0) {
                requests.put(GPU_RESOURCE, cs.gpus());
            }
            if (cs.cpus() > 0) {
                requests.put("cpu", String.valueOf(cs.cpus()));
            }
            if (cs.memMiB() > 0) {
                requests.put("memory", KubeQuantity.format(cs.memMiB()));
            }
            if (cs.hugepagesMiB() > 0) {
                requests.put("hugepages-2Mi", KubeQuantity.format(cs.hugepagesMiB()));
            }
            if (cs.rdma() > 0) {
                requests.put(RDMA_RESOURCE, cs.rdma());
            }
            ObjectNode resources = c.putObject("resources");
            resources.set("limits", requests.deepCopy());
            resources.set("requests", requests);
        }
        return spec;
    }

    /** The one container of a pod that holds what the placement's first node holds. */
    private void placementContainer(Placement p, ObjectNode c) {
        c.put("name", "rank").put("image", options.image());
        c.putArray("command").add("sh").add("-c").add(options.command());
        Set<String> hcas = sameNics(p);
        if (hcas != null && !hcas.isEmpty()) {
            ArrayNode env = c.putArray("env");
            String list = String.join(",", hcas);
            env.addObject().put("name", "NCCL_IB_HCA").put("value", "=" + list);
            env.addObject().put("name", "UCX_NET_DEVICES").put("value", list);
        }
        HostAllocation first = p.hosts().get(0);
        ObjectNode requests = F.objectNode();
        if (!first.gpus().isEmpty()) {
            requests.put(GPU_RESOURCE, first.gpus().size());
        }
        int cpus = podCpus(cluster.node(first.host()), first);
        if (cpus > 0) {
            requests.put("cpu", String.valueOf(cpus));
        }
        long memory = memoryGi(cluster.node(first.host()), first);
        if (memory > 0) {
            requests.put("memory", memory + "Gi");
        }
        ObjectNode resources = c.putObject("resources");
        resources.set("limits", requests.deepCopy());
        resources.set("requests", requests);
    }

    /**
     * What a whole-node pod asks for on {@code node}: every GPU, CPU thread and RDMA NIC, and the node's
     * memory less the kubelet's reservation (as {@link #memoryGi} counts it).
     */
    static NodeSize allocatable(NodeTopology node) {
        long total = node.numa().stream().mapToLong(NumaNode::memoryMiB).sum();
        int threads = node.coreList().stream().mapToInt(c -> c.pus().toList().size()).sum();
        return new NodeSize(node.gpus().size(), threads, Math.max(0, total - 1124), node.nics().size());
    }

    /** Required node affinity on the planned hosts; with a pod label, a required anti-affinity per node. */
    private static ObjectNode affinity(Placement p, String podLabel, String name) {
        ObjectNode a = F.objectNode();
        ArrayNode values = a.putObject("nodeAffinity").putObject("requiredDuringSchedulingIgnoredDuringExecution")
                .putArray("nodeSelectorTerms").addObject().putArray("matchExpressions").addObject()
                .put("key", PlacementDomain.HOSTNAME).put("operator", "In").putArray("values");
        p.hostNames().forEach(values::add);
        if (podLabel != null && p.hosts().size() > 1) {
            ObjectNode term = a.putObject("podAntiAffinity").putArray("requiredDuringSchedulingIgnoredDuringExecution")
                    .addObject();
            term.putObject("labelSelector").putObject("matchLabels").put(podLabel, name);
            term.put("topologyKey", PlacementDomain.HOSTNAME);
        }
        return a;
    }

    /** The NICs of every node's ranks when they are the same on every node; else {@code null}. */
    private Set<String> sameNics(Placement p) {
        Set<Set<String>> perHost = new LinkedHashSet<>();
        for (HostAllocation h : p.hosts()) {
            Set<String> mine = new LinkedHashSet<>();
            RankBindings.of(cluster, new Placement(p.job(), List.of(h))).stream().map(RankBinding::hca)
                    .filter(java.util.Objects::nonNull).forEach(mine::add);
            perHost.add(mine);
        }
        return perHost.size() == 1 ? perHost.iterator().next() : null;
    }

    /**
     * The planned CPU count, exactly: a pod of CPUs 0-15 asks {@code cpu: "16"}. (Subtracting the CPUs the
     * exported kubelet configuration reserves would ask for fewer CPUs than the plan validated.)
     */
    static int podCpus(NodeTopology node, HostAllocation h) {
        return h.cpus().size();
    }

    /** The node's memory less the kubelet reservation, in proportion to the planned GPUs, in whole GiB. */
    static long memoryGi(NodeTopology node, HostAllocation h) {
        long total = node.numa().stream().mapToLong(NumaNode::memoryMiB).sum();
        int gpus = node.gpus().size();
        if (total <= 0 || gpus == 0 || h.gpus().isEmpty()) {
            return 0;
        }
        long usable = total - 1124;
        return usable * h.gpus().size() / gpus / 1024;
    }

    private static String yaml(ObjectNode doc) {
        try {
            return YAML.writeValueAsString(doc);
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
