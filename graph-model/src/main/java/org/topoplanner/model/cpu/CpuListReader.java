package org.topoplanner.model.cpu;

import java.util.BitSet;

/**
 * Reads the CPU list forms of the tools we import: {@code 0-15,32-47} (Linux cpulist, nvidia-smi,
 * Slurm {@code Cores=}), {@code 0,2,4}, degenerate {@code 0-0,8-8}, bracketed {@code [0-3]} and the
 * empty string. Whitespace may stand around every number, comma and dash; nothing else is forgiven,
 * so that a typo is reported with its column instead of becoming some other set of CPUs.
 */
final class CpuListReader {
    private final String text;
    private int pos;

    private CpuListReader(String text) {
        this.text = text;
    }

    static BitSet read(String text) throws CpuSetSyntaxException {
        return new CpuListReader(text).list();
    }

    private BitSet list() throws CpuSetSyntaxException {
        BitSet bits = new BitSet();
        skipBlanks();
        boolean bracket = peek() == '[';
        if (bracket) {
            pos++;
            skipBlanks();
        }
        boolean first = true;
        while (!atEnd() && !(bracket && peek() == ']')) {
            if (!first) {
                expect(',', "',' between items");
                skipBlanks();
            }
            int lo = number();
            int hi = lo;
            skipBlanks();
            if (peek() == '-') {
                int dash = pos++;
                skipBlanks();
                hi = number();
                if (hi < lo) {
                    throw new CpuSetSyntaxException("descending range " + lo + "-" + hi, text, dash);
                }
                skipBlanks();
            }
            bits.set(lo, hi + 1);
            first = false;
        }
        if (bracket) {
            expect(']', "']' closing the '['");
            skipBlanks();
        }
        if (!atEnd()) {
            throw new CpuSetSyntaxException("unexpected '" + peek() + "'", text, pos);
        }
        return bits;
    }

    private int number() throws CpuSetSyntaxException {
        int start = pos;
        long v = 0;
        while (!atEnd() && peek() >= '0' && peek() <= '9') {
            v = v * 10 + (peek() - '0');
            if (v > CpuSet.MAX_ID) {
                throw new CpuSetSyntaxException("CPU id above " + CpuSet.MAX_ID, text, start);
            }
            pos++;
        }
        if (pos == start) {
            throw new CpuSetSyntaxException(atEnd() ? "a CPU id is missing at the end" : "expected a CPU id, not '"
                    + peek() + "'", text, start);
        }
        return (int) v;
    }

    private void expect(char c, String what) throws CpuSetSyntaxException {
        if (peek() != c) {
            throw new CpuSetSyntaxException("expected " + what + (atEnd() ? " at the end" : ", not '" + peek() + "'"),
                    text, pos);
        }
        pos++;
    }

    private void skipBlanks() {
        while (!atEnd() && Character.isWhitespace(peek())) {
            pos++;
        }
    }

    private boolean atEnd() {
        return pos >= text.length();
    }

    private char peek() {
        return atEnd() ? 0 : text.charAt(pos);
    }
}
