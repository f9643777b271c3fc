package org.topoplanner.importers.slurm;

import java.util.ArrayList;
import java.util.List;

/**
 * What a topology file declares, with positions, before any checking: tree switches, blocks and
 * block sizes. {@code topology.conf} and {@code topology.yaml} both fill one, and
 * {@link TopologyTreeAssembler} checks and builds it the same way for both.
 */
final class TopologyDeclarations {
    /** {@code SwitchName=name [Switches=...] [Nodes=...]}; absent values are {@code null}. */
    record SwitchDeclaration(LocatedText name, LocatedText switches, LocatedText nodes) {
    }

    /** {@code BlockName=name Nodes=...}. */
    record BlockDeclaration(LocatedText name, LocatedText nodes) {
    }

    final List<SwitchDeclaration> switches = new ArrayList<>();
    final List<BlockDeclaration> blocks = new ArrayList<>();
    final List<Integer> blockSizes = new ArrayList<>();
    /** Where block sizes were declared, or {@code null}. */
    LocatedText blockSizesAt;
    /** True for {@code topology.yaml}, where a tree and a block layout are separate named topologies. */
    boolean separateTopologies;
}
