/**
 * The policy catalog: every placement policy by its {@link org.topoplanner.allocator.catalog.PolicyId},
 * what each honours of the settings ({@link org.topoplanner.allocator.catalog.Honours}), the typed
 * {@link org.topoplanner.allocator.catalog.PolicyChoice} the window and the command line hold, and the
 * scheduler levels a cluster offers. It is the one door from {@code app} to the policies' packages, and
 * sits above them so that the allocator's top package (the policy contract and the cluster state) depends
 * on none of them.
 */
package org.topoplanner.allocator.catalog;
