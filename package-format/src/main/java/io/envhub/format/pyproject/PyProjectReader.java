package io.envhub.format.pyproject;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import io.envhub.format.name.InvalidNameException;
import io.envhub.format.name.ProjectName;
import io.envhub.format.version.InvalidVersionException;
import io.envhub.format.version.Version;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Reads the parts of a {@code pyproject.toml} that EnvHub needs into a {@link PyProject}.
 *
 * <p>Every problem is reported as a {@link PyProjectException} naming the key (and the line for TOML syntax
 * errors). Unknown keys are ignored.
 */
public final class PyProjectReader {

    private static final TomlMapper MAPPER = new TomlMapper();

    private PyProjectReader() {
    }

    /**
     * Reads a {@code pyproject.toml} file.
     *
     * @param file path of the file
     * @return the project
     * @throws PyProjectException when the file is unreadable, malformed or incomplete
     */
    public static PyProject read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new PyProjectException(PyProjectException.IO, null, -1, "cannot read " + file + ": " + e.getMessage(), e);
        }
        return parse(text);
    }

    /**
     * Parses {@code pyproject.toml} text.
     *
     * @param toml file content
     * @return the project
     * @throws PyProjectException when the text is malformed or incomplete
     */
    public static PyProject parse(String toml) {
        JsonNode root = parseToml(toml);
        JsonNode project = root.get("project");
        if (project == null) {
            throw new PyProjectException(PyProjectException.MISSING_FIELD, "project", "missing [project] table");
        }
        if (!project.isObject()) {
            throw invalid("project", "must be a table");
        }
        ProjectName name = readName(project);
        Version version = readVersion(project);
        // tool.envhub.domains (the bounty domain list: medicine, biology, ...) are published as keywords too
        List<String> keywords = new ArrayList<>(new LinkedHashSet<String>(concat(concat(
                stringList(project, "tags", "project.tags"), stringList(project, "keywords", "project.keywords")),
                stringList(path(root, "tool", "envhub"), "domains", "tool.envhub.domains"))));
        JsonNode hatchBuild = path(root, "tool", "hatch", "build");
        JsonNode wheelTarget = path(hatchBuild, "targets", "wheel");
        JsonNode eval = path(root, "tool", "verifiers", "eval");
        Map<String, Object> evalMap = Map.of();
        if (eval != null) {
            if (!eval.isObject()) {
                throw invalid("tool.verifiers.eval", "must be a table");
            }
            @SuppressWarnings("unchecked")
            Map<String, Object> converted = (Map<String, Object>) toJava(eval);
            evalMap = converted;
        }
        return new PyProject(name, version,
                optionalString(project, "description", "project.description"),
                keywords,
                readLicense(project.get("license")),
                stringList(project, "dependencies", "project.dependencies"),
                optionalString(project, "requires-python", "project.requires-python"),
                readReadme(project.get("readme")),
                readPeople(project.get("authors"), "project.authors"),
                stringList(hatchBuild, "include", "tool.hatch.build.include"),
                stringList(wheelTarget, "packages", "tool.hatch.build.targets.wheel.packages"),
                evalMap);
    }

    private static JsonNode parseToml(String toml) {
        try {
            JsonNode root = MAPPER.readTree(toml);
            if (root == null || !root.isObject()) {
                return MAPPER.createObjectNode();
            }
            return root;
        } catch (JacksonException e) {
            JsonLocation loc = e.getLocation();
            int line = loc == null ? -1 : loc.getLineNr();
            String where = line > 0 ? " at line " + line : "";
            throw new PyProjectException(PyProjectException.MALFORMED, null, line,
                    "malformed TOML" + where + ": " + e.getOriginalMessage(), e);
        }
    }

    private static ProjectName readName(JsonNode project) {
        JsonNode node = project.get("name");
        if (node == null) {
            throw new PyProjectException(PyProjectException.MISSING_FIELD, "project.name", "missing project.name");
        }
        if (!node.isTextual()) {
            throw invalid("project.name", "must be a string");
        }
        try {
            return ProjectName.of(node.textValue());
        } catch (InvalidNameException e) {
            throw new PyProjectException(PyProjectException.INVALID_NAME, "project.name", -1,
                    "project.name: " + e.getMessage(), e);
        }
    }

    private static Version readVersion(JsonNode project) {
        JsonNode node = project.get("version");
        if (node == null) {
            String message = "missing project.version";
            if (containsText(project.get("dynamic"), "version")) {
                message = "project.version is declared dynamic; EnvHub needs a static version in [project]";
            }
            throw new PyProjectException(PyProjectException.MISSING_FIELD, "project.version", message);
        }
        if (!node.isTextual()) {
            throw invalid("project.version", "must be a string such as \"0.1.0\"");
        }
        try {
            return Version.parse(node.textValue());
        } catch (InvalidVersionException e) {
            throw new PyProjectException(PyProjectException.INVALID_VERSION, "project.version", -1,
                    "project.version: " + e.getMessage(), e);
        }
    }

    private static License readLicense(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isTextual()) {
            return License.ofText(node.textValue());
        }
        if (!node.isObject()) {
            throw invalid("project.license", "must be a string or a table with 'text' or 'file'");
        }
        String text = optionalString(node, "text", "project.license.text");
        String file = optionalString(node, "file", "project.license.file");
        if ((text == null) == (file == null)) {
            throw invalid("project.license", "table must have exactly one of 'text' and 'file'");
        }
        return new License(text, file);
    }

    private static Readme readReadme(JsonNode node) {
        if (node == null) {
            return null;
        }
        if (node.isTextual()) {
            String file = node.textValue();
            String type = Readme.contentTypeFor(file).orElseThrow(() -> invalid("project.readme",
                    "cannot infer the content type of '" + file + "' (use .md, .rst or .txt, or a table with content-type)"));
            return new Readme(file, null, type);
        }
        if (!node.isObject()) {
            throw invalid("project.readme", "must be a string or a table with 'file' or 'text'");
        }
        String file = optionalString(node, "file", "project.readme.file");
        String text = optionalString(node, "text", "project.readme.text");
        if ((file == null) == (text == null)) {
            throw invalid("project.readme", "table must have exactly one of 'file' and 'text'");
        }
        String type = optionalString(node, "content-type", "project.readme.content-type");
        if (type == null) {
            type = file != null ? Readme.contentTypeFor(file).orElse(null) : "text/plain";
            if (type == null) {
                throw invalid("project.readme.content-type", "missing and cannot be inferred from '" + file + "'");
            }
        }
        return new Readme(file, text, type);
    }

    private static List<Person> readPeople(JsonNode node, String field) {
        if (node == null) {
            return List.of();
        }
        if (!node.isArray()) {
            throw invalid(field, "must be an array of tables");
        }
        List<Person> people = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            JsonNode item = node.get(i);
            String key = field + "[" + i + "]";
            if (!item.isObject()) {
                throw invalid(key, "must be a table with 'name' and/or 'email'");
            }
            String name = optionalString(item, "name", key + ".name");
            String email = optionalString(item, "email", key + ".email");
            if (name == null && email == null) {
                throw invalid(key, "needs 'name' or 'email'");
            }
            people.add(new Person(name, email));
        }
        return people;
    }

    private static String optionalString(JsonNode parent, String key, String field) {
        JsonNode node = parent.get(key);
        if (node == null) {
            return null;
        }
        if (!node.isTextual()) {
            throw invalid(field, "must be a string");
        }
        return node.textValue();
    }

    private static List<String> stringList(JsonNode parent, String key, String field) {
        JsonNode node = parent == null ? null : parent.get(key);
        if (node == null) {
            return List.of();
        }
        if (!node.isArray()) {
            throw invalid(field, "must be an array of strings");
        }
        List<String> out = new ArrayList<>();
        for (int i = 0; i < node.size(); i++) {
            if (!node.get(i).isTextual()) {
                throw invalid(field + "[" + i + "]", "must be a string");
            }
            out.add(node.get(i).textValue());
        }
        return out;
    }

    private static JsonNode path(JsonNode node, String... keys) {
        JsonNode current = node;
        for (String key : keys) {
            if (current == null || !current.isObject()) {
                return null;
            }
            current = current.get(key);
        }
        return current;
    }

    private static boolean containsText(JsonNode array, String value) {
        if (array == null || !array.isArray()) {
            return false;
        }
        for (JsonNode item : array) {
            if (item.isTextual() && value.equals(item.textValue())) {
                return true;
            }
        }
        return false;
    }

    private static List<String> concat(List<String> a, List<String> b) {
        List<String> out = new ArrayList<>(a);
        out.addAll(b);
        return out;
    }

    /** Converts a TOML tree into immutable plain Java values. */
    private static Object toJava(JsonNode node) {
        if (node.isObject()) {
            Map<String, Object> map = new LinkedHashMap<>();
            Iterator<Map.Entry<String, JsonNode>> fields = node.fields();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> e = fields.next();
                map.put(e.getKey(), toJava(e.getValue()));
            }
            return Collections.unmodifiableMap(map);
        }
        if (node.isArray()) {
            List<Object> list = new ArrayList<>();
            for (JsonNode item : node) {
                list.add(toJava(item));
            }
            return Collections.unmodifiableList(list);
        }
        if (node.isBoolean()) {
            return node.booleanValue();
        }
        if (node.isIntegralNumber()) {
            return node.canConvertToLong() ? (Object) node.longValue() : node.bigIntegerValue();
        }
        if (node.isNumber()) {
            return node.doubleValue();
        }
        return node.asText();
    }

    private static PyProjectException invalid(String field, String reason) {
        return new PyProjectException(PyProjectException.INVALID_FIELD, field, field + " " + reason);
    }
}
