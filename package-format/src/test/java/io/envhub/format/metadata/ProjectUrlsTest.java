package io.envhub.format.metadata;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.envhub.format.metadata.ProjectUrls.Link;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProjectUrlsTest {

    @Test
    void linksFromCoreMetadataGetTheirKindAndUnsafeOnesAreDropped() {
        String text = """
                Metadata-Version: 2.1
                Name: arith
                Version: 1.0.0
                Home-page: https://arith.example.org
                Project-URL: Source Code, https://github.com/alice/arith
                Project-URL: Paper, https://arxiv.org/abs/2401.00001
                Project-URL: docs, https://arith.example.org/docs
                Project-URL: Issue Tracker, https://github.com/alice/arith/issues
                Project-URL: Evil, javascript:alert(1)
                Project-URL: Creds, https://user:pw@example.org/
                Project-URL: no comma here
                """;
        CoreMetadata m = MetadataParser.parse(text.getBytes(StandardCharsets.UTF_8));
        assertEquals(List.of(new Link("Homepage", "homepage", "https://arith.example.org"),
                new Link("Source Code", "source", "https://github.com/alice/arith"),
                new Link("Paper", "paper", "https://arxiv.org/abs/2401.00001"),
                new Link("docs", "documentation", "https://arith.example.org/docs"),
                new Link("Issue Tracker", "other", "https://github.com/alice/arith/issues")), ProjectUrls.of(m.otherFields()));
    }

    @Test
    void labelsAreComparedNormalised() {
        assertEquals("source", ProjectUrls.kind("Repository"));
        assertEquals("source", ProjectUrls.kind("source-code"));
        assertEquals("homepage", ProjectUrls.kind("Home Page"));
        assertEquals("paper", ProjectUrls.kind("arXiv"));
        assertEquals("other", ProjectUrls.kind("Changelog"));
    }
}
