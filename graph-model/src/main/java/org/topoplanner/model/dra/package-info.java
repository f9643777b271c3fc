/**
 * Kubernetes Dynamic Resource Allocation ({@code resource.k8s.io/v1}) as the planner needs it:
 * devices published in ResourceSlices, the requests and constraints of ResourceClaims and their
 * templates, DeviceClasses, and NVIDIA ComputeDomains. Plain records; reading is in the importers,
 * the allocation emulation in the allocator.
 */
package org.topoplanner.model.dra;
