/**
 * What the Kubernetes side says about locality: Volcano HyperNodes, Kueue Topologies and
 * ResourceFlavors, Kueue TAS requests, gathered in the cluster's Kubernetes settings.
 */
package org.topoplanner.model.k8s;
