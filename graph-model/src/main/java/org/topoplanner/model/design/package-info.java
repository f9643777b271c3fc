/**
 * Designs a cluster from parameters (fat tree or rail-optimised fabric, node template), for New
 * cluster… and the benchmarks' synthetic fabrics.
 */
package org.topoplanner.model.design;
