package io.envhub.validator.check;

import io.envhub.format.name.ProjectName;
import io.envhub.format.wheel.Wheel;

/**
 * Where the environment's module lives in the wheel: {@code <module>.py} or {@code <module>/__init__.py}, the
 * module named after the project (PEP 503 name with {@code -} replaced by {@code _}).
 *
 * @param name import name
 * @param path member holding the code that must define {@code load_environment}
 * @param isPackage whether it is a package
 */
record ModuleLayout(String name, String path, boolean isPackage) {

    static ModuleLayout find(Wheel wheel) {
        String module = ProjectName.of(wheel.metadata().name()).moduleName();
        if (wheel.files().contains(module + ".py")) {
            return new ModuleLayout(module, module + ".py", false);
        }
        if (wheel.files().contains(module + "/__init__.py")) {
            return new ModuleLayout(module, module + "/__init__.py", true);
        }
        return null;
    }
}
