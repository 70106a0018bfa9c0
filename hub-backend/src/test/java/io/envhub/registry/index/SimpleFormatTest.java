package io.envhub.registry.index;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** PEP 691 content negotiation, and the HTML escaping and URL encoding the pages rely on (plain unit tests). */
class SimpleFormatTest {
    @Test
    void negotiation() {
        assertEquals(Optional.of(SimpleFormat.TEXT_HTML), SimpleFormat.negotiate(null));
        assertEquals(Optional.of(SimpleFormat.TEXT_HTML), SimpleFormat.negotiate(" "));
        assertEquals(Optional.of(SimpleFormat.JSON_V1), SimpleFormat.negotiate(
                "application/vnd.pypi.simple.v1+json, application/vnd.pypi.simple.v1+html; q=0.1, text/html; q=0.01"));
        assertEquals(Optional.of(SimpleFormat.HTML_V1), SimpleFormat.negotiate(
                "application/vnd.pypi.simple.v1+json;q=0.1, application/vnd.pypi.simple.latest+html;q=0.2"));
        assertEquals(Optional.of(SimpleFormat.JSON_V1), SimpleFormat.negotiate("text/html;q=0.9, APPLICATION/VND.PYPI.SIMPLE.V1+JSON"));
        assertEquals(Optional.of(SimpleFormat.JSON_V1), SimpleFormat.negotiate("text/*;q=0.5, application/vnd.pypi.simple.v1+json;q=0.5"),
                "equal quality: the exact range beats the wildcard");
        assertEquals(Optional.of(SimpleFormat.HTML_V1), SimpleFormat.negotiate(
                "application/vnd.pypi.simple.v1+html, application/vnd.pypi.simple.v1+json"), "equal: the client's order");
        assertEquals(Optional.of(SimpleFormat.TEXT_HTML), SimpleFormat.negotiate("*/*"));
        assertEquals(Optional.of(SimpleFormat.JSON_V1), SimpleFormat.negotiate(
                "*/*;q=0.1, text/html;q=0, application/vnd.pypi.simple.v1+html;q=0"));
        assertEquals(Optional.empty(), SimpleFormat.negotiate("application/json"));
        assertEquals(Optional.empty(), SimpleFormat.negotiate("*/*;q=0"));
        assertEquals(Optional.empty(), SimpleFormat.negotiate("garbage, text/html;q=abc"));
    }

    @Test
    void escapingAndEncoding() {
        assertEquals("&gt;=3.9,&lt;4 &amp; &quot;x&quot; &#39;y&#39;", SimpleHtml.escape(">=3.9,<4 & \"x\" 'y'"));
        assertEquals("plain", SimpleHtml.escape("plain"));
        assertEquals("env_x-1!2.0+local.1-py3-none-any.whl", IndexUrls.segment("env_x-1!2.0+local.1-py3-none-any.whl"));
        assertEquals("a%20b%2F%C3%A9%23", IndexUrls.segment("a b/é#"));
    }
}
