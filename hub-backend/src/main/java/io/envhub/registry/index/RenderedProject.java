package io.envhub.registry.index;

import java.util.Map;

/**
 * A project's index page rendered once, in both formats, for one index stamp.
 *
 * @param owner the owner's canonical name
 * @param isPublic whether anyone may read it
 * @param stamp the index stamp it was rendered for
 * @param etag the entity tag (without quotes and format suffix): changes with the stamp and the owner's spelling
 * @param json the PEP 691 JSON page
 * @param html the PEP 503 HTML page
 * @param objectKeys every served file's object key, by file name (what a download of it presigns)
 */
public record RenderedProject(String owner, boolean isPublic, long stamp, String etag, String json, String html,
                              Map<String, String> objectKeys) {
    /** The entity tag of one format, quoted as in the ETag header. */
    public String etag(SimpleFormat format) {
        return "\"" + etag + "-" + format.ordinal() + "\"";
    }

    /** The body in one format. */
    public String body(SimpleFormat format) {
        return format.isJson() ? json : html;
    }
}
