package org.topoplanner.model.k8s;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * One value of a kubelet option that takes a fixed set of spellings, such as
 * {@code --topology-manager-policy} or {@code --topology-manager-scope}. The enums of those options
 * implement it so that they spell, read and list their values the same way the kubelet does.
 */
public interface KubeletOptionValue {

    /** The enum constant's name. */
    String name();

    /**
     * The spelling of the value on the kubelet's command line and in {@code KubeletConfiguration}: the
     * constant's name in lower case with hyphens for underscores ({@code SINGLE_NUMA_NODE} is
     * {@code single-numa-node}), which is how the kubelet spells every value of these options.
     */
    default String flag() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Every spelling of {@code values}, in their order (for messages: "must be one of ..."). */
    static List<String> flags(KubeletOptionValue[] values) {
        return Arrays.stream(values).map(KubeletOptionValue::flag).toList();
    }

    /** The value spelled {@code text}, exactly as the kubelet reads it (case matters); empty for anything else. */
    static <V extends KubeletOptionValue> Optional<V> parse(V[] values, String text) {
        String spelling = text == null ? "" : text.strip();
        return Arrays.stream(values).filter(v -> v.flag().equals(spelling)).findFirst();
    }
}
