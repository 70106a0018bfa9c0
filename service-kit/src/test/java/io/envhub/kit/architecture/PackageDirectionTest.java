package io.envhub.kit.architecture;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.Test;

/** service-kit's packages point one way: no import cycles between any two of its packages, sub-packages included. */
class PackageDirectionTest {
    @Test
    void noCyclesBetweenPackages() {
        JavaClasses classes = new ClassFileImporter().withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
                .importPackages("io.envhub.kit");
        slices().matching("io.envhub.kit.(**)").should().beFreeOfCycles().check(classes);
    }
}
