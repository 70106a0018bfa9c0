package io.envhub.format.layout;

import io.envhub.format.layout.PackageLayout.ConfigField;
import io.envhub.format.layout.PackageLayout.DatasetSource;
import io.envhub.format.layout.PackageLayout.Dependency;
import io.envhub.format.layout.PackageLayout.Reward;
import io.envhub.format.layout.PackageLayout.TasksetFacts;
import io.envhub.format.layout.PackageIndex.Role;
import io.envhub.format.layout.PackageIndex.Sym;
import io.envhub.format.layout.PackageIndex.SymKind;
import io.envhub.format.layout.PySource.ClassDef;
import io.envhub.format.layout.PySource.Function;
import io.envhub.format.layout.PyTokenizer.Token;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/** The static facts of a v1 taskset package (classes, config, rewards, datasets), read through a {@link PackageIndex}. */
final class FactsReader {

    private final PackageIndex index;
    private final String module;
    private final List<String> requiresDist;

    FactsReader(PackageIndex index, List<String> requiresDist) {
        this.index = index;
        this.module = index.module;
        this.requiresDist = requiresDist;
    }

    TasksetFacts facts(Sym taskset, Sym env, Sym harness) {
        String tasksetDoc = null;
        Sym task = null;
        Sym config = null;
        Function load = null;
        String loadOwner = null;
        boolean infinite = false;
        boolean toolsets = false;
        if (taskset.kind() == SymKind.CLASS) {
            for (Sym c : lineage(taskset)) {
                ClassDef cls = c.cls();
                if (tasksetDoc == null) {
                    tasksetDoc = cls.doc();
                }
                for (List<Token> base : cls.bases()) {
                    int open = PySource.indexOf(base, "[");
                    if (open > 0 && index.roles(index.resolveExpr(c.module(), base), new HashSet<>()).contains(Role.TASKSET)) {
                        List<List<Token>> args = PySource.splitArgs(PySource.inside(base, open));
                        if (task == null && !args.isEmpty()) {
                            task = index.resolveExpr(c.module(), args.get(0));
                        }
                        if (config == null && args.size() > 1) {
                            config = index.resolveExpr(c.module(), args.get(1));
                        }
                    }
                }
                if (load == null && cls.method("load") != null) {
                    load = cls.method("load");
                    loadOwner = c.module();
                }
                infinite |= cls.attributes().containsKey("INFINITE") && cls.attributes().get("INFINITE").size() == 1
                        && cls.attributes().get("INFINITE").get(0).is("True");
                toolsets |= cls.method("toolsets") != null;
            }
            if (tasksetDoc == null) {
                tasksetDoc = index.source(taskset.module()).doc;
            }
        }
        String taskDoc = null;
        Sym data = null;
        List<Reward> rewards = new ArrayList<>();
        List<String> stops = new ArrayList<>();
        List<String> metrics = new ArrayList<>();
        boolean validate = false;
        boolean user = false;
        if (task != null && task.kind() == SymKind.CLASS) {
            for (Sym c : lineage(task)) {
                ClassDef cls = c.cls();
                if (taskDoc == null) {
                    taskDoc = cls.doc();
                }
                for (List<Token> base : cls.bases()) {
                    int open = PySource.indexOf(base, "[");
                    if (data == null && open > 0) {
                        List<List<Token>> args = PySource.splitArgs(PySource.inside(base, open));
                        if (!args.isEmpty()) {
                            data = index.resolveExpr(c.module(), args.get(0));
                        }
                    }
                }
                for (Function m : cls.methods()) {
                    String deco = decorator(m, "reward", "stop", "metric", "user");
                    if ("reward".equals(deco) && rewards.stream().noneMatch(r -> r.name().equals(m.name()))) {
                        rewards.add(new Reward(m.name(), weight(m), "task"));
                    } else if ("stop".equals(deco) && !stops.contains(m.name())) {
                        stops.add(m.name());
                    } else if ("metric".equals(deco) && !metrics.contains(m.name())) {
                        metrics.add(m.name());
                    } else if ("user".equals(deco)) {
                        user = true;
                    }
                    validate |= m.name().equals("validate");
                }
            }
        }
        if (env != null && env.kind() == SymKind.CLASS) {
            List<Token> all = env.cls().stmt().allTokens();
            for (int i = 0; i + 2 < all.size(); i++) {
                if (all.get(i + 1).is("(") && all.get(i + 2).kind() == PyTokenizer.Kind.STRING) {
                    String n = all.get(i + 2).stringValue();
                    if (all.get(i).is("record_reward") && rewards.stream().noneMatch(r -> r.name().equals(n))) {
                        rewards.add(new Reward(n, null, "env"));
                    } else if (all.get(i).is("record_metric") && !metrics.contains(n)) {
                        metrics.add(n);
                    }
                }
            }
        }
        List<ConfigField> configFields = config != null && config.kind() == SymKind.CLASS ? fields(config) : List.of();
        List<ConfigField> dataFields = data != null && data.kind() == SymKind.CLASS ? data.cls().fields().stream()
                .map(f -> new ConfigField(f.name(), f.type(), f.defaultValue(), f.doc())).toList() : List.of();
        List<String> tools = tools();
        List<DatasetSource> datasets = new ArrayList<>();
        if (load != null) {
            datasets.addAll(datasets(load, loadOwner, config, taskset.label() + ".load"));
            if (datasets.isEmpty()) {
                datasets.add(new DatasetSource("generated", null, null, null, null, null, taskset.label() + ".load", null));
            }
        } else {
            String base = taskset.kind() == SymKind.CLASS && !taskset.cls().bases().isEmpty()
                    ? PySource.dotted(taskset.cls().bases().get(0)) : taskset.label();
            String file = bundledIn(configFields);
            datasets.add(new DatasetSource(file == null ? "inherited" : "bundled", null, null, null, file, null,
                    "load() inherited from " + base + (file == null ? "" : ", file named by the config"), null));
        }
        for (String mod : new TreeSet<>(index.pathOf.keySet())) {
            for (ClassDef c : index.source(mod).classes.values()) {
                if (index.roles(new Sym(SymKind.CLASS, mod, c.name(), c), new HashSet<>()).contains(Role.TOOLSET)) {
                    for (Function m : c.methods()) {
                        for (DatasetSource d : datasets(m, mod, null, c.name() + "." + m.name())) {
                            if (datasets.stream().noneMatch(x -> x.written() != null && x.written().equals(d.written()))) {
                                datasets.add(d);
                            }
                        }
                    }
                }
            }
        }
        List<Dependency> deps = requiresDist.stream().map(Dependency::parse).toList();
        String type = harness != null ? "harness" : toolsets || !tools.isEmpty() ? "tool use"
                : env != null || user ? "multi-turn" : "single-turn";
        return new TasksetFacts(taskset.label(), clean(tasksetDoc), label(task), clean(taskDoc), label(data), dataFields,
                label(config), configFields, rewards, stops, metrics, tools, env == null ? null : env.label(),
                harness == null ? null : harness.label(), datasets, deps, type, infinite, validate);
    }

    private static String label(Sym s) {
        return s == null ? null : s.label();
    }

    private static String clean(String doc) {
        if (doc == null) {
            return null;
        }
        List<String> lines = new ArrayList<>(doc.strip().lines().toList());
        int indent = lines.stream().skip(1).filter(l -> !l.isBlank()).mapToInt(l -> l.length() - l.stripLeading().length())
                .min().orElse(0);
        for (int i = 1; i < lines.size(); i++) {
            String l = lines.get(i);
            lines.set(i, l.length() >= indent ? l.substring(indent) : l.strip());
        }
        return String.join("\n", lines);
    }

    /** The class and its local base classes, nearest first. */
    private List<Sym> lineage(Sym s) {
        List<Sym> out = new ArrayList<>();
        List<Sym> todo = new ArrayList<>(List.of(s));
        Set<String> seen = new HashSet<>();
        while (!todo.isEmpty()) {
            Sym c = todo.remove(0);
            if (c.kind() != SymKind.CLASS || !seen.add(c.module() + "." + c.cls().name())) {
                continue;
            }
            out.add(c);
            for (List<Token> base : c.cls().bases()) {
                todo.add(index.resolveExpr(c.module(), base));
            }
        }
        return out;
    }

    private List<ConfigField> fields(Sym config) {
        Map<String, ConfigField> out = new LinkedHashMap<>();
        List<Sym> chain = lineage(config);
        for (int i = chain.size() - 1; i >= 0; i--) {
            for (PySource.Field f : chain.get(i).cls().fields()) {
                out.put(f.name(), new ConfigField(f.name(), f.type(), f.defaultValue(), f.doc()));
            }
        }
        return List.copyOf(out.values());
    }

    private static String decorator(Function m, String... names) {
        for (List<Token> d : m.decorators()) {
            String last = null;
            for (Token t : d) {
                if (t.is("(")) {
                    break;
                }
                if (t.kind() == PyTokenizer.Kind.NAME) {
                    last = t.text();
                }
            }
            for (String n : names) {
                if (n.equals(last)) {
                    return n;
                }
            }
        }
        return null;
    }

    private static Double weight(Function m) {
        for (List<Token> d : m.decorators()) {
            int open = PySource.indexOf(d, "(");
            if (open < 0) {
                continue;
            }
            for (List<Token> arg : PySource.splitArgs(PySource.inside(d, open))) {
                if (arg.size() >= 3 && arg.get(0).is("weight") && arg.get(1).is("=")) {
                    return number(arg.subList(2, arg.size()));
                }
            }
        }
        return 1.0;
    }

    private static Double number(List<Token> ts) {
        StringBuilder b = new StringBuilder();
        for (Token t : ts) {
            b.append(t.text());
        }
        try {
            return Double.parseDouble(b.toString().replace("_", ""));
        } catch (NumberFormatException e) {
            return null;
        }
    }

    private List<String> tools() {
        List<String> out = new ArrayList<>();
        for (String mod : new TreeSet<>(index.pathOf.keySet())) {
            for (ClassDef c : index.source(mod).classes.values()) {
                List<Token> prefix = c.attributes().get("TOOL_PREFIX");
                String p = prefix != null && prefix.size() == 1 && prefix.get(0).kind() == PyTokenizer.Kind.STRING
                        ? prefix.get(0).stringValue() + "_" : "";
                for (Function m : c.methods()) {
                    if ("tool".equals(decorator(m, "tool"))) {
                        out.add(p + m.name());
                    }
                }
            }
        }
        return out;
    }

    /** Datasets a method reads: {@code load_dataset(...)} calls, else bundled data files it names. */
    private List<DatasetSource> datasets(Function m, String mod, Sym config, String where) {
        List<DatasetSource> out = new ArrayList<>();
        List<Token> ts = m.stmt().allTokens();
        PySource src = index.source(mod);
        Set<String> configAliases = new HashSet<>(Set.of("self.config", "cls.config", "config"));
        for (PySource.Stmt s : flat(m.stmt().body())) {
            List<Token> st = s.tokens();
            if (st.size() == 5 && st.get(0).kind() == PyTokenizer.Kind.NAME && st.get(1).is("=")
                    && PySource.dotted(st.subList(2, 5)).equals("self.config")) {
                configAliases.add(st.get(0).text());
            }
        }
        List<ConfigField> cfg = config != null && config.kind() == SymKind.CLASS ? fields(config) : List.of();
        for (int i = 0; i + 1 < ts.size(); i++) {
            if (!ts.get(i).is("load_dataset") || !ts.get(i + 1).is("(") || (i > 0 && ts.get(i - 1).is("def"))) {
                continue;
            }
            List<Token> inner = PySource.inside(ts, i + 1);
            String id = null;
            String name = null;
            String split = null;
            int positional = 0;
            for (List<Token> arg : PySource.splitArgs(inner)) {
                if (arg.size() >= 3 && arg.get(0).kind() == PyTokenizer.Kind.NAME && arg.get(1).is("=")) {
                    String v = value(arg.subList(2, arg.size()), mod, src, configAliases, cfg);
                    switch (arg.get(0).text()) {
                        case "path" -> id = v;
                        case "name" -> name = v;
                        case "split" -> split = v;
                        default -> { }
                    }
                } else {
                    String v = value(arg, mod, src, configAliases, cfg);
                    if (positional == 0) {
                        id = v;
                    } else if (positional == 1) {
                        name = v;
                    } else if (positional == 2 && split == null) {
                        split = v;
                    }
                    positional++;
                }
            }
            String written = "load_dataset(" + src.slice(inner) + ")";
            String file = id == null ? null : index.bundled(id);
            out.add(file != null ? new DatasetSource("bundled", null, null, split, file, written, where, null)
                    : new DatasetSource("huggingface", id, name, split, null, written, where, "huggingface.co"));
        }
        if (out.isEmpty()) {
            Set<String> strings = new LinkedHashSet<>();
            for (Token t : ts) {
                if (t.kind() == PyTokenizer.Kind.STRING) {
                    strings.add(t.stringValue());
                } else if (t.kind() == PyTokenizer.Kind.NAME && src.assignments.containsKey(t.text())) {
                    src.assignments.get(t.text()).stream().filter(x -> x.kind() == PyTokenizer.Kind.STRING)
                            .forEach(x -> strings.add(x.stringValue()));
                }
            }
            cfg.forEach(f -> {
                if (f.defaultValue() != null) {
                    strings.add(f.defaultValue());
                }
            });
            for (String s : strings) {
                String file = index.bundled(s);
                if (file != null) {
                    out.add(new DatasetSource("bundled", null, null, null, file, s, where, null));
                    break;
                }
            }
        }
        return out;
    }

    private static List<PySource.Stmt> flat(List<PySource.Stmt> body) {
        List<PySource.Stmt> out = new ArrayList<>();
        for (PySource.Stmt s : body) {
            out.add(s);
            out.addAll(flat(s.body()));
        }
        return out;
    }

    /** The value of an argument as written, with string constants, module constants and config defaults resolved. */
    private String value(List<Token> arg, String mod, PySource src, Set<String> configAliases, List<ConfigField> cfg) {
        if (arg.size() == 1 && arg.get(0).kind() == PyTokenizer.Kind.STRING) {
            return arg.get(0).stringValue();
        }
        if (arg.size() == 1 && arg.get(0).kind() == PyTokenizer.Kind.NAME) {
            List<Token> v = src.assignments.get(arg.get(0).text());
            if (v == null) {
                Sym s = index.resolve(mod, arg.get(0).text(), 0);
                if (s.kind() == SymKind.VALUE) {
                    v = index.source(s.module()).assignments.get(s.name());
                }
            }
            if (v != null && v.size() == 1 && v.get(0).kind() == PyTokenizer.Kind.STRING) {
                return v.get(0).stringValue();
            }
        }
        String text = PySource.dotted(arg);
        int dot = text.lastIndexOf('.');
        if (dot > 0 && configAliases.contains(text.substring(0, dot))) {
            String field = text.substring(dot + 1);
            for (ConfigField f : cfg) {
                if (f.name().equals(field) && f.defaultValue() != null) {
                    List<Token> d = PyTokenizer.tokenize(f.defaultValue());
                    return d.size() >= 1 && d.get(0).kind() == PyTokenizer.Kind.STRING ? d.get(0).stringValue()
                            : f.defaultValue();
                }
            }
        }
        return src.slice(arg);
    }

    private String bundledIn(List<ConfigField> fields) {
        for (ConfigField f : fields) {
            if (f.defaultValue() != null) {
                String b = index.bundled(f.defaultValue());
                if (b != null) {
                    return b;
                }
            }
        }
        return null;
    }
}
