package org.topoplanner.app.cli.hostile;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * The hostile inputs of issue 14, written into a folder: small hand-made regression cases, files
 * generated from a seed (a 3 GB sparse file, thousands of bad lines, hostlist bombs), special files,
 * and mutants of the project's own sample copies. Nothing big is checked in; the same seed gives the
 * same files. Plain JDK code, so the long fuzz run ({@link HostileFuzz}) needs no test library.
 */
public final class HostileCorpus {
    /** One input and what it stands for. */
    public record Case(String name, Path file) {
    }

    private final Path dir;
    private final List<Case> cases = new ArrayList<>();

    private HostileCorpus(Path dir) {
        this.dir = dir;
    }

    /** The fixed cases: every finding of issue 14 as a file. */
    public static List<Case> fixed(Path dir) throws IOException {
        HostileCorpus c = new HostileCorpus(dir);
        c.text("placement-duplicate-gpus.json", "{\"job\":\"a\",\"hosts\":[{\"host\":\"node01\",\"gpus\":[0,0,1,1]}]}\n");
        c.text("placement-string-gpus.json", "{\"job\":\"a\",\"hosts\":[{\"host\":\"node01\",\"gpus\":[\"abc\",\"def\"]}]}\n");
        c.text("placement-wrapping-gpus.json", "{\"job\":\"a\",\"hosts\":[{\"host\":\"node01\",\"gpus\":[4294967296, 4294967297]}]}\n");
        c.text("placement-negative-gpus.json", "{\"job\":\"a\",\"hosts\":[{\"host\":\"node01\",\"gpus\":[-1,-2]}]}\n");
        c.text("placement-gpu-not-on-host.json", "{\"job\":\"a\",\"hosts\":[{\"host\":\"node01\",\"gpus\":[63]}]}\n");
        c.text("placement-unknown-key.json", "[{\"job\":\"a\",\"hostz\":[],\"hosts\":[{\"host\":\"node01\",\"gpu\":[0]}]}]\n");
        c.text("placement-wrong-types.json", "[{\"job\":7,\"hosts\":{\"host\":\"node01\"}},{\"hosts\":[{\"host\":[1],\"cpus\":5,"
                + "\"nics\":[]}]}]\n");
        c.text("placement-duplicate-keys.json", "{\"job\":\"a\",\"job\":\"b\",\"hosts\":[{\"host\":\"node01\",\"gpus\":[0]}]}\n");
        c.text("placement-same-job-twice.json", "[{\"job\":\"a\",\"hosts\":[{\"host\":\"node01\",\"gpus\":[0]}]},"
                + "{\"job\":\"a\",\"hosts\":[{\"host\":\"node02\",\"gpus\":[0]}]}]\n");
        c.text("placement-bad-cpus.json", "{\"job\":\"a\",\"hosts\":[{\"host\":\"node01\",\"gpus\":[0],\"cpus\":\"3-1\"}]}\n");
        c.text("placement-bad-sbatch.json", "{\"job\":\"a\",\"sbatch\":[\"--gpus=-8\"],\"hosts\":[{\"host\":\"node01\",\"gpus\":[0]}]}\n");
        c.text("deep-nesting.json", "[".repeat(100_000));
        c.text("jobs-duplicate-names.json", "[{\"name\":\"j4\",\"nodes\":1,\"gpus_per_node\":8},{\"name\":\"j4\",\"nodes\":1,"
                + "\"gpus_per_node\":8},{\"snapshot\":[\"j4\"]},{\"cancel\":\"j4\"},{\"name\":\"j4\",\"nodes\":1}]\n");
        c.text("jobs-wrong-types.json", "[{\"name\":\"a\",\"nodes\":[2],\"exclusive\":\"yes\",\"gpu_per_node\":2},{\"cancel\":3}]\n");
        c.text("jobs-negative.txt", "job a -N 1 --gpus=-8\njob b --gpus-per-node=-8\njob c -N -1\nsleep -5\n");
        c.text("topo-nv-overflow.txt", "\tGPU0\tGPU1\tCPU Affinity\tNUMA Affinity\n"
                + "GPU0\t X \tNV9223372036854775808\t0-15\t0\n"
                + "GPU1\tNV9223372036854775808\t X \t0-15\t0\n");
        c.text("slurm-hostlist-bomb.conf", "NodeName=a[0-15]b[0-65535] Gres=gpu:8 CPUs=64 Sockets=2 CoresPerSocket=32\n");
        // four lines each just over the bound: refused line by line (a file of 65,536 real hosts is
        // legal and takes seconds per command, which this corpus leaves to the fuzz run)
        c.text("slurm-hostlist-bombs.conf", ("NodeName=n[0-65535],n65536 CPUs=64\nNodeName=m[0-1][0-65535] CPUs=64\n"
                + "NodeName=o[0-65535]p[0-1] CPUs=64\nNodeName=p[0-99999] CPUs=64\n"));
        // found by the fuzz run (seed 1): Sockets=0 divided the node's memory by zero
        c.text("slurm-zero-sockets.conf", "NodeName=n[1-2] Sockets=0 CoresPerSocket=64 RealMemory=1000 Gres=gpu:4\n");
        c.text("slurm-huge-layout.conf", "NodeName=n1 Boards=64 Sockets=64 CoresPerSocket=4096 ThreadsPerCore=16\n");
        c.text("slurm-many-gpus.conf", "NodeName=n[1-2] CPUs=8 Gres=gpu:99999\n");
        // found by the fuzz run (seed 1): a repeated gres.conf line gave a node 1,100 GPUs, and every policy hung on it
        c.repeated("gres-repeated-line.conf", "NodeName=node[01-32] Name=gpu File=/dev/nvidia0 Cores=0-15\n", 1100);
        c.text("labels-many-gpus.txt", "node01 nvidia.com/gpu.count=99999 topology.kubernetes.io/zone=z1\n");
        c.text("topology-hostlist-bomb.conf", "SwitchName=s1 Nodes=a[0-65535]b[0-65535]\n");
        c.text("gres-hostlist-bomb.conf", "NodeName=a[0-65535]x[0-65535] Name=gpu File=/dev/nvidia[0-65535]\n");
        c.text("empty.txt", "");
        c.text("blank.txt", " \n\t\n\n");
        c.text("control-bytes.conf", "NodeName=n\u0000\u001b[31m1\u0007 CPUs=\u001b]0;x\u0007\nSwitchName=\u0000 Nodes=n1\n");
        c.bytes("nul-bytes.bin", new byte[4096]);
        c.text("nothing-known.txt", "hello world\nthis is no cluster description at all\n");
        c.repeated("repeated-bad-lines.conf", "NodeName=n1 CPUs=abc Sockets=-1 Bogus=\n", 20_000);
        c.repeated("repeated-garbage.txt", "GPU0\tX\tNV2\tzzz\n", 20_000);
        c.sparse("sparse-3g.txt", 3L << 30);
        c.sparse("sparse-200m.conf", 200L << 20);
        Path folder = Files.createDirectories(dir.resolve("a-folder"));
        Files.writeString(folder.resolve("notes.md"), "not slurm\n");
        c.cases.add(new Case("a-folder", folder));
        Path fifo = dir.resolve("a-fifo");
        if (makeFifo(fifo)) {
            c.cases.add(new Case("a-fifo", fifo));
        }
        Path zero = Path.of("/dev/zero");
        if (Files.exists(zero)) {
            c.cases.add(new Case("dev-zero", zero));
        }
        c.cases.add(new Case("missing", dir.resolve("no-such-file.txt")));
        return c.cases;
    }

    /** Files of a given text in the encodings PowerShell and Notepad write. */
    public static List<Case> encodings(Path dir, String name, String text) throws IOException {
        HostileCorpus c = new HostileCorpus(dir);
        byte[] utf16le = text.getBytes(StandardCharsets.UTF_16LE);
        byte[] withBom = new byte[utf16le.length + 2];
        withBom[0] = (byte) 0xFF;
        withBom[1] = (byte) 0xFE;
        System.arraycopy(utf16le, 0, withBom, 2, utf16le.length);
        c.bytes("utf16le-bom-" + name, withBom);
        c.bytes("utf16be-bom-" + name, concat(new byte[] {(byte) 0xFE, (byte) 0xFF}, text.getBytes(StandardCharsets.UTF_16BE)));
        c.bytes("utf16le-nobom-" + name, utf16le);
        c.bytes("utf8-bom-" + name, concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, text.getBytes(StandardCharsets.UTF_8)));
        c.text("crlf-" + name, text.replace("\n", "\r\n"));
        return c.cases;
    }

    /**
     * {@code count} mutants of the seed files: bytes flipped, lines cut, repeated, swapped or
     * truncated, numbers made huge or negative, control bytes inserted, the text re-encoded.
     */
    public static List<Case> mutants(Path dir, List<Path> seeds, long seed, int count) throws IOException {
        HostileCorpus c = new HostileCorpus(dir);
        Random random = new Random(seed);
        for (int i = 0; i < count; i++) {
            Path from = seeds.get(random.nextInt(seeds.size()));
            byte[] b = Files.readAllBytes(from);
            int ops = 1 + random.nextInt(3);
            for (int k = 0; k < ops; k++) {
                b = Mutation.values()[random.nextInt(Mutation.values().length)].apply(b, random);
            }
            c.bytes(String.format("mutant-%d-%03d-%s", seed, i, from.getFileName()), b);
        }
        return c.cases;
    }

    private void text(String name, String text) throws IOException {
        bytes(name, text.getBytes(StandardCharsets.UTF_8));
    }

    private void bytes(String name, byte[] b) throws IOException {
        Path p = dir.resolve(name);
        Files.write(p, b);
        cases.add(new Case(name, p));
    }

    private void repeated(String name, String line, int times) throws IOException {
        text(name, line.repeat(times));
    }

    /** A file of {@code size} bytes that takes no disk: its length set, nothing written. */
    private void sparse(String name, long size) throws IOException {
        Path p = dir.resolve(name);
        try (RandomAccessFile f = new RandomAccessFile(p.toFile(), "rw")) {
            f.setLength(size);
        }
        cases.add(new Case(name, p));
    }

    private static boolean makeFifo(Path p) {
        try {
            Process proc = new ProcessBuilder("mkfifo", p.toString()).redirectErrorStream(true).start();
            return proc.waitFor() == 0 && Files.exists(p);
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
