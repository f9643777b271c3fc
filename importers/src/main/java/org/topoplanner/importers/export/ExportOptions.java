package org.topoplanner.importers.export;

import java.util.Objects;
import org.topoplanner.model.k8s.TopologyManagerPolicy;
import org.topoplanner.model.k8s.TopologyManagerScope;
import org.topoplanner.model.slurm.SlurmVersion;

/**
 * What the Kubernetes job exports need beyond the plan: the namespace and Kueue LocalQueue they
 * are submitted to, and the container image. The default image is NVIDIA's CUDA base image running
 * {@code nvidia-smi topo -m}, so a pod shows the GPUs and NICs it got before real work is put in.
 * {@code tmPolicy}/{@code tmScope}: the kubelet Topology Manager settings the jobs were validated under,
 * written into the kubelet configuration exactly; {@code null}: the writer recommends per node, and the
 * manifest records that choice. {@code topologyYaml}: write Slurm's {@code topology.yaml} too (it is written
 * anyway for a cluster of several named topologies). {@code slurmVersion}: the Slurm release the {@code slurm/} files
 * are written and checked for ({@link SlurmRelease}): what one release lacks (topology/block before 23.11,
 * topology.yaml before 25.05) is an error there, not a file that release refuses at start. {@code slurmTopology}:
 * the one named topology (of the cluster's topology.yaml) the {@code slurm/} files and the job scripts' switch counts
 * are written from, as the cluster's only one; {@code null}: every topology. The Kubernetes files always describe the
 * whole cluster: a Slurm topology picked for an older Slurm says nothing about the Kubernetes side.
 */
public record ExportOptions(String namespace, String queue, String image, String command,
                            TopologyManagerPolicy tmPolicy, TopologyManagerScope tmScope, boolean topologyYaml,
                            SlurmVersion slurmVersion, String slurmTopology) {
    public static final ExportOptions DEFAULT = new ExportOptions("default", "default",
            "nvcr.io/nvidia/cuda:12.4.1-base-ubuntu22.04", "nvidia-smi topo -m", null, null, false, SlurmVersion.DEFAULT,
            null);

    /** These options with the kubelet Topology Manager settings the jobs were validated under. */
    public ExportOptions withTopologyManager(TopologyManagerPolicy policy, TopologyManagerScope scope) {
        return new ExportOptions(namespace, queue, image, command, policy, scope, topologyYaml, slurmVersion, slurmTopology);
    }

    /** These options writing {@code topology.yaml} or not. */
    public ExportOptions withTopologyYaml(boolean value) {
        return new ExportOptions(namespace, queue, image, command, tmPolicy, tmScope, value, slurmVersion, slurmTopology);
    }

    /** These options writing the Slurm files for {@code release}. */
    public ExportOptions withSlurmVersion(SlurmVersion release) {
        return new ExportOptions(namespace, queue, image, command, tmPolicy, tmScope, topologyYaml, release, slurmTopology);
    }

    /** These options writing the Slurm files from the named topology {@code name} alone ({@code null}: all). */
    public ExportOptions withSlurmTopology(String name) {
        return new ExportOptions(namespace, queue, image, command, tmPolicy, tmScope, topologyYaml, slurmVersion, name);
    }

    public ExportOptions {
        Objects.requireNonNull(namespace, "namespace");
        Objects.requireNonNull(queue, "queue");
        Objects.requireNonNull(image, "image");
        Objects.requireNonNull(command, "command");
        slurmVersion = slurmVersion == null ? SlurmVersion.DEFAULT : slurmVersion;
    }
}
