package org.topoplanner.importers.lldp;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The columns of a switch's neighbour table, found from its header and the dashes under it, and
 * which of them hold the local port, the neighbour, its port, its port description and the speed.
 * The three NOSes name them differently: NVUE {@code Interface / Speed / Remote Host / Remote Port},
 * SONiC {@code LocalPort / RemoteDevice / RemotePortID / Capability / RemotePortDescr}, EOS
 * {@code Port / Neighbor Device ID / Neighbor Port ID / TTL}.
 */
record NeighbourTableColumns(List<int[]> spans, int local, int peer, int peerPort, int peerPortDescr, int speed) {
    /** The columns when {@code header} over {@code dashes} is a neighbour table's, else null. */
    static NeighbourTableColumns of(String header, String dashes) {
        if (!dashes.strip().matches("-+(\\s+-+)+")) {
            return null;
        }
        List<int[]> spans = new ArrayList<>();
        int i = 0;
        while (i < dashes.length()) {
            if (dashes.charAt(i) == '-') {
                int s = i;
                while (i < dashes.length() && dashes.charAt(i) == '-') {
                    i++;
                }
                spans.add(new int[] {s, i});
            } else {
                i++;
            }
        }
        int local = -1;
        int peer = -1;
        int peerPort = -1;
        int descr = -1;
        int speed = -1;
        for (int c = 0; c < spans.size(); c++) {
            String name = cell(header, spans, c).toLowerCase(Locale.ROOT).replace(" ", "");
            switch (name) {
                case "interface", "localport", "port" -> local = c;
                case "remotehost", "remotedevice", "neighbordeviceid", "neighbor", "systemname" -> peer = c;
                case "remoteport", "remoteportid", "neighborportid" -> peerPort = c;
                case "remoteportdescr", "portdescr" -> descr = c;
                case "speed" -> speed = c;
                default -> {
                }
            }
        }
        if (local < 0 || peer < 0 || peerPort < 0) {
            return null;
        }
        return new NeighbourTableColumns(spans, local, peer, peerPort, descr, speed);
    }

    /**
     * The cells of a row: split on blanks when that gives one token per column (long names overflow
     * the dashes in EOS), else cut at the dashes' positions (empty cells in SONiC's capability column).
     */
    List<String> cells(String row) {
        String[] tokens = row.strip().split("\\s+");
        List<String> out = new ArrayList<>(spans.size());
        if (tokens.length == spans.size()) {
            for (String t : tokens) {
                out.add(t);
            }
            return out;
        }
        for (int c = 0; c < spans.size(); c++) {
            out.add(cell(row, spans, c));
        }
        return out;
    }

    /** Where column {@code c} starts on the row, 1-based, for diagnostics. */
    int column(int c) {
        return spans.get(c)[0] + 1;
    }

    private static String cell(String row, List<int[]> spans, int c) {
        int start = Math.min(spans.get(c)[0], row.length());
        int end = c + 1 < spans.size() ? Math.min(spans.get(c + 1)[0], row.length()) : row.length();
        return row.substring(start, Math.max(start, end)).strip();
    }
}
