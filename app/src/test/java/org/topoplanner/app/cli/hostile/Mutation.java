package org.topoplanner.app.cli.hostile;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

/** One way to damage an input, as a careless script or a bad copy would. */
enum Mutation {
    FLIP_BYTE {
        @Override
        byte[] apply(byte[] b, Random r) {
            if (b.length == 0) {
                return b;
            }
            byte[] c = b.clone();
            c[r.nextInt(c.length)] ^= (byte) (1 << r.nextInt(8));
            return c;
        }
    },
    TRUNCATE {
        @Override
        byte[] apply(byte[] b, Random r) {
            return b.length == 0 ? b : Arrays.copyOf(b, r.nextInt(b.length));
        }
    },
    DELETE_RANGE {
        @Override
        byte[] apply(byte[] b, Random r) {
            if (b.length < 2) {
                return b;
            }
            int from = r.nextInt(b.length);
            int to = Math.min(b.length, from + 1 + r.nextInt(200));
            return HostileCorpus.concat(Arrays.copyOf(b, from), Arrays.copyOfRange(b, to, b.length));
        }
    },
    REPEAT_LINE {
        @Override
        byte[] apply(byte[] b, Random r) {
            List<String> lines = lines(b);
            if (lines.isEmpty()) {
                return b;
            }
            int i = r.nextInt(lines.size());
            int times = 1 + r.nextInt(3000);
            List<String> out = new ArrayList<>(lines.subList(0, i));
            out.addAll(Collections.nCopies(times, lines.get(i)));
            out.addAll(lines.subList(i, lines.size()));
            return join(out);
        }
    },
    SWAP_LINES {
        @Override
        byte[] apply(byte[] b, Random r) {
            List<String> lines = new ArrayList<>(lines(b));
            if (lines.size() < 2) {
                return b;
            }
            Collections.swap(lines, r.nextInt(lines.size()), r.nextInt(lines.size()));
            return join(lines);
        }
    },
    HUGE_NUMBER {
        @Override
        byte[] apply(byte[] b, Random r) {
            return replaceDigits(b, r, List.of("9223372036854775808", "4294967296", "-1", "-8", "0", "99999999999999999999",
                    "2147483648", "1e309", "NaN"));
        }
    },
    CONTROL_BYTES {
        @Override
        byte[] apply(byte[] b, Random r) {
            byte[] junk = {0, 0x1b, '[', '3', '1', 'm', 7, 8, 0x7f, (byte) 0x9b, '\r'};
            int at = b.length == 0 ? 0 : r.nextInt(b.length);
            return HostileCorpus.concat(HostileCorpus.concat(Arrays.copyOf(b, at), junk), Arrays.copyOfRange(b, at, b.length));
        }
    },
    UTF16 {
        @Override
        byte[] apply(byte[] b, Random r) {
            byte[] text = new String(b, StandardCharsets.UTF_8).getBytes(StandardCharsets.UTF_16LE);
            return r.nextBoolean() ? HostileCorpus.concat(new byte[] {(byte) 0xFF, (byte) 0xFE}, text) : text;
        }
    },
    BRACKETS {
        @Override
        byte[] apply(byte[] b, Random r) {
            String[] junk = {"[0-65535]", "[", "]", "[1-0]", "{", "}", "\"", ":", "=", "\\", ",,,"};
            String s = new String(b, StandardCharsets.ISO_8859_1);
            int at = s.isEmpty() ? 0 : r.nextInt(s.length());
            return (s.substring(0, at) + junk[r.nextInt(junk.length)] + s.substring(at)).getBytes(StandardCharsets.ISO_8859_1);
        }
    };

    abstract byte[] apply(byte[] b, Random r);

    private static List<String> lines(byte[] b) {
        return List.of(new String(b, StandardCharsets.ISO_8859_1).split("\n", -1));
    }

    private static byte[] join(List<String> lines) {
        return String.join("\n", lines).getBytes(StandardCharsets.ISO_8859_1);
    }

    private static byte[] replaceDigits(byte[] b, Random r, List<String> with) {
        String s = new String(b, StandardCharsets.ISO_8859_1);
        List<int[]> runs = new ArrayList<>();
        for (int i = 0; i < s.length(); i++) {
            if (Character.isDigit(s.charAt(i))) {
                int j = i;
                while (j < s.length() && Character.isDigit(s.charAt(j))) {
                    j++;
                }
                runs.add(new int[] {i, j});
                i = j;
            }
        }
        if (runs.isEmpty()) {
            return b;
        }
        int[] run = runs.get(r.nextInt(runs.size()));
        String out = s.substring(0, run[0]) + with.get(r.nextInt(with.size())) + s.substring(run[1]);
        return out.getBytes(StandardCharsets.ISO_8859_1);
    }
}
