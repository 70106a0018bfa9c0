package io.envhub.cli.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.cli.core.CliException;
import io.envhub.cli.core.ExitCodes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code credentials} file in the configuration directory: JSON with one entry per hub URL and the hub of the
 * last login ({@code defaultHub}). The directory is created with mode 0700 and the file is written atomically
 * with mode 0600.
 */
public final class CredentialStore {
    /** File name inside the configuration directory. */
    public static final String FILE_NAME = "credentials";

    private static final Set<PosixFilePermission> FILE_MODE = PosixFilePermissions.fromString("rw-------");
    private static final Set<PosixFilePermission> DIR_MODE = PosixFilePermissions.fromString("rwx------");

    private final Path dir;
    private final ObjectMapper mapper;

    /**
     * Creates the store.
     *
     * @param dir configuration directory
     * @param mapper JSON mapper
     */
    public CredentialStore(Path dir, ObjectMapper mapper) {
        this.dir = dir;
        this.mapper = mapper;
    }

    /** The credentials file path. */
    public Path file() {
        return dir.resolve(FILE_NAME);
    }

    /**
     * Loads the credentials of a hub.
     *
     * @param hubUrl hub base URL
     * @return the credentials, if stored
     */
    public Optional<Credentials> load(String hubUrl) {
        JsonNode entry = read().path("hubs").get(hubUrl);
        if (entry == null || !entry.isObject()) {
            return Optional.empty();
        }
        try {
            return Optional.of(mapper.treeToValue(entry, Credentials.class));
        } catch (IOException e) {
            throw corrupt(e);
        }
    }

    /**
     * The hub of the last login.
     *
     * @return its URL, if any
     */
    public Optional<String> defaultHub() {
        JsonNode v = read().get("defaultHub");
        return v != null && v.isTextual() ? Optional.of(v.asText()) : Optional.empty();
    }

    /**
     * Stores the credentials of a hub.
     *
     * @param hubUrl hub base URL
     * @param credentials what to store
     * @param makeDefault whether later commands without {@code --hub-url} use this hub
     */
    public void save(String hubUrl, Credentials credentials, boolean makeDefault) {
        ObjectNode root = read();
        root.put("version", 1);
        if (makeDefault) {
            root.put("defaultHub", hubUrl);
        }
        ObjectNode hubs = root.has("hubs") && root.get("hubs").isObject() ? (ObjectNode) root.get("hubs") : root.putObject("hubs");
        hubs.set(hubUrl, mapper.valueToTree(credentials));
        write(root);
    }

    /**
     * Removes the credentials of a hub; deletes the file when no hub is left.
     *
     * @param hubUrl hub base URL
     * @return whether something was removed
     */
    public boolean remove(String hubUrl) {
        ObjectNode root = read();
        JsonNode hubs = root.get("hubs");
        boolean removed = hubs instanceof ObjectNode o && o.remove(hubUrl) != null;
        if (hubUrl.equals(root.path("defaultHub").asText(null))) {
            root.remove("defaultHub");
        }
        try {
            if (!(hubs instanceof ObjectNode o) || o.isEmpty()) {
                Files.deleteIfExists(file());
            } else if (removed) {
                write(root);
            }
        } catch (IOException e) {
            throw new CliException(ExitCodes.LOCAL, "cannot delete " + file() + ": " + e.getMessage(), e);
        }
        return removed;
    }

    private ObjectNode read() {
        Path f = file();
        if (!Files.isRegularFile(f)) {
            return mapper.createObjectNode();
        }
        try {
            JsonNode node = mapper.readTree(Files.readString(f, StandardCharsets.UTF_8));
            return node instanceof ObjectNode o ? o : mapper.createObjectNode();
        } catch (IOException e) {
            throw corrupt(e);
        }
    }

    private void write(ObjectNode root) {
        boolean posix = FileSystems.getDefault().supportedFileAttributeViews().contains("posix");
        try {
            if (!Files.isDirectory(dir)) {
                if (posix) {
                    Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(DIR_MODE));
                } else {
                    Files.createDirectories(dir);
                }
            }
            if (posix) {
                Files.setPosixFilePermissions(dir, DIR_MODE);
            }
            Path tmp = posix ? Files.createTempFile(dir, ".credentials-", ".tmp", PosixFilePermissions.asFileAttribute(FILE_MODE))
                    : Files.createTempFile(dir, ".credentials-", ".tmp");
            try {
                Files.writeString(tmp, mapper.writeValueAsString(root) + "\n", StandardCharsets.UTF_8);
                Files.move(tmp, file(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } finally {
                Files.deleteIfExists(tmp);
            }
            if (posix) {
                Files.setPosixFilePermissions(file(), FILE_MODE);
            }
        } catch (IOException e) {
            throw new CliException(ExitCodes.LOCAL, "cannot write " + file() + ": " + e.getMessage(), e);
        }
    }

    private CliException corrupt(IOException e) {
        return new CliException(ExitCodes.LOCAL, file() + " is not valid JSON (" + e.getMessage()
                + "); delete it and run `envhub login` again", e);
    }
}
