/** The domain of TopoPlanner: fabric, node topology, cluster, jobs and placements. */
package org.topoplanner.model;
