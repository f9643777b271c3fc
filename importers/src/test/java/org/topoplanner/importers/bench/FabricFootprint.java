package org.topoplanner.importers.bench;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.topoplanner.importers.SourceText;
import org.topoplanner.importers.ibnet.IbnetdiscoverReader;
import org.topoplanner.model.fabric.Fabric;

/**
 * Prints the heap an imported fabric keeps alive (heap used after a full GC with the fabric held,
 * minus without it), per host and per cable, for fabrics of growing size, to show that memory
 * grows in proportion to the fabric. Run with {@code -Pjmh}; skips fabrics not on this machine.
 */
public final class FabricFootprint {
    private FabricFootprint() {
    }

    public static void main(String[] args) throws IOException {
        MemoryMXBean memory = ManagementFactory.getMemoryMXBean();
        for (String name : List.of("ft2-2048", "ft3-4096", "ft3-16384")) {
            Path file = IbnetdiscoverImportBenchmark.SHARED.resolve(name + ".ibnetdiscover");
            if (!Files.isReadable(file)) {
                System.out.println("skipped: " + file + " is not on this machine");
                continue;
            }
            SourceText source = SourceText.read(file);
            long before = settledHeap(memory);
            Fabric fabric = new IbnetdiscoverReader().read(source).part().fabric();
            long after = settledHeap(memory);
            long retained = after - before;
            System.out.printf("%-10s %6d hosts %6d cables  retained %7.1f MB  %6.0f B/host  %5.0f B/cable%n", name,
                    fabric.hosts().size(), fabric.cables().size(), retained / 1e6,
                    (double) retained / fabric.hosts().size(), (double) retained / fabric.cables().size());
            if (fabric.switches().isEmpty()) {
                System.out.println("(empty)");
            }
        }
    }

    private static long settledHeap(MemoryMXBean memory) {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 5; i++) {
            System.gc();
            used = Math.min(used, memory.getHeapMemoryUsage().getUsed());
        }
        return used;
    }
}
