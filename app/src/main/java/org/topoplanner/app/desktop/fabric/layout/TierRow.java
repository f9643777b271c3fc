package org.topoplanner.app.desktop.fabric.layout;

/**
 * One horizontal row of the picture: a switch tier, or the hosts.
 *
 * @param label "core", "spine", "leaf", "tier 4" or "hosts"
 * @param y     top of the row's boxes, world units
 * @param count switches (or hosts) in the row
 */
public record TierRow(String label, double y, int count) {
    public static String tierName(int tier) {
        return switch (tier) {
            case 0, 1 -> "leaf";
            case 2 -> "spine";
            case 3 -> "core";
            default -> "tier " + tier;
        };
    }
}
