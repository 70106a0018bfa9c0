package io.envhub.format.wheel;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads and writes {@code RECORD}: CSV with three fields (path, hash, size) per line, quoted the way Python's
 * {@code csv} module does (fields containing a comma, quote or line break are enclosed in double quotes and
 * quotes are doubled). Lines end with {@code \n}; {@code \r\n} is accepted.
 */
public final class RecordFile {

    private RecordFile() {
    }

    /**
     * Renders entries.
     *
     * @param entries lines, in order
     * @return RECORD text
     */
    public static String write(List<RecordEntry> entries) {
        StringBuilder sb = new StringBuilder();
        for (RecordEntry e : entries) {
            sb.append(quote(e.path())).append(',')
                    .append(e.hash() == null ? "" : quote(e.hash())).append(',')
                    .append(e.size() == null ? "" : e.size().toString()).append('\n');
        }
        return sb.toString();
    }

    /**
     * Parses RECORD text.
     *
     * @param text RECORD content
     * @return the lines, in order (blank lines skipped)
     * @throws WheelValidationException with code {@link WheelValidationException#RECORD_MALFORMED}
     */
    public static List<RecordEntry> parse(String text) {
        List<RecordEntry> out = new ArrayList<>();
        int i = 0;
        int line = 1;
        while (i < text.length()) {
            List<String> fields = new ArrayList<>();
            StringBuilder field = new StringBuilder();
            int startLine = line;
            boolean endOfLine = false;
            while (!endOfLine) {
                if (i < text.length() && text.charAt(i) == '"' && field.length() == 0) {
                    i++;
                    while (true) {
                        if (i >= text.length()) {
                            throw malformed(startLine, "unterminated quoted field");
                        }
                        char c = text.charAt(i++);
                        if (c == '"') {
                            if (i < text.length() && text.charAt(i) == '"') {
                                field.append('"');
                                i++;
                                continue;
                            }
                            break;
                        }
                        if (c == '\n') {
                            line++;
                        }
                        field.append(c);
                    }
                    if (i < text.length() && ",\r\n".indexOf(text.charAt(i)) < 0) {
                        throw malformed(startLine, "text after a closing quote");
                    }
                }
                if (i >= text.length() || text.charAt(i) == '\n' || text.charAt(i) == '\r') {
                    fields.add(field.toString());
                    if (i < text.length() && text.charAt(i) == '\r') {
                        i++;
                    }
                    if (i < text.length() && text.charAt(i) == '\n') {
                        i++;
                    }
                    line++;
                    endOfLine = true;
                } else if (text.charAt(i) == ',') {
                    fields.add(field.toString());
                    field.setLength(0);
                    i++;
                } else {
                    field.append(text.charAt(i++));
                }
            }
            if (fields.size() == 1 && fields.get(0).isEmpty()) {
                continue;
            }
            out.add(entry(fields, startLine));
        }
        return out;
    }

    /**
     * Parses RECORD bytes as UTF-8.
     *
     * @param bytes RECORD content
     * @return the lines
     */
    public static List<RecordEntry> parse(byte[] bytes) {
        return parse(new String(bytes, StandardCharsets.UTF_8));
    }

    private static RecordEntry entry(List<String> fields, int line) {
        if (fields.size() != 3) {
            throw malformed(line, "expected 3 fields (path,hash,size) but found " + fields.size());
        }
        String path = fields.get(0);
        if (path.isEmpty()) {
            throw malformed(line, "empty path");
        }
        String hash = fields.get(1).isEmpty() ? null : fields.get(1);
        Long size = null;
        if (!fields.get(2).isEmpty()) {
            if (!fields.get(2).matches("[0-9]{1,18}")) {
                throw malformed(line, "size '" + fields.get(2) + "' of '" + path + "' is not a number");
            }
            size = Long.parseLong(fields.get(2));
        }
        return new RecordEntry(path, hash, size);
    }

    private static String quote(String value) {
        if (value.indexOf(',') < 0 && value.indexOf('"') < 0 && value.indexOf('\n') < 0 && value.indexOf('\r') < 0) {
            return value;
        }
        return '"' + value.replace("\"", "\"\"") + '"';
    }

    private static WheelValidationException malformed(int line, String reason) {
        return new WheelValidationException(WheelValidationException.RECORD_MALFORMED, null, "RECORD line " + line + ": " + reason);
    }
}
