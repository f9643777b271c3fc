package org.topoplanner.allocator.whatif;

import java.util.List;

/** Job sizes in GPUs, grouped in powers of two: the rows of "wait by job size". */
public record SizeClass(String label, int minGpus, int maxGpus) {
    public static final List<SizeClass> ALL = List.of(new SizeClass("1", 1, 1), new SizeClass("2", 2, 2),
            new SizeClass("3-4", 3, 4), new SizeClass("5-8", 5, 8), new SizeClass("9-16", 9, 16),
            new SizeClass("17-32", 17, 32), new SizeClass("33-64", 33, 64), new SizeClass("65-128", 65, 128),
            new SizeClass("129+", 129, Integer.MAX_VALUE));

    /** The class of a job of {@code gpus} GPUs (jobs of no GPU count with the smallest). */
    public static int indexOf(int gpus) {
        for (int i = 0; i < ALL.size(); i++) {
            if (gpus <= ALL.get(i).maxGpus) {
                return i;
            }
        }
        return ALL.size() - 1;
    }
}
