package org.topoplanner.model.k8s;

import java.util.List;
import java.util.Objects;

/** A Volcano {@code HyperNode} ({@code topology.volcano.sh/v1alpha1}): a tier and its members. */
public record HyperNode(String name, int tier, String tierName, List<HyperNodeMember> members) {
    public HyperNode {
        Objects.requireNonNull(name, "name");
        members = List.copyOf(members);
    }
}
