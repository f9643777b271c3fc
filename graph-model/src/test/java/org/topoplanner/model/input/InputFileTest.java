package org.topoplanner.model.input;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InputFileTest {
    @TempDir
    Path dir;

    @Test
    void refusesAFolderAndAMissingFileBeforeOpening() {
        assertThatThrownBy(() -> InputFile.open(dir)).isInstanceOf(InputRefusal.class)
                .hasMessage("a folder where a file is expected");
        assertThatThrownBy(() -> InputFile.open(dir.resolve("nope"))).isInstanceOf(InputRefusal.class)
                .hasMessage("cannot read: no such file or folder");
    }

    @Test
    void refusesADeviceBeforeOpening() {
        Path zero = Path.of("/dev/zero");
        if (Files.exists(zero)) {
            assertThatThrownBy(() -> InputFile.open(zero)).isInstanceOf(InputRefusal.class)
                    .hasMessageStartingWith("not a regular file");
        }
    }

    @Test
    void refusesAFileOverItsLimitFromItsSizeAlone() throws Exception {
        Path big = dir.resolve("big.txt");
        try (RandomAccessFile f = new RandomAccessFile(big.toFile(), "rw")) {
            f.setLength(3L << 30);
        }
        InputRefusal r = org.junit.jupiter.api.Assertions.assertThrows(InputRefusal.class,
                () -> InputFile.readText(big, InputLimits.MEDIUM, "format slurm-conf"));
        assertThat(r.line()).isEqualTo(1);
        assertThat(r.column()).isEqualTo(1);
        assertThat(r.getMessage()).isEqualTo("3 GiB is over the 32 MiB limit for format slurm-conf;"
                + " give --max-input-size SIZE to read it anyway");
    }

    @Test
    void readsWithinTheLimitAndTheHeadCutAtALine() throws Exception {
        Path f = Files.writeString(dir.resolve("t.txt"), "abc\ndef\nghi\n");
        assertThat(InputFile.readText(f, 12, "x")).isEqualTo("abc\ndef\nghi\n");
        assertThat(InputFile.open(f).head(6)).isEqualTo("abc\n");
        assertThatThrownBy(() -> InputFile.readText(f, 11, "x")).isInstanceOf(InputRefusal.class);
    }

    @Test
    void decodesMarksAndUtf16AsTheSameText() {
        String text = "GPU0\tGPU1\n\u00e9\n";
        byte[] le = text.getBytes(StandardCharsets.UTF_16LE);
        byte[] be = text.getBytes(StandardCharsets.UTF_16BE);
        byte[] u8 = text.getBytes(StandardCharsets.UTF_8);
        assertThat(TextDecoding.decode(concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, le), le.length + 2)).isEqualTo(text);
        assertThat(TextDecoding.decode(concat(new byte[] {(byte) 0xFE, (byte) 0xFF}, be), be.length + 2)).isEqualTo(text);
        assertThat(TextDecoding.decode(le, le.length)).isEqualTo(text);
        assertThat(TextDecoding.decode(be, be.length)).isEqualTo(text);
        assertThat(TextDecoding.decode(concat(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}, u8), u8.length + 3))
                .isEqualTo(text);
        byte[] latin1 = "caf\u00e9\n".getBytes(StandardCharsets.ISO_8859_1);
        assertThat(TextDecoding.decode(latin1, latin1.length)).isEqualTo("caf\u00e9\n");
    }

    @Test
    void sizesAreReadAndWrittenAsPeopleWriteThem() {
        assertThat(InputLimits.parseSize("512M")).isEqualTo(512L << 20);
        assertThat(InputLimits.parseSize("2g")).isEqualTo(2L << 30);
        assertThat(InputLimits.parseSize("1000")).isEqualTo(1000);
        for (String bad : new String[] {"", "-1", "0", "1.5G", "17G", "12T", "M"}) {
            assertThatThrownBy(() -> InputLimits.parseSize(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(InputLimits.describe(3L << 30)).isEqualTo("3 GiB");
        assertThat(InputLimits.describe(1536L << 10)).isEqualTo("1.5 MiB");
        assertThat(new InputLimits(0).limit(InputLimits.SMALL)).isEqualTo(InputLimits.SMALL);
        assertThat(new InputLimits(5).limit(InputLimits.SMALL)).isEqualTo(5);
    }

    private static byte[] concat(byte[] a, byte[] b) {
        byte[] out = new byte[a.length + b.length];
        System.arraycopy(a, 0, out, 0, a.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
