/**
 * The {@code planner} policy: the exact optimum of the objective below.
 *
 * <p>{@link org.topoplanner.allocator.planner.PlannerPolicy} takes, among all placements that honour
 * the request, the one with the smallest {@link org.topoplanner.allocator.planner.Score} (a vector
 * compared lexicographically; {@link org.topoplanner.allocator.planner.Objective} scores any
 * placement the same way, so other policies and hand-made placements can be compared with it):
 *
 * <ol>
 * <li>the highest tier the job spans;</li>
 * <li>the domains it touches per tier, from the top down (fewest spines, then fewest leaves);</li>
 * <li>fragmentation, per tier from the top and then per node: wholly idle domains and nodes it
 *     leaves partly used, then the usable hosts (GPUs, on nodes) it leaves in what it touches
 *     (best fit);</li>
 * <li>node weight;</li>
 * <li>per node, the GPU subset quality of {@link org.topoplanner.allocator.planner.NodeFit}.</li>
 * </ol>
 *
 * <p>Tiers and domains are those of {@link org.topoplanner.allocator.FabricDomains}: switches with the
 * same hosts below are one domain, so fat-tree pods, ECMP spine groups and rail-optimised units
 * (hosts cabled to every rail leaf of their unit) count once; a host on leaves of different domains
 * counts under the first; jobs never span separate roots or hosts no switch reaches.
 *
 * <p>Search: {@link org.topoplanner.allocator.planner.TreeSearch} (dynamic programming over the
 * domain tree, branch and bound over candidate lowest common domains) and NodeFit (every GPU subset).
 * Both are checked against brute force by property tests.
 *
 * <p>Under Slurm (no Kubernetes setting in force) the optimum is held against what {@code slurm-tree} of the
 * chosen release does on the same state ({@link org.topoplanner.allocator.planner.SlurmAgreement}): nothing Slurm
 * does not start is placed, and nothing Slurm starts is placed on more leaves than Slurm's placement.
 */
package org.topoplanner.allocator.planner;
