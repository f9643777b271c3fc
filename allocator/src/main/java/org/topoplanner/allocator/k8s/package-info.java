/**
 * The {@code k8s-default} policy: kube-scheduler's filters and scores for GPU nodes, then what each
 * node's kubelet does at admission (Topology Manager with its hint providers: CPU, Memory and
 * Device Managers), after the Kubernetes sources named in each class.
 */
package org.topoplanner.allocator.k8s;
