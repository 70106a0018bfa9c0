package io.envhub.format.layout;

import io.envhub.format.archive.ArchiveLimits;
import io.envhub.format.archive.SafeZipReader;
import io.envhub.format.archive.ZipEntryInfo;
import io.envhub.format.layout.PackageLayout.Kind;
import io.envhub.format.layout.PackageLayout.Refused;
import io.envhub.format.layout.PackageIndex.Role;
import io.envhub.format.layout.PackageIndex.Sym;
import io.envhub.format.layout.PackageIndex.SymKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Decides statically whether an environment package is a verifiers v1 taskset package or a v0
 * {@code load_environment} module, the way verifiers' own loader ({@code verifiers/v1/utils/loaders.py}) would
 * decide it when importing the package, but by reading the Python sources only: nothing of the package runs.
 *
 * <p>v1: the import package exports, via {@code __all__}, exactly one class that subclasses {@code Taskset}
 * (directly as {@code vf.Taskset[...]}, through verifiers' own taskset classes, or through classes of the package,
 * following {@code from pkg.mod import X} re-exports), and at most one {@code Env} and one {@code Harness} subclass.
 * v0: the module defines, assigns or imports {@code load_environment}. The refusals say what verifiers would say.
 * Shared by {@code envhub build}/{@code push} and the validator, so both give the same answer in the same words.
 */
public final class LayoutReader {

    private final String module;
    private final PackageIndex index;
    private final List<String> requiresDist;

    private LayoutReader(String module, Map<String, String> sources, Set<String> files, List<String> requiresDist) {
        this.module = module;
        this.index = new PackageIndex(module, sources, files);
        this.requiresDist = requiresDist;
    }

    /**
     * Reads a package from its sources.
     *
     * @param module the import name (the project name with {@code -} as {@code _})
     * @param sources wheel member name to text, for the {@code .py} files of the package
     * @param files every wheel member name (to recognise bundled data files)
     * @param requiresDist the wheel's Requires-Dist values
     * @return the layout
     */
    public static PackageLayout read(String module, Map<String, String> sources, Set<String> files, List<String> requiresDist) {
        return new LayoutReader(module, sources, files, requiresDist).decide();
    }

    /**
     * Reads a package from a wheel file: its {@code .py} members under the module (each within the archive limits).
     *
     * @param wheelFile the wheel
     * @param limits archive limits
     * @param module the import name
     * @param requiresDist the wheel's Requires-Dist values
     * @return the layout
     */
    public static PackageLayout read(Path wheelFile, ArchiveLimits limits, String module, List<String> requiresDist) {
        Map<String, String> sources = new LinkedHashMap<>();
        Set<String> files = new TreeSet<>();
        try (SafeZipReader zip = SafeZipReader.open(wheelFile, limits)) {
            for (ZipEntryInfo e : zip.entries()) {
                files.add(e.name());
                if (e.name().endsWith(".py") && (e.name().startsWith(module + "/") || e.name().equals(module + ".py"))) {
                    sources.put(e.name(), new String(zip.readAllBytes(e), StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return read(module, sources, files, requiresDist);
    }

    private PackageLayout decide() {
        String entry = index.pathOf.get(module);
        if (entry == null) {
            return new PackageLayout(Kind.NONE, "no " + module + ".py or " + module + "/__init__.py: verifiers imports '"
                    + module + "' (the project name with '-' as '_')", Refused.NO_MODULE, module, null, null, null);
        }
        PySource src = index.source(module);
        String v0 = loadEnvironment(module);
        if (src.all == null) {
            if (v0 != null) {
                return new PackageLayout(Kind.V0, null, null, module, entry, v0, null);
            }
            String tasksets = String.join(", ", index.classesWith(Role.TASKSET));
            if (!tasksets.isEmpty()) {
                return refuse(Refused.NO_ALL, "module '" + module + "' defines no `__all__`; a verifiers v1 taskset package exports its"
                        + " Taskset subclass (" + tasksets + ") via `__all__`, e.g. `__all__ = [\"" + first(tasksets) + "\"]`", entry);
            }
            return refuse(Refused.NEITHER, "module '" + module + "' is neither a verifiers v1 taskset package (no `__all__` exporting a"
                    + " Taskset subclass) nor a v0 environment (no load_environment in " + entry + ")", entry);
        }
        List<Sym> tasksets = new ArrayList<>();
        List<Sym> envs = new ArrayList<>();
        List<Sym> harnesses = new ArrayList<>();
        for (String name : new LinkedHashSet<>(src.all)) {
            Sym s = index.resolve(module, name, 0);
            Set<Role> roles = index.exportedRoles(s);
            if (roles.contains(Role.TASKSET)) {
                tasksets.add(s);
            }
            if (roles.contains(Role.ENV)) {
                envs.add(s);
            }
            if (roles.contains(Role.HARNESS)) {
                harnesses.add(s);
            }
        }
        if (tasksets.size() > 1) {
            return refuse(Refused.MORE_THAN_ONE, many(tasksets, "Taskset"), entry);
        }
        if (tasksets.isEmpty()) {
            if (v0 != null) {
                return new PackageLayout(Kind.V0, null, null, module, entry, v0, null);
            }
            return refuse(Refused.NO_TASKSET, "module '" + module + "' exports no Taskset subclass via `__all__` (found " + src.all
                    + "); export exactly one (and it defines no load_environment for a v0 environment either)", entry);
        }
        if (envs.size() > 1) {
            return refuse(Refused.MORE_THAN_ONE, many(envs, "Env"), entry);
        }
        if (harnesses.size() > 1) {
            return refuse(Refused.MORE_THAN_ONE, many(harnesses, "Harness"), entry);
        }
        Sym taskset = tasksets.get(0);
        Sym env = envs.isEmpty() ? null : envs.get(0);
        Sym harness = harnesses.isEmpty() ? null : harnesses.get(0);
        String where = taskset.kind() == SymKind.CLASS ? index.pathOf.get(taskset.module()) : taskset.module();
        return new PackageLayout(Kind.V1, null, null, module, entry, where,
                new FactsReader(index, requiresDist).facts(taskset, env, harness));
    }

    private PackageLayout refuse(Refused refused, String why, String entry) {
        return new PackageLayout(Kind.NONE, why, refused, module, entry, null, null);
    }

    private String many(List<Sym> syms, String base) {
        return "module '" + module + "' exports " + syms.size() + " " + base + " subclasses via `__all__` ("
                + String.join(", ", syms.stream().map(Sym::label).toList()) + "); export exactly one";
    }

    private static String first(String list) {
        int comma = list.indexOf(',');
        return comma < 0 ? list : list.substring(0, comma);
    }

    /** Where load_environment is (v0), or null. */
    private String loadEnvironment(String mod) {
        PySource src = index.source(mod);
        String path = index.pathOf.get(mod);
        if (src.functions.containsKey("load_environment") || src.assignments.containsKey("load_environment")) {
            return path;
        }
        Sym s = index.resolve(mod, "load_environment", 0);
        if (s.kind() == SymKind.FUNCTION || s.kind() == SymKind.VALUE) {
            return index.pathOf.get(s.module()) + ", exported by " + path;
        }
        if (s.kind() == SymKind.EXTERNAL) {
            return path + " (imported from " + s.module() + ")";
        }
        return null;
    }

}
