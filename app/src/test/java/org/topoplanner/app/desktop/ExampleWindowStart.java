package org.topoplanner.app.desktop;

import javafx.stage.Stage;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.testfx.api.FxRobot;
import org.testfx.api.FxToolkit;
import org.testfx.framework.junit5.ApplicationAdapter;
import org.testfx.framework.junit5.ApplicationFixture;
import org.testfx.util.WaitForAsyncUtils;

/**
 * TestFX's {@code ApplicationExtension} for an {@link ExampleWindowTest}: that extension looks for a
 * {@code @Start} method declared in the test class itself, never in a superclass, so the shared start-up
 * is started here instead, with the same set-up and clean-up around each test and an {@link FxRobot} for
 * the test's parameters.
 */
public final class ExampleWindowStart extends FxRobot
        implements BeforeEachCallback, AfterEachCallback, ParameterResolver {
    private ApplicationFixture fixture;

    @Override
    public void beforeEach(ExtensionContext context) throws Exception {
        ExampleWindowTest test = (ExampleWindowTest) context.getRequiredTestInstance();
        fixture = new ApplicationFixture() {
            @Override
            public void init() {
            }

            @Override
            public void start(Stage stage) {
                test.open(stage);
            }

            @Override
            public void stop() {
            }
        };
        FxToolkit.registerPrimaryStage();
        FxToolkit.setupApplication(() -> new ApplicationAdapter(fixture));
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        FxToolkit.cleanupAfterTest(this, new ApplicationAdapter(fixture));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType().isAssignableFrom(FxRobot.class);
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return this;
    }
}
