package io.hongbao.platform.web;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StorableTextTest {

    @Test
    void textOfEveryScriptAndCharactersBeyondTheBmpAreStorable() {
        for (String text : new String[] {
            "恭喜发财", "🧧🎉", "e\u0301", "שלום עולם", "Ünïcødé", "𠮷野家", "a b", "",
        }) {
            assertThat(StorableText.problem(text)).as(text).isNull();
        }
    }

    @Test
    void aLoneSurrogateIsNamedWithItsPosition() {
        assertThat(StorableText.problem("ab\ud800")).isEqualTo("a lone UTF-16 surrogate (U+D800) at position 2");
        assertThat(StorableText.problem("\udc00x")).isEqualTo("a lone UTF-16 surrogate (U+DC00) at position 0");
        assertThat(StorableText.problem("\ud83e\ud83e\udde7")).startsWith("a lone UTF-16 surrogate (U+D83E)");
    }

    @Test
    void controlCharactersAreNamedWithTheirPosition() {
        assertThat(StorableText.problem("fam\u0000ily")).isEqualTo("a control character (U+0000) at position 3");
        assertThat(StorableText.problem("line\nbreak")).isEqualTo("a control character (U+000A) at position 4");
        assertThat(StorableText.problem("del\u007f")).isEqualTo("a control character (U+007F) at position 3");
        assertThat(StorableText.problem("c1\u0085")).isEqualTo("a control character (U+0085) at position 2");
    }
}
