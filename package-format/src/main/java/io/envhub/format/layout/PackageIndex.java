package io.envhub.format.layout;

import io.envhub.format.layout.PySource.ClassDef;
import io.envhub.format.layout.PySource.Import;
import io.envhub.format.layout.PyTokenizer.Token;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** The modules of a package, read on demand, and what their names refer to (nothing runs). */
final class PackageIndex {

    static final Set<String> DATA_EXTENSIONS = Set.of("json", "jsonl", "csv", "tsv", "parquet", "txt", "arrow",
            "yaml", "yml", "xml", "ndjson");
    private static final int MAX_DEPTH = 12;

    enum Role { TASKSET, ENV, HARNESS, TOOLSET }

    enum SymKind { CLASS, MODULE, EXTERNAL, FUNCTION, VALUE, UNKNOWN }

    /** What a name refers to. */
    record Sym(SymKind kind, String module, String name, ClassDef cls) {
        String label() {
            return kind == SymKind.CLASS ? cls.name() : name;
        }
    }

    final String module;
    final Map<String, String> pathOf = new HashMap<>();
    private final Map<String, String> texts;
    private final Set<String> files;
    private final Map<String, PySource> parsed = new HashMap<>();

    PackageIndex(String module, Map<String, String> sources, Set<String> files) {
        this.module = module;
        this.texts = sources;
        this.files = files;
        for (String p : sources.keySet()) {
            if (!p.endsWith(".py")) {
                continue;
            }
            String dotted = p.substring(0, p.length() - 3).replace('/', '.');
            if (dotted.endsWith(".__init__")) {
                dotted = dotted.substring(0, dotted.length() - ".__init__".length());
            }
            pathOf.put(dotted, p);
        }
    }

    PySource source(String dotted) {
        String path = pathOf.get(dotted);
        if (path == null) {
            return null;
        }
        return parsed.computeIfAbsent(dotted, d -> PySource.parse(texts.get(path)));
    }

    String absolute(String from, Import im) {
        if (im.level() == 0) {
            return im.module();
        }
        boolean pkg = pathOf.getOrDefault(from, "").endsWith("__init__.py");
        String base = pkg ? from : from.contains(".") ? from.substring(0, from.lastIndexOf('.')) : "";
        for (int i = 1; i < im.level() && base.contains("."); i++) {
            base = base.substring(0, base.lastIndexOf('.'));
        }
        return im.module().isEmpty() ? base : base.isEmpty() ? im.module() : base + "." + im.module();
    }

    Sym resolve(String mod, String name, int depth) {
        PySource src = source(mod);
        if (src == null) {
            return new Sym(SymKind.EXTERNAL, mod, name, null);
        }
        if (depth > MAX_DEPTH) {
            return new Sym(SymKind.UNKNOWN, mod, name, null);
        }
        if (src.classes.containsKey(name)) {
            return new Sym(SymKind.CLASS, mod, name, src.classes.get(name));
        }
        if (src.functions.containsKey(name)) {
            return new Sym(SymKind.FUNCTION, mod, name, null);
        }
        if (src.assignments.containsKey(name)) {
            return new Sym(SymKind.VALUE, mod, name, null);
        }
        for (int i = src.imports.size() - 1; i >= 0; i--) {
            Import im = src.imports.get(i);
            if ("*".equals(im.name())) {
                String abs = absolute(mod, im);
                if (pathOf.containsKey(abs)) {
                    Sym s = resolve(abs, name, depth + 1);
                    if (s.kind() != SymKind.UNKNOWN) {
                        return s;
                    }
                }
                continue;
            }
            if (!name.equals(im.alias())) {
                continue;
            }
            String abs = absolute(mod, im);
            if (im.name() == null) {
                return new Sym(SymKind.MODULE, abs, name, null);
            }
            String sub = abs.isEmpty() ? im.name() : abs + "." + im.name();
            if (pathOf.containsKey(sub)) {
                return new Sym(SymKind.MODULE, sub, name, null);
            }
            if (pathOf.containsKey(abs)) {
                return resolve(abs, im.name(), depth + 1);
            }
            return new Sym(SymKind.EXTERNAL, abs, im.name(), null);
        }
        return new Sym(SymKind.UNKNOWN, mod, name, null);
    }

    /** What an expression such as {@code vf.Taskset[Task, Config]} or {@code mod.Base} names (subscript dropped). */
    Sym resolveExpr(String mod, List<Token> expr) {
        List<String> parts = new ArrayList<>();
        for (Token t : expr) {
            if (t.is("[") || t.is("(")) {
                break;
            }
            if (t.kind() == PyTokenizer.Kind.NAME) {
                parts.add(t.text());
            } else if (!t.is(".")) {
                return new Sym(SymKind.UNKNOWN, mod, PySource.dotted(expr), null);
            }
        }
        if (parts.isEmpty()) {
            return new Sym(SymKind.UNKNOWN, mod, "", null);
        }
        Sym s = resolve(mod, parts.get(0), 0);
        for (String part : parts.subList(1, parts.size())) {
            s = switch (s.kind()) {
                case MODULE -> pathOf.containsKey(s.module()) ? resolve(s.module(), part, 0)
                        : new Sym(SymKind.EXTERNAL, s.module(), part, null);
                case EXTERNAL -> new Sym(SymKind.EXTERNAL, s.module() + "." + s.name(), part, null);
                default -> new Sym(SymKind.UNKNOWN, mod, part, null);
            };
        }
        return s;
    }

    /** Roles of a class, from its bases (verifiers' classes are known by name). */
    Set<Role> roles(Sym s, Set<String> seen) {
        Set<Role> out = EnumSet.noneOf(Role.class);
        if (s.kind() == SymKind.EXTERNAL) {
            String n = s.name();
            if (n.endsWith("Taskset")) {
                out.add(Role.TASKSET);
            }
            if (n.endsWith("Env")) {
                out.add(Role.ENV);
            }
            if (n.endsWith("Harness")) {
                out.add(Role.HARNESS);
            }
            if (n.endsWith("Toolset")) {
                out.add(Role.TOOLSET);
            }
        } else if (s.kind() == SymKind.CLASS && seen.add(s.module() + "." + s.cls().name())) {
            for (List<Token> base : s.cls().bases()) {
                out.addAll(roles(resolveExpr(s.module(), base), seen));
            }
        }
        return out;
    }

    /** Roles of an exported name: verifiers' base classes themselves do not count (as in verifiers). */
    Set<Role> exportedRoles(Sym s) {
        if (s.kind() == SymKind.EXTERNAL && Set.of("Taskset", "Env", "Harness", "Toolset").contains(s.name())) {
            return EnumSet.noneOf(Role.class);
        }
        return roles(s, new HashSet<>());
    }

    List<String> classesWith(Role role) {
        List<String> out = new ArrayList<>();
        for (String mod : new TreeSet<>(pathOf.keySet())) {
            for (ClassDef c : source(mod).classes.values()) {
                if (roles(new Sym(SymKind.CLASS, mod, c.name(), c), new HashSet<>()).contains(role)) {
                    out.add(c.name());
                }
            }
        }
        return out;
    }

    /** The wheel member a written path names, when it is a data file of the package. */
    String bundled(String written) {
        String s = written.strip();
        List<String> candidates = new ArrayList<>();
        for (Token t : PyTokenizer.tokenize(s)) {
            if (t.kind() == PyTokenizer.Kind.STRING) {
                candidates.add(t.stringValue());
            }
        }
        candidates.add(s);
        for (String c : candidates) {
            String base = c.contains("/") ? c.substring(c.lastIndexOf('/') + 1) : c;
            int dot = base.lastIndexOf('.');
            if (dot < 0 || !DATA_EXTENSIONS.contains(base.substring(dot + 1).toLowerCase(Locale.ROOT))) {
                continue;
            }
            for (String f : files) {
                if ((f.startsWith(module + "/") || f.startsWith(module + ".")) && (f.equals(c) || f.endsWith("/" + c)
                        || f.endsWith("/" + base))) {
                    return f;
                }
            }
        }
        return null;
    }

}
