package org.topoplanner.app.desktop.fabric;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javafx.geometry.BoundingBox;
import javafx.scene.Scene;
import javafx.scene.input.MouseEvent;
import javafx.scene.layout.Pane;
import javafx.stage.Stage;
import javafx.util.Duration;
import org.controlsfx.control.PopOver;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;
import org.topoplanner.app.desktop.Eventually;

/**
 * ControlsFX's PopOver adds a click handler to its popup's scene each time its window shows, and a
 * hover card shows once per item the pointer rests on. Hovering item after item for a long session
 * must not pile those handlers up. The handlers are counted in JavaFX's event handler manager by reflection
 * (the tests run on the class path, so nothing is sealed): there is no public way to see them.
 */
@ExtendWith(ApplicationExtension.class)
class HoverCardHandlersTest {
    private final Pane view = new Pane();

    @Start
    void start(Stage stage) {
        stage.setScene(new Scene(view, 600, 400));
        stage.show();
    }

    @Test
    void aBarePopOverGainsAClickHandlerEachTimeItShows(FxRobot robot) throws Exception {
        PopOver bare = new PopOver(new Pane());
        bare.setAnimated(false);
        for (int i = 0; i < 5; i++) {
            robot.interact(() -> bare.show(view, 100, 100));
            robot.interact(() -> bare.hide());
        }
        assertThat(clickHandlers(bare)).as("the premise: ControlsFX piles them up").isEqualTo(5);
    }

    @Test
    void showingCardAfterCardKeepsTheClickHandlersBounded(FxRobot robot) throws Exception {
        HoverCard card = WaitForAsyncUtils.asyncFx(() -> new HoverCard(Duration.millis(1))).get(Eventually.HANG_GUARD_SECONDS, TimeUnit.SECONDS);
        int cards = 3 * HoverCard.SHOWS_PER_POPOVER + 5;
        for (int i = 0; i < cards; i++) {
            int item = i;
            robot.interact(() -> card.aim("item " + item, view, new BoundingBox(50 + item % 20 * 20, 50, 20, 10), 60));
            Eventually.until("the card", card::isShowing);
            // Moving on to the next item while the card is up only re-aims it.
            robot.interact(() -> card.aim("next to " + item, view, new BoundingBox(50, 250, 20, 10), 60));
            assertThat(card.isShowing()).isTrue();
            robot.interact(card::hide);
        }
        assertThat(clickHandlers(card.popOver())).isBetween(1, HoverCard.SHOWS_PER_POPOVER);
        robot.interact(() -> card.aim("last", view, new BoundingBox(50, 50, 20, 10), 60));
        Eventually.until("the card", card::isShowing);
        assertThat(card.content().getScene()).as("the content moved to the new popover").isSameAs(card.popOver().getScene());
        robot.interact(card::hide);
    }

    /** How many MOUSE_CLICKED handlers the popover's scene has. */
    private static int clickHandlers(PopOver p) throws Exception {
        Scene scene = p.getScene();
        Method dispatcher = Scene.class.getDeclaredMethod("getInternalEventDispatcher");
        dispatcher.setAccessible(true);
        Object sceneDispatcher = dispatcher.invoke(scene);
        Object manager = sceneDispatcher.getClass().getMethod("getEventHandlerManager").invoke(sceneDispatcher);
        Field map = manager.getClass().getDeclaredField("eventHandlerMap");
        map.setAccessible(true);
        Object composite = ((Map<?, ?>) map.get(manager)).get(MouseEvent.MOUSE_CLICKED);
        if (composite == null) {
            return 0;
        }
        Field first = composite.getClass().getDeclaredField("firstRecord");
        first.setAccessible(true);
        int n = 0;
        for (Object r = first.get(composite); r != null; r = next(r)) {
            n++;
        }
        return n;
    }

    private static Object next(Object record) throws Exception {
        Field f = record.getClass().getSuperclass().getDeclaredField("nextRecord");
        f.setAccessible(true);
        return f.get(record);
    }
}
