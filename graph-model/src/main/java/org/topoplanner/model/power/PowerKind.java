package org.topoplanner.model.power;

/**
 * What a power figure of a data sheet means: engineers size feeds on the maximum and cooling on the typical
 * draw, so the two are never added together or shown without their kind.
 */
public enum PowerKind {
    /** The vendor's maximum (the figure a feed and its breaker are sized for). */
    MAXIMUM("max"),
    /** The vendor's typical draw under a stated load (the switch data sheets' "typical, passive cables"). */
    TYPICAL("typical"),
    /** No vendor figure for this part: a share worked out from a published figure for what holds it (a rack). */
    ESTIMATE("estimate");

    private final String word;

    PowerKind(String word) {
        this.word = word;
    }

    /** The word a bill of materials shows after the figure ({@code 10.2 kW max}). */
    public String word() {
        return word;
    }
}
