package io.envhub.registry.publish;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.envhub.format.metadata.CoreMetadata;
import io.envhub.format.metadata.MetadataField;

/** Core metadata as the JSON stored with each version (and shown by the API). */
final class MetadataJson {
    private static final ObjectMapper JSON = new ObjectMapper();

    private MetadataJson() {
    }

    static String of(CoreMetadata m) {
        ObjectNode node = JSON.createObjectNode();
        node.put("metadataVersion", m.metadataVersion());
        node.put("name", m.name());
        node.put("version", m.version());
        putIfPresent(node, "summary", m.summary());
        node.putPOJO("keywords", m.keywords());
        putIfPresent(node, "license", m.license());
        putIfPresent(node, "requiresPython", m.requiresPython());
        node.putPOJO("requiresDist", m.requiresDist());
        putIfPresent(node, "author", m.author());
        putIfPresent(node, "authorEmail", m.authorEmail());
        putIfPresent(node, "descriptionContentType", m.descriptionContentType());
        putIfPresent(node, "description", m.description());
        ObjectNode other = node.putObject("other");
        for (MetadataField f : m.otherFields()) {
            other.withArray(f.name()).add(f.value());
        }
        return node.toString();
    }

    private static void putIfPresent(ObjectNode node, String key, String value) {
        if (value != null) {
            node.put(key, value);
        }
    }
}
