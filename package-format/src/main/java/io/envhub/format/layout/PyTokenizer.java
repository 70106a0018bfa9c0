package io.envhub.format.layout;

import java.util.ArrayList;
import java.util.List;

/**
 * A tokenizer for Python source, close enough to CPython's for reading a package's structure without running it:
 * names, numbers, strings (every prefix, single and triple quoted, escapes), operators, comments dropped, physical
 * lines joined inside brackets and after a backslash, and {@code NEWLINE}, {@code INDENT}, {@code DEDENT} tokens
 * at logical-line boundaries. It never throws on odd input: an unterminated string ends at the end of the text.
 */
final class PyTokenizer {

    /** Token kinds. */
    enum Kind { NAME, NUMBER, STRING, OP, NEWLINE, INDENT, DEDENT, END }

    /**
     * One token.
     *
     * @param kind kind
     * @param text the token as written (a string with its prefix and quotes)
     * @param start offset of its first character in the source
     * @param end offset after its last character
     * @param line 1-based line
     */
    record Token(Kind kind, String text, int start, int end, int line) {
        boolean is(String s) {
            return (kind == Kind.OP || kind == Kind.NAME) && text.equals(s);
        }

        /** The value of a string literal (prefix and quotes removed, simple escapes decoded unless raw). */
        String stringValue() {
            int i = 0;
            while (i < text.length() && text.charAt(i) != '\'' && text.charAt(i) != '"') {
                i++;
            }
            String prefix = text.substring(0, i).toLowerCase();
            String body = text.substring(i);
            int q = body.startsWith("\"\"\"") || body.startsWith("'''") ? 3 : 1;
            q = Math.min(q, body.length());
            String quotes = body.substring(0, q);
            String inner = body.length() >= 2 * q && body.endsWith(quotes) ? body.substring(q, body.length() - q)
                    : body.substring(q);
            return prefix.contains("r") ? inner : unescape(inner);
        }
    }

    private static final String[] OPS = {"**=", "//=", ">>=", "<<=", "...", "->", ":=", "==", "!=", "<=", ">=", "**", "//",
        "<<", ">>", "+=", "-=", "*=", "/=", "%=", "&=", "|=", "^=", "@="};

    private PyTokenizer() {
    }

    static List<Token> tokenize(String src) {
        List<Token> out = new ArrayList<>();
        List<Integer> indents = new ArrayList<>(List.of(0));
        int depth = 0;
        int i = 0;
        int line = 1;
        int n = src.length();
        boolean lineStart = true;
        while (i < n) {
            if (lineStart && depth == 0) {
                int col = 0;
                int j = i;
                while (j < n && (src.charAt(j) == ' ' || src.charAt(j) == '\t' || src.charAt(j) == '\f')) {
                    col = src.charAt(j) == '\t' ? (col / 8 + 1) * 8 : src.charAt(j) == '\f' ? 0 : col + 1;
                    j++;
                }
                if (j >= n) {
                    i = j;
                    break;
                }
                char c = src.charAt(j);
                if (c == '\n' || c == '\r' || c == '#') {
                    // blank or comment-only line: no indentation change
                    while (j < n && src.charAt(j) != '\n') {
                        j++;
                    }
                    i = j + 1;
                    line++;
                    continue;
                }
                if (c == '\\' && j + 1 < n && (src.charAt(j + 1) == '\n' || src.charAt(j + 1) == '\r')) {
                    i = j;
                    lineStart = false;
                    continue;
                }
                int top = indents.get(indents.size() - 1);
                if (col > top) {
                    indents.add(col);
                    out.add(new Token(Kind.INDENT, "", j, j, line));
                } else {
                    while (col < indents.get(indents.size() - 1) && indents.size() > 1) {
                        indents.remove(indents.size() - 1);
                        out.add(new Token(Kind.DEDENT, "", j, j, line));
                    }
                }
                i = j;
                lineStart = false;
                continue;
            }
            char c = src.charAt(i);
            if (c == '\n') {
                if (depth == 0 && !out.isEmpty() && out.get(out.size() - 1).kind() != Kind.NEWLINE) {
                    out.add(new Token(Kind.NEWLINE, "", i, i, line));
                }
                i++;
                line++;
                lineStart = depth == 0;
                continue;
            }
            if (c == ' ' || c == '\t' || c == '\r' || c == '\f') {
                i++;
                continue;
            }
            if (c == '#') {
                while (i < n && src.charAt(i) != '\n') {
                    i++;
                }
                continue;
            }
            if (c == '\\' && i + 1 < n && (src.charAt(i + 1) == '\n' || src.charAt(i + 1) == '\r')) {
                i += src.charAt(i + 1) == '\r' && i + 2 < n && src.charAt(i + 2) == '\n' ? 3 : 2;
                line++;
                continue;
            }
            int stringEnd = stringAt(src, i);
            if (stringEnd > 0) {
                String text = src.substring(i, stringEnd);
                out.add(new Token(Kind.STRING, text, i, stringEnd, line));
                line += (int) text.chars().filter(ch -> ch == '\n').count();
                i = stringEnd;
                continue;
            }
            if (Character.isJavaIdentifierStart(c) && c != '$') {
                int j = i + 1;
                while (j < n && Character.isJavaIdentifierPart(src.charAt(j)) && src.charAt(j) != '$') {
                    j++;
                }
                out.add(new Token(Kind.NAME, src.substring(i, j), i, j, line));
                i = j;
                continue;
            }
            if (Character.isDigit(c) || (c == '.' && i + 1 < n && Character.isDigit(src.charAt(i + 1)))) {
                int j = i + 1;
                while (j < n && (Character.isLetterOrDigit(src.charAt(j)) || src.charAt(j) == '_' || src.charAt(j) == '.'
                        || ((src.charAt(j) == '+' || src.charAt(j) == '-') && (src.charAt(j - 1) == 'e' || src.charAt(j - 1) == 'E')
                        && !src.substring(i, j).toLowerCase().startsWith("0x")))) {
                    j++;
                }
                out.add(new Token(Kind.NUMBER, src.substring(i, j), i, j, line));
                i = j;
                continue;
            }
            String op = null;
            for (String o : OPS) {
                if (src.startsWith(o, i)) {
                    op = o;
                    break;
                }
            }
            if (op == null) {
                op = String.valueOf(c);
            }
            if ("([{".contains(op)) {
                depth++;
            } else if (")]}".contains(op)) {
                depth = Math.max(0, depth - 1);
            }
            out.add(new Token(Kind.OP, op, i, i + op.length(), line));
            i += op.length();
        }
        if (!out.isEmpty() && out.get(out.size() - 1).kind() != Kind.NEWLINE) {
            out.add(new Token(Kind.NEWLINE, "", n, n, line));
        }
        while (indents.size() > 1) {
            indents.remove(indents.size() - 1);
            out.add(new Token(Kind.DEDENT, "", n, n, line));
        }
        out.add(new Token(Kind.END, "", n, n, line));
        return out;
    }

    /** The end of a string literal starting at {@code i} (with an optional prefix), or -1 when none starts there. */
    private static int stringAt(String src, int i) {
        int n = src.length();
        int j = i;
        while (j < n && j - i < 2 && "rRbBuUfFtT".indexOf(src.charAt(j)) >= 0) {
            j++;
        }
        if (j >= n || (src.charAt(j) != '\'' && src.charAt(j) != '"')) {
            return -1;
        }
        if (j > i && i > 0 && Character.isJavaIdentifierPart(src.charAt(i - 1))) {
            return -1;
        }
        boolean raw = src.substring(i, j).toLowerCase().contains("r");
        char q = src.charAt(j);
        boolean triple = src.startsWith(String.valueOf(q).repeat(3), j);
        int k = j + (triple ? 3 : 1);
        while (k < n) {
            char c = src.charAt(k);
            if (c == '\\') {
                k += 2;
                continue;
            }
            if (triple) {
                if (src.startsWith(String.valueOf(q).repeat(3), k)) {
                    return k + 3;
                }
            } else if (c == q) {
                return k + 1;
            } else if (c == '\n') {
                return k; // unterminated single-quoted string: stop at the line end
            }
            k++;
        }
        return raw ? n : n;
    }

    private static String unescape(String s) {
        if (s.indexOf('\\') < 0) {
            return s;
        }
        StringBuilder b = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c != '\\' || i + 1 >= s.length()) {
                b.append(c);
                continue;
            }
            char e = s.charAt(++i);
            switch (e) {
                case 'n' -> b.append('\n');
                case 't' -> b.append('\t');
                case 'r' -> b.append('\r');
                case '\\', '\'', '"' -> b.append(e);
                case '\n' -> { }
                default -> b.append('\\').append(e);
            }
        }
        return b.toString();
    }
}
