package io.envhub.contract.api;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** A message's content as text: a string, content parts, nothing. */
class ChatContentTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void stringsPartsAndNothing() throws Exception {
        assertEquals("<answer>4</answer>", ChatContent.text(JSON.readTree("\"<answer>4</answer>\"")));
        assertEquals("look\n\n[image_url]\n\nthere", ChatContent.text(JSON.readTree(
                "[{\"type\":\"text\",\"text\":\"look\"},{\"type\":\"image_url\"},{\"type\":\"text\",\"text\":\"there\"}]")));
        assertEquals("", ChatContent.text(JSON.readTree("{}").path("content")));
        assertEquals("", ChatContent.text(JSON.readTree("{\"content\":null}").path("content")));
        assertEquals("{\"a\":1}", ChatContent.text(JSON.readTree("{\"a\":1}")));
    }
}
