package org.topoplanner.model.node;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Whether a GPU model answers a requested GPU type ({@code --gpus=h100:8}) when no {@code gres.conf}
 * gives types: the type is the whole model name, or a run of its words, case aside; words are split
 * at blanks, {@code -} and {@code _}. {@code h100} and {@code h100-80gb} answer
 * {@code NVIDIA H100 80GB HBM3}; {@code a100} answers {@code A100-SXM4-80GB}; {@code 80}, {@code 100}
 * or {@code -8} answer nothing (a substring is not a type).
 */
public final class GpuTypeMatch {
    private GpuTypeMatch() {
    }

    public static boolean answers(String model, String type) {
        if (model == null || type == null) {
            return false;
        }
        if (model.equalsIgnoreCase(type)) {
            return true;
        }
        List<String> m = words(model);
        List<String> t = words(type);
        if (t.isEmpty() || t.size() > m.size()) {
            return false;
        }
        for (int i = 0; i + t.size() <= m.size(); i++) {
            if (m.subList(i, i + t.size()).equals(t)) {
                return true;
            }
        }
        return false;
    }

    private static List<String> words(String s) {
        return Arrays.stream(s.toLowerCase(Locale.ROOT).split("[\\s_-]+")).filter(w -> !w.isEmpty()).toList();
    }
}
