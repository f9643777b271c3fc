/**
 * The allocator's public face: the policy catalog, a cluster with what runs on it, the settings a
 * policy takes and the suggestion it answers. The window and the command line reach the policies
 * through these types.
 */
package org.topoplanner.allocator;
