package io.hongbao.platform.web;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.springframework.core.ResolvableType;
import org.springframework.core.codec.DecodingException;
import org.springframework.core.io.buffer.DataBuffer;
import org.springframework.http.MediaType;
import org.springframework.http.codec.json.JacksonJsonDecoder;
import org.springframework.util.MimeType;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;

/**
 * Request bodies as the contract has them: {@code application/json} in UTF-8 (the charset parameter absent or
 * {@code utf-8}), nothing else. Another type ({@code application/merge-patch+json}, {@code text/plain}) or another
 * charset ({@code utf-16}) has no reader, which WebFlux answers 415. A body that starts with a byte order mark, or
 * whose bytes are not well-formed UTF-8 (a truncated sequence, an overlong form such as {@code C0 AF} for {@code /}, an
 * encoded surrogate), is refused 400 before Jackson sees it: Jackson would skip the mark and decode the overlong form,
 * so what was stored would differ from what was sent. Text values are read by {@link StorableTextDeserializer}.
 */
final class StrictJsonDecoder extends JacksonJsonDecoder {

    /**
     * @param json the service's mapper; the decoder reads with a copy that also refuses text that cannot be stored as
     *     sent ({@link StorableTextDeserializer}). Only request bodies: what the service reads back from its own
     *     stores keeps the service's mapper.
     */
    StrictJsonDecoder(JsonMapper json) {
        super(
                json.rebuild()
                        .addModule(new SimpleModule("storable-text")
                                .addDeserializer(String.class, new StorableTextDeserializer()))
                        .build(),
                MediaType.APPLICATION_JSON);
    }

    @Override
    public boolean canDecode(ResolvableType type, MimeType mimeType) {
        if (mimeType != null
                && mimeType.getCharset() != null
                && !StandardCharsets.UTF_8.equals(mimeType.getCharset())) {
            return false;
        }
        return super.canDecode(type, mimeType);
    }

    @Override
    public Object decode(DataBuffer body, ResolvableType type, MimeType mimeType, Map<String, Object> hints) {
        requireWellFormedUtf8(bytesOf(body));
        return super.decode(body, type, mimeType, hints);
    }

    static void requireWellFormedUtf8(byte[] bytes) {
        if (bytes.length >= 3 && (bytes[0] & 0xFF) == 0xEF && (bytes[1] & 0xFF) == 0xBB && (bytes[2] & 0xFF) == 0xBF) {
            throw new DecodingException("the body starts with a byte order mark: send the JSON alone, in UTF-8");
        }
        try {
            // The JDK's decoder refuses what Jackson lets through: overlong forms, encoded surrogates, stray bytes.
            StandardCharsets.UTF_8
                    .newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
        } catch (CharacterCodingException e) {
            throw new DecodingException("the body is not well-formed UTF-8");
        }
    }

    /** A copy of the readable bytes; the buffer's read position stays where it is, for Jackson. */
    private static byte[] bytesOf(DataBuffer body) {
        byte[] bytes = new byte[body.readableByteCount()];
        body.toByteBuffer(body.readPosition(), ByteBuffer.wrap(bytes), 0, bytes.length);
        return bytes;
    }
}
