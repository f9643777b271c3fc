package org.topoplanner.app.desktop.diagnostics;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class ShortPathsTest {

    @Test
    void cutsAbsolutePathsToFileNamesAndLeavesTheRest() {
        assertThat(ShortPaths.of("hosts differ from /work/x/inputs/example-32.ibnetdiscover: only here node032; only there"))
                .isEqualTo("hosts differ from example-32.ibnetdiscover: only here node032; only there");
        assertThat(ShortPaths.of("this source lacks 1 host(s) that /a/b/topology.conf has (see /a/b/slurm.conf)"))
                .isEqualTo("this source lacks 1 host(s) that topology.conf has (see slurm.conf)");
        // not paths: hostlists, ratios, key=value, relative names
        assertThat(ShortPaths.of("SwitchName=leaf1 Nodes=node[01-08] 8:1 uplinks, 200/400 Gb/s, dir/file"))
                .isEqualTo("SwitchName=leaf1 Nodes=node[01-08] 8:1 uplinks, 200/400 Gb/s, dir/file");
    }
}
