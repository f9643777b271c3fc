package org.topoplanner.importers.ibnet;

import org.topoplanner.model.fabric.LinkSpeed;
import org.topoplanner.model.fabric.LinkWidth;

/** A link's width and speed as the three dump formats print them. */
record LinkRate(LinkWidth width, LinkSpeed speed) {
    static final LinkRate UNKNOWN = new LinkRate(LinkWidth.UNKNOWN, LinkSpeed.UNKNOWN);

    /** {@code ibnetdiscover}'s one token: {@code 4xQDR}, {@code 1xDDR}, {@code 4xFDR10}. */
    static LinkRate glued(String token) {
        int x = token.indexOf('x');
        if (x <= 0) {
            x = token.indexOf('X');
        }
        if (x <= 0) {
            return UNKNOWN;
        }
        return new LinkRate(LinkWidth.fromToken(token.substring(0, x)), LinkSpeed.fromToken(token.substring(x + 1)));
    }

    /** {@code ibnetdiscover -p}'s two tokens: {@code 4x QDR}; {@code ???} is unknown. */
    static LinkRate split(String width, String speed) {
        return new LinkRate(LinkWidth.fromToken(width), LinkSpeed.fromToken(speed));
    }

    /** {@code iblinkinfo}'s width and per-lane signalling rate: {@code 4X 10.0 Gbps} is QDR. */
    static LinkRate signalling(String width, String gbps) {
        LinkSpeed speed;
        try {
            speed = LinkSpeed.fromSignalGbps(Double.parseDouble(gbps));
        } catch (NumberFormatException e) {
            speed = LinkSpeed.UNKNOWN;
        }
        return new LinkRate(LinkWidth.fromToken(width), speed);
    }
}
