package org.topoplanner.model.node;

import java.util.Objects;

/**
 * The path class between two devices of a node (one entry per unordered pair).
 *
 * @param a     device id ({@code GPU0}, {@code NIC1})
 * @param b     the other device id
 * @param kind  the class of the path
 * @param count NVLink lane count for {@link LinkKind#NV} ({@code NV18} = 18), else {@code null}
 */
public record DeviceLink(String a, String b, LinkKind kind, Integer count) {
    public DeviceLink {
        Objects.requireNonNull(a, "a");
        Objects.requireNonNull(b, "b");
        Objects.requireNonNull(kind, "kind");
        if (a.equals(b)) {
            throw new IllegalArgumentException("a link from " + a + " to itself");
        }
        if (kind == LinkKind.NV && (count == null || count < 1)) {
            throw new IllegalArgumentException("NVLink between " + a + " and " + b + " needs a lane count");
        }
        if (kind != LinkKind.NV && count != null) {
            throw new IllegalArgumentException("only NVLink has a lane count (" + a + "-" + b + ")");
        }
    }

    public static DeviceLink nvlink(String a, String b, int lanes) {
        return new DeviceLink(a, b, LinkKind.NV, lanes);
    }

    public static DeviceLink pcie(String a, String b, LinkKind kind) {
        return new DeviceLink(a, b, kind, null);
    }

    public boolean joins(String x, String y) {
        return (a.equals(x) && b.equals(y)) || (a.equals(y) && b.equals(x));
    }

    public boolean touches(String device) {
        return a.equals(device) || b.equals(device);
    }

    /** The matrix token: {@code NV18}, {@code PIX}, ... */
    public String token() {
        return kind == LinkKind.NV ? "NV" + count : kind.name();
    }
}
