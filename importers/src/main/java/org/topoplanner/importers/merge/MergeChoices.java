package org.topoplanner.importers.merge;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * What a person decided about the {@link SourceConflict}s of an earlier merge: conflict key to the
 * id of the option to use. A choice whose conflict no longer arises, or whose option is not among
 * the conflict's, is ignored, so choices survive re-merges that change other things.
 */
public record MergeChoices(Map<String, String> picks) {
    private static final MergeChoices NONE = new MergeChoices(Map.of());

    public MergeChoices {
        picks = Map.copyOf(picks);
    }

    /** The rank-based defaults everywhere. */
    public static MergeChoices none() {
        return NONE;
    }

    /** These choices with {@code conflict} answered by {@code option}. */
    public MergeChoices with(SourceConflict conflict, ConflictOption option) {
        return with(conflict.key(), option.id());
    }

    public MergeChoices with(String key, String optionId) {
        Map<String, String> next = new LinkedHashMap<>(picks);
        next.put(key, optionId);
        return new MergeChoices(next);
    }

    public Optional<String> pick(String key) {
        return Optional.ofNullable(picks.get(key));
    }
}
