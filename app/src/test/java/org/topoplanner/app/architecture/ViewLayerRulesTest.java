package org.topoplanner.app.architecture;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * How the window's two drawn views are layered (issue 20): layout code is toolkit-free, both views
 * draw with {@code desktop.canvas}, which knows neither of them, neither view borrows from the other,
 * and drag and drop sits above the views, not inside them.
 */
class ViewLayerRulesTest {
    private static final String DESKTOP = "org.topoplanner.app.desktop";
    private static JavaClasses classes;

    @BeforeAll
    static void importApp() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.topoplanner.app");
    }

    @Test
    void layoutCodeDoesNotTouchJavafx() {
        noClasses().that().resideInAPackage("org.topoplanner.app..layout..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", "org.controlsfx..")
                .allowEmptyShould(false)
                .check(classes);
    }

    @Test
    void theCanvasDependsOnNothingElseOfTheDesktop() {
        noClasses().that().resideInAPackage(DESKTOP + ".canvas..")
                .should().dependOnClassesThat(resideInAPackage(DESKTOP + "..").and(not(resideInAPackage(DESKTOP + ".canvas.."))))
                .allowEmptyShould(false)
                .check(classes);
    }

    @Test
    void theFabricViewDoesNotBorrowFromTheNodeView() {
        noClasses().that().resideInAPackage(DESKTOP + ".fabric..")
                .should().dependOnClassesThat().resideInAPackage(DESKTOP + ".node..")
                .allowEmptyShould(false)
                .check(classes);
    }

    @Test
    void theNodeViewDoesNotBorrowFromTheFabricView() {
        noClasses().that().resideInAPackage(DESKTOP + ".node..")
                .should().dependOnClassesThat().resideInAPackage(DESKTOP + ".fabric..")
                .allowEmptyShould(false)
                .check(classes);
    }

    @Test
    void theViewsDoNotKnowDragAndDrop() {
        noClasses().that().resideInAnyPackage(DESKTOP + ".canvas..", DESKTOP + ".fabric..", DESKTOP + ".node..")
                .should().dependOnClassesThat().resideInAPackage(DESKTOP + ".dnd..")
                .allowEmptyShould(false)
                .check(classes);
    }

    @Test
    void whatDropsSayIsDecidedWithoutAToolkit() {
        noClasses().that().resideInAPackage("org.topoplanner.app.plan..")
                .should().dependOnClassesThat().resideInAnyPackage("javafx..", DESKTOP + "..")
                .allowEmptyShould(false)
                .check(classes);
    }
}
