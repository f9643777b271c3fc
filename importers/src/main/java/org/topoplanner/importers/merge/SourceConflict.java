package org.topoplanner.importers.merge;

import java.util.List;

/**
 * A point where sources disagree and the merge had to take one side. The merge takes the richer
 * source by default ({@link SourceRank}); a {@link MergeChoices} entry under {@link #key()} naming
 * one of the {@link #options()} makes the next merge of the same sources take that one instead.
 * The diagnostics still report every disagreement; a conflict is what a person can decide.
 */
public sealed interface SourceConflict permits FabricConflict, NodeInsideConflict, HostPresenceConflict {
    /** Identifies the conflict across merges of the same sources, whatever was chosen. */
    String key();

    /** What the sources disagree on, for a person ("node inside of 32 hosts: node01, ..."). */
    String subject();

    /** The answers, the default (the richest source, or keeping hosts) first. */
    List<ConflictOption> options();

    /** The id of the option the merge used. */
    String chosen();

    default ConflictOption chosenOption() {
        return options().stream().filter(o -> o.id().equals(chosen())).findFirst().orElseThrow();
    }

    /** Whether the merge used the default rather than a choice. */
    default boolean isDefault() {
        return options().get(0).id().equals(chosen());
    }
}
