/**
 * The Kubernetes DRA allocator's choice, emulated: which devices of a node a ResourceClaim gets
 * ({@link org.topoplanner.allocator.dra.DraAllocator}), with selectors in a documented CEL subset
 * ({@link org.topoplanner.allocator.dra.CelSelector}), and the check of a planned placement
 * against a claim ({@link org.topoplanner.allocator.dra.ClaimPlacementCheck}).
 */
package org.topoplanner.allocator.dra;
