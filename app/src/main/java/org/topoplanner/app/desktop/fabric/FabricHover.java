package org.topoplanner.app.desktop.fabric;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.geometry.BoundingBox;
import javafx.geometry.Bounds;
import org.topoplanner.app.desktop.canvas.Theme;
import org.topoplanner.app.desktop.fabric.layout.FabricLayout;
import org.topoplanner.app.desktop.fabric.layout.HostBox;
import org.topoplanner.app.desktop.fabric.layout.RackBox;
import org.topoplanner.app.desktop.fabric.layout.SwitchBox;

/**
 * What the pointer rests on in the fabric view: the switch, host or rack it is over (outlined in the
 * frame and named by {@link #hoveredProperty}) and the hover card about it, aimed at the item. The card
 * is filled again only when the item changes, so moving within one item just re-aims it.
 */
final class FabricHover {
    private final FabricView view;
    private final HoverCard card = new HoverCard();
    private final ReadOnlyStringWrapper hovered;

    FabricHover(FabricView view) {
        this.view = view;
        this.hovered = new ReadOnlyStringWrapper(view, "hovered");
    }

    HoverCard card() {
        return card;
    }

    ReadOnlyStringProperty hoveredProperty() {
        return hovered.getReadOnlyProperty();
    }

    /** The pointer is at a local point of the view, nothing held: outline what is there and aim its card. */
    void pointerAt(double x, double y) {
        FabricLayout l = view.getLayout();
        FabricHits hits = view.hits();
        int s = hits.switchIndexAt(x, y);
        int h = s < 0 ? hits.hostIndexAt(x, y) : -1;
        int r = s < 0 && h < 0 ? hits.rackAt(x, y) : -1;
        FabricFrame.Hover now = new FabricFrame.Hover(s, h, r);
        boolean changed = !now.equals(view.frame().hover());
        if (changed) {
            view.setHover(now);
        }
        Viewport vp = view.viewport();
        Bounds item;
        if (s >= 0) {
            SwitchBox sb = l.switches().get(s);
            SwitchGeometry geo = new SwitchGeometry(vp);
            hovered.set(sb.name());
            item = new BoundingBox(geo.left(sb), geo.top(sb), geo.width(sb), geo.height(sb));
            if (changed) {
                HoverCards.forSwitch(card, l, view.frame(), s);
            }
        } else if (h >= 0) {
            HostBox hb = l.hosts().get(h);
            hovered.set(hb.name());
            item = screenBox(vp, hb.x(), hb.y(), hb.w(), hb.h());
            if (changed) {
                HoverCards.forHost(card, l, view.frame(), h);
            }
        } else if (r >= 0) {
            RackBox rb = l.racks().get(r);
            hovered.set(rb.label());
            item = screenBox(vp, rb.x(), rb.y(), rb.w(), rb.h());
            if (changed) {
                HoverCards.forRack(card, l, view.frame(), r);
            }
        } else {
            hide();
            return;
        }
        card.aim(hovered.get(), view, item, x);
    }

    /** Nothing is hovered any more: the card goes and the outline with it. */
    void hide() {
        card.hide();
        hovered.set(null);
        if (view.frame().hover().any()) {
            view.setHover(FabricFrame.Hover.NONE);
        }
    }

    void setTheme(Theme t) {
        card.setTheme(t);
    }

    private static Bounds screenBox(Viewport vp, double x, double y, double w, double h) {
        return new BoundingBox(vp.toScreenX(x), vp.toScreenY(y), w * vp.sx(), h * vp.sy());
    }
}
