package org.topoplanner.importers.lldp;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Port names and rates as the LLDP sources print them. */
final class EthernetPort {
    private static final Pattern FIRST_NUMBER = Pattern.compile("(\\d+)");
    /** {@code 400G}, {@code 400Gb/s}, {@code 400000Mb/s}, {@code 400GbaseCR8}, {@code 100GBASE-SR4}. */
    private static final Pattern RATE = Pattern.compile("(?i)^\\s*(\\d+(?:\\.\\d+)?)\\s*(g|m)(?:b(?:ps|/s|it/s)?|base)?");
    private static final Pattern MAC = Pattern.compile("(?i)^([0-9a-f]{2}[:-]){5}[0-9a-f]{2}$|^([0-9a-f]{4}\\.){2}[0-9a-f]{4}$");
    /** Switch port names of the three NOSes: Cumulus {@code swp1}, SONiC {@code Ethernet0}, EOS {@code Et1/1}. */
    private static final Pattern SWITCH_PORT = Pattern.compile("^(swp\\d|Ethernet\\d|Et\\d|eth-\\d)");

    private EthernetPort() {
    }

    /** The port number a cable end gets: the first number in the name ({@code swp12} is 12, {@code Ethernet1/1} is 1), else 0. */
    static int number(String name) {
        Matcher m = FIRST_NUMBER.matcher(name);
        if (!m.find()) {
            return 0;
        }
        try {
            return Integer.parseInt(m.group(1));
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    /** The rate in Gbit/s of a speed word, or 0 when it says none (including {@code unknown} and {@code -}). */
    static int gbps(String speed) {
        if (speed == null) {
            return 0;
        }
        Matcher m = RATE.matcher(speed);
        if (!m.find()) {
            return 0;
        }
        double v = Double.parseDouble(m.group(1));
        double g = m.group(2).toLowerCase(Locale.ROOT).equals("m") ? v / 1000 : v;
        return g >= 1 && g <= 3200 ? (int) Math.round(g) : 0;
    }

    static boolean isMac(String s) {
        return MAC.matcher(s.strip()).matches();
    }

    /** A name only a switch gives its ports. */
    static boolean isSwitchPort(String name) {
        return SWITCH_PORT.matcher(name).find();
    }

    /** EOS abbreviates its own ports ({@code Et1/1}) in tables but advertises {@code Ethernet1/1}; one spelling for both. */
    static String canonical(String name) {
        String n = name.strip();
        if (n.matches("Et\\d.*")) {
            return "Ethernet" + n.substring(2);
        }
        return n;
    }
}
