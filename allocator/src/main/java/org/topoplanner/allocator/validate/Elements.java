package org.topoplanner.allocator.validate;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.topoplanner.model.cpu.CpuSet;

/** How violations name elements and lists, so every sentence reads the same. */
final class Elements {
    private Elements() {
    }

    static String gpu(String host, int index) {
        return host + "/GPU" + index;
    }

    static String nic(String host, String nic) {
        return host + "/" + nic;
    }

    static String job(String name) {
        return "job:" + name;
    }

    /** {@code GPU 3} or {@code GPUs 2,3}. */
    static String gpus(Collection<Integer> indices) {
        List<Integer> l = new ArrayList<>(indices);
        l.sort(null);
        return (l.size() == 1 ? "GPU " : "GPUs ") + join(l);
    }

    /** {@code 1 GPU}, {@code 2 GPUs}. */
    static String count(int n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    static String join(Collection<?> items) {
        return String.join(",", items.stream().map(String::valueOf).toList());
    }

    /** {@code core 4} or {@code cores 4-5,8}. */
    static String cores(CpuSet cores) {
        return (cores.size() == 1 ? "core " : "cores ") + cores;
    }

    /** {@code a}, {@code a and b}, {@code a, b and c}. */
    static String and(List<String> items) {
        if (items.size() <= 1) {
            return items.isEmpty() ? "" : items.get(0);
        }
        return String.join(", ", items.subList(0, items.size() - 1)) + " and " + items.get(items.size() - 1);
    }

    static List<String> gpuElements(String host, Collection<Integer> indices) {
        List<String> out = new ArrayList<>();
        out.add(host);
        indices.stream().sorted().forEach(i -> out.add(gpu(host, i)));
        return out;
    }
}
