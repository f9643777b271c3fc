package org.topoplanner.importers.lldp;

import java.util.List;

/** The five files of the hand-made 2-SU RoCE sample (importers/src/test/resources/samples/roce/README.md), in the order they are imported. */
public final class RoceSample {
    public static final List<String> FILES = List.of("roce/hosts-su1.lldpctl-json.pdsh.txt",
            "roce/hosts-su2.lldpctl-keyvalue.pdsh.txt", "roce/su1-leaves.nvue.txt", "roce/su2-leaves.sonic.txt",
            "roce/spines.eos.txt");

    private RoceSample() {
    }
}
