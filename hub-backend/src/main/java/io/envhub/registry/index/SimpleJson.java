package io.envhub.registry.index;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonProperty;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;

/** The PEP 691 JSON documents (with PEP 700's versions, size and upload-time, and PEP 714's core-metadata). */
final class SimpleJson {
    private static final Meta META = new Meta(SimpleFormat.API_VERSION);
    private static final DateTimeFormatter UPLOAD_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSSSSS'Z'");

    private SimpleJson() {
    }

    /** {@code meta}: the repository API version. */
    record Meta(@JsonProperty("api-version") String apiVersion) {
    }

    /** The owner's root: its projects. */
    record Root(Meta meta, List<Name> projects) {
    }

    /** A project's entry in the root. */
    record Name(String name) {
    }

    /** A project's page. */
    record Project(Meta meta, String name, List<String> versions, List<File> files) {
    }

    /** One file of a project. {@code yanked} is false or the reason (a string). */
    @JsonInclude(JsonInclude.Include.NON_NULL)
    record File(String filename, String url, Map<String, String> hashes,
                @JsonProperty("requires-python") String requiresPython,
                Object yanked,
                @JsonProperty("core-metadata") Map<String, String> coreMetadata,
                long size,
                @JsonProperty("upload-time") String uploadTime) {
    }

    static Root root(OwnerIndex index) {
        return new Root(META, index.projects().stream().map(p -> new Name(p.displayName())).toList());
    }

    static Project project(ProjectPage page) {
        List<File> files = page.files().stream().map(f -> file(page, f)).toList();
        return new Project(META, page.name(), page.versions(), files);
    }

    private static File file(ProjectPage page, IndexFile f) {
        Object yanked = f.yanked() ? (f.yankReason() == null || f.yankReason().isEmpty() ? Boolean.TRUE : f.yankReason()) : Boolean.FALSE;
        Map<String, String> metadata = f.metadataSha256() == null ? null : Map.of("sha256", f.metadataSha256());
        String requiresPython = f.requiresPython() == null || f.requiresPython().isBlank() ? null : f.requiresPython();
        String uploaded = f.uploadedAt() == null ? null : UPLOAD_TIME.format(f.uploadedAt().atZoneSameInstant(ZoneOffset.UTC));
        return new File(f.filename(), IndexUrls.file(page.owner(), page.name(), f.filename()), Map.of("sha256", f.sha256()),
                requiresPython, yanked, metadata, f.size(), uploaded);
    }
}
