/**
 * Kubernetes inputs and outputs: node labels (plain, {@code kubectl get nodes}, {@code kubectl
 * describe}), Volcano HyperNodes, Kueue Topologies and TAS annotations, kubelet configurations;
 * read through a YAML layer that keeps the line and column of every value and builds no Java object
 * from the text.
 */
package org.topoplanner.importers.k8s;
