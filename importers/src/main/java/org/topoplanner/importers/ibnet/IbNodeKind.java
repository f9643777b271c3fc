package org.topoplanner.importers.ibnet;

/** What an InfiniBand node is: a switch, a channel adapter (HCA), or a router. */
enum IbNodeKind {
    SWITCH, CA, ROUTER;

    /** {@code Switch}/{@code SW}/{@code S-} and friends; {@code null} for anything else. */
    static IbNodeKind fromToken(String t) {
        return switch (t) {
            case "Switch", "SW", "S" -> SWITCH;
            case "Ca", "CA", "H" -> CA;
            case "Rt", "RT", "R" -> ROUTER;
            default -> null;
        };
    }
}
