package org.topoplanner.importers.slurm;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.topoplanner.importers.ImportResult;
import org.topoplanner.importers.SourceText;
import org.topoplanner.model.fabric.Fabric;
import org.topoplanner.model.fabric.HostNode;

/**
 * {@link TopologyConfReader#reach} (the export check's read-back, issue 15) reports what {@link
 * TopologyConfReader#read} reports and names the hosts and switches its fabric would have, on good files
 * and on each fault Slurm refuses or warns about.
 */
class TopologyReachTest {

    @ParameterizedTest
    @ValueSource(strings = {
            "SwitchName=s1 Switches=l[1-2]\\nSwitchName=l1 Nodes=n[01-04]\\nSwitchName=l2 Nodes=n[05-08]\\n",
            "SwitchName=l1 Nodes=n[1-4]\\nSwitchName=l2 Nodes=n[3-6]\\nSwitchName=l1 Nodes=n9\\n",
            "SwitchName=a Switches=b\\nSwitchName=b Switches=a\\nSwitchName=c Nodes=x1 Switches=a\\nSwitchName=d\\n",
            "SwitchName=top Switches=l1,missing\\nSwitchName=l1 Nodes=h[1-2],h1\\nSwitchName=l2 Nodes=h[3-4]\\n",
            "SwitchName=l1 Nodes=n[1-2\\nBlockName=b1 Nodes=n[1-4]\\nBlockName=b1 Nodes=n5\\nBlockSizes=4,8\\n",
            "BlockName=b1 Nodes=n[1-4]\\nBlockName=b2 Nodes=n[4-8]\\nBlockName=b3\\n# comment\\nRingName=r1 Nodes=n1\\n"})
    void reportsAndReachesWhatTheFabricWould(String escaped) {
        SourceText text = new SourceText("topology.conf", escaped.replace("\\n", "\n"));
        ImportResult read = new TopologyConfReader().read(text);
        TopologyReach reach = new TopologyConfReader().reach(text);
        Fabric f = read.part().fabric();
        assertThat(reach.diagnostics()).containsExactlyElementsOf(read.diagnostics());
        assertThat(reach.hosts()).containsExactlyElementsOf(f.hosts().stream().map(HostNode::name).toList());
        for (String h : reach.hosts()) {
            assertThat(reach.switchesOf(h)).as(h).containsExactlyElementsOf(f.switchesOf(h));
        }
    }
}
