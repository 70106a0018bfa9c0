package io.envhub.cli.build;

import io.envhub.format.hash.ContentHash;
import io.envhub.format.pyproject.PyProject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Decides which project files go into the wheel, and under which path. */
final class WheelLayout {
    private WheelLayout() {
    }

    /**
     * Selects the payload.
     *
     * @param project the project
     * @param files candidate files (already filtered by {@link ProjectFiles})
     * @param root project directory
     * @return wheel path to project path, sorted by wheel path
     * @throws BuildException when nothing or something impossible is selected
     */
    static Map<String, String> select(PyProject project, List<String> files, Path root) {
        Map<String, String> members = new TreeMap<>(ContentHash.PATH_ORDER);
        for (String pkg : project.wheelPackages()) {
            String dir = clean(pkg);
            if (dir.isEmpty() || !Files.isDirectory(root.resolve(dir))) {
                throw new BuildException("[tool.hatch.build.targets.wheel] packages: '" + pkg + "' is not a directory of the project");
            }
            String parent = dir.contains("/") ? dir.substring(0, dir.lastIndexOf('/') + 1) : "";
            int before = members.size();
            for (String f : files) {
                if (f.startsWith(dir + "/")) {
                    put(members, f.substring(parent.length()), f);
                }
            }
            if (members.size() == before) {
                throw new BuildException("[tool.hatch.build.targets.wheel] packages: '" + pkg + "' holds no file to package");
            }
        }
        if (!project.hatchInclude().isEmpty()) {
            IgnoreRules include = IgnoreRules.parse(String.join("\n", project.hatchInclude()));
            for (String f : files) {
                if (include.matchesPathOrParent(f) && !members.containsValue(f)) {
                    put(members, f, f);
                }
            }
            if (members.isEmpty()) {
                throw new BuildException("[tool.hatch.build] include " + project.hatchInclude()
                        + " matches no file of the project (check the names, and that .gitignore does not hide them)");
            }
        }
        if (project.wheelPackages().isEmpty() && project.hatchInclude().isEmpty()) {
            conventional(project.name().moduleName(), files, members);
        }
        return members;
    }

    private static void conventional(String module, List<String> files, Map<String, String> members) {
        for (String prefix : List.of("", "src/")) {
            if (files.contains(prefix + module + "/__init__.py")) {
                for (String f : files) {
                    if (f.startsWith(prefix + module + "/")) {
                        put(members, f.substring(prefix.length()), f);
                    }
                }
                return;
            }
            if (files.contains(prefix + module + ".py")) {
                put(members, module + ".py", prefix + module + ".py");
                return;
            }
        }
        throw new BuildException("cannot find the module '" + module + "': expected " + module + ".py or " + module
                + "/__init__.py (or list files in [tool.hatch.build] include)");
    }

    private static void put(Map<String, String> members, String wheelPath, String source) {
        String previous = members.putIfAbsent(wheelPath, source);
        if (previous != null && !previous.equals(source)) {
            throw new BuildException("both '" + previous + "' and '" + source + "' would become '" + wheelPath + "' in the wheel");
        }
    }

    private static String clean(String path) {
        String p = path.replace('\\', '/');
        while (p.startsWith("./")) {
            p = p.substring(2);
        }
        while (p.endsWith("/")) {
            p = p.substring(0, p.length() - 1);
        }
        return p;
    }
}
