package io.envhub.format.layout;

import io.envhub.format.layout.PyTokenizer.Kind;
import io.envhub.format.layout.PyTokenizer.Token;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The top-level structure of one Python module read from its tokens (nothing runs): docstring, imports,
 * {@code __all__}, functions, classes (bases, docstring, annotated fields with defaults and docstrings, attributes,
 * methods with their decorators and bodies) and module-level assignments.
 */
final class PySource {

    /** A logical line and the block under it, when it opens one. */
    record Stmt(List<Token> tokens, List<Stmt> body) {
        Token first() {
            return tokens.get(0);
        }

        /** The string literal(s) of a bare expression statement, else null (a docstring when it comes first). */
        String docstring() {
            if (tokens.isEmpty() || !tokens.stream().allMatch(t -> t.kind() == Kind.STRING)) {
                return null;
            }
            StringBuilder b = new StringBuilder();
            tokens.forEach(t -> b.append(t.stringValue()));
            return b.toString();
        }

        /** Every token of this statement and its body, in order. */
        List<Token> allTokens() {
            List<Token> all = new ArrayList<>(tokens);
            body.forEach(s -> all.addAll(s.allTokens()));
            return all;
        }
    }

    /** {@code from module import name as alias} or {@code import module as alias} (name null). */
    record Import(String module, String name, String alias, int level) {
    }

    /** An annotated class field: {@code name: type = default}, with the string literal after it. */
    record Field(String name, String type, String defaultValue, Token defaultToken, String doc) {
    }

    /** A function or method. */
    record Function(String name, boolean async, List<List<Token>> decorators, String doc, Stmt stmt) {
    }

    /** A class. */
    record ClassDef(String name, List<List<Token>> bases, String doc, List<Field> fields, Map<String, List<Token>> attributes,
                    List<Function> methods, Stmt stmt) {
        Function method(String n) {
            return methods.stream().filter(m -> m.name().equals(n)).findFirst().orElse(null);
        }
    }

    final String text;
    final String doc;
    final List<Import> imports = new ArrayList<>();
    final List<String> all;
    final Map<String, Function> functions = new LinkedHashMap<>();
    final Map<String, ClassDef> classes = new LinkedHashMap<>();
    /** Module-level {@code NAME = value}: the value's tokens. */
    final Map<String, List<Token>> assignments = new LinkedHashMap<>();

    private PySource(String text, List<Stmt> stmts) {
        this.text = text;
        this.doc = stmts.isEmpty() ? null : stmts.get(0).docstring();
        List<String> exported = null;
        List<List<Token>> decorators = new ArrayList<>();
        for (Stmt s : flatten(stmts)) {
            Token f = s.first();
            if (f.is("@")) {
                decorators.add(s.tokens().subList(1, s.tokens().size()));
                continue;
            }
            if (f.is("import") || f.is("from")) {
                readImport(s.tokens());
            } else if (f.is("def") || (f.is("async") && s.tokens().size() > 1 && s.tokens().get(1).is("def"))) {
                Function fn = function(s, decorators);
                functions.put(fn.name(), fn);
            } else if (f.is("class")) {
                ClassDef c = classDef(s);
                if (c != null) {
                    classes.put(c.name(), c);
                }
            } else if (f.kind() == Kind.NAME && s.tokens().size() > 2) {
                int eq = topLevel(s.tokens(), "=");
                int aug = topLevel(s.tokens(), "+=");
                if (f.text().equals("__all__") && (eq == 1 || aug == 1 || (eq > 1 && s.tokens().get(1).is(":")))) {
                    List<String> names = strings(s.tokens().subList(Math.max(eq, aug) + 1, s.tokens().size()));
                    if (eq > 0 || exported == null) {
                        exported = new ArrayList<>(names);
                    } else {
                        exported.addAll(names);
                    }
                } else if (eq == 1 || (eq > 1 && s.tokens().get(1).is(":"))) {
                    assignments.put(f.text(), s.tokens().subList(eq + 1, s.tokens().size()));
                }
            }
            decorators = new ArrayList<>();
        }
        this.all = exported;
    }

    static PySource parse(String text) {
        List<Token> tokens = PyTokenizer.tokenize(text);
        int[] pos = {0};
        return new PySource(text, block(tokens, pos));
    }

    /** The source text of tokens as written, comments dropped and line breaks folded to one space. */
    String slice(List<Token> ts) {
        StringBuilder b = new StringBuilder();
        Token prev = null;
        for (Token t : ts) {
            if (prev != null && t.start() > prev.end() && !"([{".contains(prev.text()) && !")]},".contains(t.text())) {
                b.append(' ');
            }
            b.append(t.text());
            prev = t;
        }
        return b.toString();
    }

    private static List<Stmt> block(List<Token> tokens, int[] pos) {
        List<Stmt> out = new ArrayList<>();
        while (pos[0] < tokens.size()) {
            Token t = tokens.get(pos[0]);
            if (t.kind() == Kind.END || t.kind() == Kind.DEDENT) {
                return out;
            }
            if (t.kind() == Kind.NEWLINE || t.kind() == Kind.INDENT) {
                pos[0]++;
                if (t.kind() == Kind.INDENT) {
                    // an unexpected indent: read it as a nested block of the previous statement, or skip it
                    List<Stmt> nested = block(tokens, pos);
                    if (pos[0] < tokens.size() && tokens.get(pos[0]).kind() == Kind.DEDENT) {
                        pos[0]++;
                    }
                    if (!out.isEmpty()) {
                        out.get(out.size() - 1).body().addAll(nested);
                    }
                }
                continue;
            }
            List<Token> line = new ArrayList<>();
            while (pos[0] < tokens.size() && tokens.get(pos[0]).kind() != Kind.NEWLINE
                    && tokens.get(pos[0]).kind() != Kind.END && tokens.get(pos[0]).kind() != Kind.DEDENT
                    && tokens.get(pos[0]).kind() != Kind.INDENT) {
                line.add(tokens.get(pos[0]++));
            }
            List<Stmt> body = new ArrayList<>();
            Token head = line.get(0);
            boolean compound = head.kind() == Kind.NAME && List.of("class", "def", "async", "if", "elif", "else", "for",
                    "while", "try", "except", "finally", "with", "match", "case").contains(head.text());
            int colon = compound ? headerColon(line) : -1;
            if (colon >= 0 && colon < line.size() - 1) {
                // `class A: pass` - the rest of the line is the body
                body.add(new Stmt(new ArrayList<>(line.subList(colon + 1, line.size())), new ArrayList<>()));
                line = new ArrayList<>(line.subList(0, colon + 1));
            }
            if (pos[0] < tokens.size() && tokens.get(pos[0]).kind() == Kind.NEWLINE) {
                pos[0]++;
            }
            if (colon == line.size() - 1 && pos[0] < tokens.size() && tokens.get(pos[0]).kind() == Kind.INDENT) {
                pos[0]++;
                body.addAll(block(tokens, pos));
                if (pos[0] < tokens.size() && tokens.get(pos[0]).kind() == Kind.DEDENT) {
                    pos[0]++;
                }
            }
            out.add(new Stmt(line, body));
        }
        return out;
    }

    /** The colon that ends a compound statement's header (the first one outside brackets and lambdas). */
    private static int headerColon(List<Token> line) {
        int depth = 0;
        int lambdas = 0;
        for (int i = 0; i < line.size(); i++) {
            Token t = line.get(i);
            if (t.kind() == Kind.OP && "([{".contains(t.text())) {
                depth++;
            } else if (t.kind() == Kind.OP && ")]}".contains(t.text())) {
                depth--;
            } else if (depth == 0 && t.is("lambda")) {
                lambdas++;
            } else if (depth == 0 && t.is(":")) {
                if (lambdas > 0) {
                    lambdas--;
                } else {
                    return i;
                }
            }
        }
        return -1;
    }

    /** Top-level statements, with the bodies of top-level {@code if}/{@code try}/{@code else} blocks flattened in. */
    private static List<Stmt> flatten(List<Stmt> stmts) {
        List<Stmt> out = new ArrayList<>();
        for (Stmt s : stmts) {
            Token f = s.first();
            if (f.is("if") || f.is("elif") || f.is("else") || f.is("try") || f.is("except") || f.is("finally")) {
                if (f.is("if") && s.tokens().size() > 1 && s.tokens().get(1).is("__name__")) {
                    continue; // `if __name__ == "__main__":` only runs as a script
                }
                out.addAll(flatten(s.body()));
            } else {
                out.add(s);
            }
        }
        return out;
    }

    static int topLevel(List<Token> ts, String op) {
        int depth = 0;
        for (int i = 0; i < ts.size(); i++) {
            Token t = ts.get(i);
            if (t.kind() == Kind.OP && "([{".contains(t.text())) {
                depth++;
            } else if (t.kind() == Kind.OP && ")]}".contains(t.text())) {
                depth--;
            } else if (depth == 0 && t.kind() == Kind.OP && t.text().equals(op)) {
                return i;
            }
        }
        return -1;
    }

    /** The string literals of a list or tuple display. */
    private static List<String> strings(List<Token> ts) {
        List<String> out = new ArrayList<>();
        for (Token t : ts) {
            if (t.kind() == Kind.STRING) {
                out.add(t.stringValue());
            }
        }
        return out;
    }

    /** Splits tokens on commas at bracket depth 0. */
    static List<List<Token>> splitArgs(List<Token> ts) {
        List<List<Token>> out = new ArrayList<>();
        List<Token> cur = new ArrayList<>();
        int depth = 0;
        for (Token t : ts) {
            if (t.kind() == Kind.OP && "([{".contains(t.text())) {
                depth++;
            } else if (t.kind() == Kind.OP && ")]}".contains(t.text())) {
                depth--;
            }
            if (depth == 0 && t.is(",")) {
                if (!cur.isEmpty()) {
                    out.add(cur);
                }
                cur = new ArrayList<>();
            } else {
                cur.add(t);
            }
        }
        if (!cur.isEmpty()) {
            out.add(cur);
        }
        return out;
    }

    /** The tokens inside the bracket pair opening at {@code open}, or empty. */
    static List<Token> inside(List<Token> ts, int open) {
        int depth = 0;
        for (int i = open; i < ts.size(); i++) {
            Token t = ts.get(i);
            if (t.kind() == Kind.OP && "([{".contains(t.text())) {
                depth++;
            } else if (t.kind() == Kind.OP && ")]}".contains(t.text())) {
                depth--;
                if (depth == 0) {
                    return ts.subList(open + 1, i);
                }
            }
        }
        return ts.subList(Math.min(open + 1, ts.size()), ts.size());
    }

    private void readImport(List<Token> ts) {
        if (ts.get(0).is("import")) {
            for (List<Token> part : splitArgs(ts.subList(1, ts.size()))) {
                int as = indexOf(part, "as");
                String module = dotted(as < 0 ? part : part.subList(0, as));
                String alias = as < 0 ? module.split("\\.")[0] : part.get(as + 1).text();
                imports.add(new Import(as < 0 ? module.split("\\.")[0] : module, null, alias, 0));
            }
            return;
        }
        int imp = indexOf(ts, "import");
        if (imp < 0) {
            return;
        }
        int level = 0;
        int i = 1;
        for (; i < imp && ts.get(i).kind() == Kind.OP; i++) {
            level += ts.get(i).text().length(); // "." or "..."
        }
        String module = dotted(ts.subList(i, imp));
        List<Token> names = ts.subList(imp + 1, ts.size());
        if (!names.isEmpty() && names.get(0).is("(")) {
            names = inside(names, 0);
        }
        for (List<Token> part : splitArgs(names)) {
            int as = indexOf(part, "as");
            String name = part.get(0).text();
            imports.add(new Import(module, name, as < 0 ? name : part.get(as + 1).text(), level));
        }
    }

    private Function function(Stmt s, List<List<Token>> decorators) {
        boolean async = s.first().is("async");
        String name = s.tokens().get(async ? 2 : 1).text();
        String d = s.body().isEmpty() ? null : s.body().get(0).docstring();
        return new Function(name, async, decorators, d, s);
    }

    private ClassDef classDef(Stmt s) {
        List<Token> ts = s.tokens();
        if (ts.size() < 2 || ts.get(1).kind() != Kind.NAME) {
            return null;
        }
        List<List<Token>> bases = new ArrayList<>();
        if (ts.size() > 2 && ts.get(2).is("(")) {
            for (List<Token> b : splitArgs(inside(ts, 2))) {
                if (!(b.size() > 1 && b.get(1).is("="))) {
                    bases.add(b);
                }
            }
        }
        String d = s.body().isEmpty() ? null : s.body().get(0).docstring();
        List<Field> fields = new ArrayList<>();
        Map<String, List<Token>> attributes = new LinkedHashMap<>();
        List<Function> methods = new ArrayList<>();
        List<List<Token>> decorators = new ArrayList<>();
        List<Stmt> body = s.body();
        for (int i = 0; i < body.size(); i++) {
            Stmt m = body.get(i);
            Token f = m.first();
            if (f.is("@")) {
                decorators.add(m.tokens().subList(1, m.tokens().size()));
                continue;
            }
            if (f.is("def") || (f.is("async") && m.tokens().size() > 1 && m.tokens().get(1).is("def"))) {
                methods.add(function(m, decorators));
            } else if (f.kind() == Kind.NAME && m.tokens().size() > 2 && m.tokens().get(1).is(":")) {
                int eq = topLevel(m.tokens(), "=");
                List<Token> type = m.tokens().subList(2, eq < 0 ? m.tokens().size() : eq);
                List<Token> value = eq < 0 ? List.of() : m.tokens().subList(eq + 1, m.tokens().size());
                String fieldDoc = i + 1 < body.size() ? body.get(i + 1).docstring() : null;
                fields.add(new Field(f.text(), slice(type), value.isEmpty() ? null : slice(value),
                        value.size() == 1 ? value.get(0) : null, fieldDoc));
            } else if (f.kind() == Kind.NAME && m.tokens().size() > 2 && m.tokens().get(1).is("=")) {
                attributes.put(f.text(), m.tokens().subList(2, m.tokens().size()));
            }
            decorators = new ArrayList<>();
        }
        return new ClassDef(ts.get(1).text(), bases, d, fields, attributes, methods, s);
    }

    static String dotted(List<Token> ts) {
        StringBuilder b = new StringBuilder();
        for (Token t : ts) {
            b.append(t.text());
        }
        return b.toString();
    }

    static int indexOf(List<Token> ts, String word) {
        for (int i = 0; i < ts.size(); i++) {
            if (ts.get(i).is(word)) {
                return i;
            }
        }
        return -1;
    }
}
