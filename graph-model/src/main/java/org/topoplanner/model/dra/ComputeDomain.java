package org.topoplanner.model.dra;

/**
 * An NVIDIA ComputeDomain ({@code resource.nvidia.com/v1beta1}): a multi-node NVLink (IMEX) domain
 * for one workload, whose pods join it through the ResourceClaimTemplate it generates.
 */
public record ComputeDomain(String name, String namespace, int numNodes, String claimTemplateName) {
}
