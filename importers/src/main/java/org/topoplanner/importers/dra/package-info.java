/**
 * Kubernetes Dynamic Resource Allocation documents in and out: ResourceSlices, ResourceClaims and
 * their templates, DeviceClasses ({@code resource.k8s.io/v1}) and NVIDIA ComputeDomains read into
 * {@link org.topoplanner.model.dra.DraObjects}; per-job ResourceClaimTemplates and ComputeDomains written.
 */
package org.topoplanner.importers.dra;
