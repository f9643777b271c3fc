package org.topoplanner.model.k8s;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * One value of a kubelet option that takes a fixed set of spellings, such as
 * {@code --topology-manager-policy} or {@code --topology-manager-scope}. The enums of those options
 * implement it so that they read and list their spellings the same way the kubelet does.
 */
public interface KubeletOptionValue {

    /** The spelling of the value on the kubelet's command line and in {@code KubeletConfiguration}. */
    String flag();

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
