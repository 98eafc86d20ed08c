package io.hongbao.platform.web;

import tools.jackson.core.JsonParser;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.deser.jdk.StringDeserializer;

/**
 * Every text value of a request body, read as Jackson reads it and then refused unless it can be stored as it is
 * ({@link StorableText}): a 400 naming the field, before anything is touched.
 */
final class StorableTextDeserializer extends StringDeserializer {

    @Override
    public String deserialize(JsonParser parser, DeserializationContext context) {
        String text = super.deserialize(parser, context);
        String problem = text == null ? null : StorableText.problem(text);
        if (problem != null) {
            String field = parser.currentName();
            return context.reportInputMismatch(
                    this, "%s may not contain %s", field == null ? "a text value" : field, problem);
        }
        return text;
    }
}
