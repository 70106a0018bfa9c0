package io.envhub.registry.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * hub-backend's feature packages point one way: no import cycles between the packages under
 * {@code io.envhub.registry}; {@code error} (problem rows and input guards) and {@code model} (the shared entities
 * and value types) import no feature package.
 */
class PackageDirectionTest {
    private static final String ROOT = "io.envhub.registry";
    private static JavaClasses backend;

    @BeforeAll
    static void importClasses() {
        backend = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages(ROOT);
    }

    @Test
    void noCyclesBetweenFeaturePackages() {
        slices().matching(ROOT + ".(**)").should().beFreeOfCycles().check(backend);
    }

    @Test
    void errorImportsNoFeature() {
        importsNothingOfTheBackendBut("error").check(backend);
    }

    @Test
    void modelImportsNoFeature() {
        importsNothingOfTheBackendBut("model", "error").check(backend);
    }

    private static com.tngtech.archunit.lang.ArchRule importsNothingOfTheBackendBut(String slice, String... below) {
        String[] allowed = new String[below.length + 1];
        allowed[0] = ROOT + "." + slice + "..";
        for (int i = 0; i < below.length; i++) {
            allowed[i + 1] = ROOT + "." + below[i] + "..";
        }
        return noClasses().that().resideInAPackage(ROOT + "." + slice + "..").should().dependOnClassesThat(
                        resideInAPackage(ROOT + "..").and(DescribedPredicate.not(resideInAnyPackage(allowed))))
                .allowEmptyShould(true);
    }
}
