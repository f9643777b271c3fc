package org.topoplanner.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line of issue 17: {@code validate --claim}, {@code export --targets dra}, and LLDP files in. */
class DraAndRoceCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    private static String dra(String name) throws Exception {
        return Path.of(DraAndRoceCommandsTest.class.getResource("/dra/" + name).toURI()).toString();
    }

    @Test
    void validateReportsEachHostAsTheDraAllocatorServesTheClaim(@TempDir Path dir) throws Exception {
        Path p = Files.writeString(dir.resolve("p.json"), """
                [{"job": "a", "hosts": [{"host": "node01", "gpus": [0]}, {"host": "node02", "gpus": [5]}]},
                 {"job": "b", "hosts": [{"host": "node02", "gpus": [3]}]}]
                """);
        CommandLineTest.Run r = CommandLineTest.run("validate", "--example", "--placement", p.toString(), "--json",
                "--claim", dra("claim-gpu-nic-aligned.yaml"), dra("h100-resourceslices.yaml"), dra("deviceclasses.yaml"));
        assertThat(r.code()).as(r.err()).isEqualTo(1);
        JsonNode d = JSON.readTree(r.out());
        assertThat(d.get(0).at("/claim/0/verdict").asText()).isEqualTo("AS_PLANNED");
        assertThat(d.get(0).at("/claim/0/allocatorDevices").toString()).isEqualTo("[\"gpu-0\",\"pci-0000-1a-00-0\"]");
        assertThat(d.get(0).at("/claim/1/verdict").asText()).isEqualTo("OTHER_CHOICE");
        assertThat(d.get(1).at("/claim/0/verdict").asText()).isEqualTo("PLAN_VIOLATES_CLAIM");
    }

    @Test
    void aClaimFileWithErrorsStopsValidationWithItsLocation(@TempDir Path dir) throws Exception {
        Path p = Files.writeString(dir.resolve("p.json"), "[{\"job\": \"a\", \"hosts\": [{\"host\": \"node01\", \"gpus\": [0]}]}]");
        Path bad = Files.writeString(dir.resolve("bad.yaml"), "apiVersion: resource.k8s.io/v1\nkind: [oops\n");
        CommandLineTest.Run r = CommandLineTest.run("validate", "--example", "--placement", p.toString(), "--claim",
                bad.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains(bad + ":").contains("error: not YAML");
    }

    @Test
    void lldpFilesFromAHostAndItsSwitchJoinIntoOneFabric(@TempDir Path dir) throws Exception {
        Path host = Files.writeString(dir.resolve("gpu01.kv"), """
                lldp.ens1np0.chassis.name=leaf1
                lldp.ens1np0.chassis.Bridge.enabled=on
                lldp.ens1np0.port.ifname=Ethernet0
                lldp.ens2np0.chassis.name=leaf2
                lldp.ens2np0.port.ifname=Ethernet0
                """);
        Path sw = Files.writeString(dir.resolve("leaf1.txt"), """
                admin@leaf1:~$ show lldp table
                LocalPort    RemoteDevice  RemotePortID       Capability  RemotePortDescr
                -----------  ------------  -----------------  ----------  ---------------
                Ethernet0    gpu01         0c:42:a1:00:00:01              ens1np0
                Ethernet8    gpu02         0c:42:a1:00:00:02              ens1np0
                """);
        CommandLineTest.Run r = CommandLineTest.run("inspect", "--json", host.toString(), sw.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode fabric = JSON.readTree(r.out()).path("fabric");
        assertThat(fabric.path("switches").size()).isEqualTo(2);
        // links lists switch-to-switch cables; a host's cables are its ports
        JsonNode gpu01 = fabric.path("hosts").get(0);
        assertThat(gpu01.path("name").asText()).isEqualTo("gpu01");
        assertThat(gpu01.path("ports").size()).as("gpu01-leaf1 reported from both ends is one cable").isEqualTo(2);
        assertThat(gpu01.path("ports").toString()).contains("\"hca\":\"ens1np0\"").contains("\"speed\":\"ETHERNET\"");
        assertThat(fabric.path("hosts").get(1).path("ports").get(0).path("switchPort").asInt()).isEqualTo(8);
    }

    @Test
    void exportWritesDraOnlyWhenAsked(@TempDir Path dir) {
        CommandLineTest.Run plain = CommandLineTest.run("export", "--example", "--out", dir.resolve("a").toString());
        assertThat(plain.code()).as(plain.err()).isZero();
        assertThat(dir.resolve("a/k8s/dra")).doesNotExist();
        CommandLineTest.Run unknown = CommandLineTest.run("export", "--example", "--out", dir.resolve("b").toString(),
                "--targets", "dra,nope");
        assertThat(unknown.err()).contains("known: slurm, k8s, jobs, dra");
    }
}
