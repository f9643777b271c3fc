package org.topoplanner.app.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The layering of the window's packages (docs/architecture.md, "The packages of app"): {@code window}
 * puts everything together and nothing uses it; {@code state} is what every part observes and uses
 * no other part; the tree, the dialogs and the import review's panes use neither drag and drop nor
 * the inspector. Main classes only: the window tests start the whole window from any package.
 */
class DesktopPackageRulesTest {
    private static final String DESKTOP = "org.topoplanner.app.desktop";
    private static JavaClasses classes;

    @BeforeAll
    static void importApp() {
        classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("org.topoplanner.app");
    }

    /** Only the program's entry point ({@code Main}, which launches it) knows the window. */
    @Test
    void nothingUsesTheWindow() {
        noClasses().that().resideOutsideOfPackages(DESKTOP + ".window..", "org.topoplanner.app")
                .should().dependOnClassesThat().resideInAPackage(DESKTOP + ".window..")
                .check(classes);
    }

    @Test
    void theStateUsesNoOtherPartOfTheWindow() {
        noClasses().that().resideInAPackage(DESKTOP + ".state..")
                .should().dependOnClassesThat().resideInAnyPackage(DESKTOP, DESKTOP + ".window..",
                        DESKTOP + ".dialogs..", DESKTOP + ".inspector..", DESKTOP + ".tree..", DESKTOP + ".dnd..",
                        DESKTOP + ".diagnostics..", DESKTOP + ".fabric..", DESKTOP + ".node..")
                .check(classes);
    }

    @Test
    void theTreeAndTheDialogsDoNotUseTheDragAndDropOrTheInspector() {
        noClasses().that().resideInAnyPackage(DESKTOP + ".tree..", DESKTOP + ".dialogs..", DESKTOP + ".diagnostics..")
                .should().dependOnClassesThat().resideInAnyPackage(DESKTOP + ".dnd..", DESKTOP + ".inspector..", DESKTOP)
                .check(classes);
    }
}
