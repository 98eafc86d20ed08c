package io.hongbao.platform.web;

import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.core.util.Json;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import java.lang.annotation.Annotation;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The JSON schemas of the document, made to say what the service writes:
 *
 * <ul>
 *   <li>A property annotated {@code @Schema(nullable = true)} whose type is another schema (a draw's {@code prize})
 *       becomes a nullable copy of that schema. OpenAPI 3.0 ignores {@code nullable} beside a {@code $ref}, and
 *       validators do not let {@code null} through {@code allOf: [$ref]}, so only an inline object says "this object
 *       or null" to every tool.
 *   <li>Every property of what a 2xx answer carries is required: Jackson writes every record component, {@code null}
 *       included. A schema that lists its own {@code required} (an answer that leaves fields out) keeps its list.
 *   <li>Schemas nothing refers to any more are dropped.
 * </ul>
 */
final class AnswerSchemas {

    private static final String COMPONENT = "#/components/schemas/";
    private static final Pattern REFERENCE = Pattern.compile("\"" + Pattern.quote(COMPONENT) + "([^\"]+)\"");

    private AnswerSchemas() {}

    /** A springdoc property customizer: marks a nullable reference as {@code nullable} + {@code allOf: [$ref]}. */
    @SuppressWarnings({"rawtypes", "unchecked"})
    static Schema markNullableReference(Schema property, AnnotatedType type) {
        if (property == null || property.get$ref() == null || type.getCtxAnnotations() == null) {
            return property;
        }
        for (Annotation annotation : type.getCtxAnnotations()) {
            if (annotation instanceof io.swagger.v3.oas.annotations.media.Schema schema && schema.nullable()) {
                Schema marked = new Schema().nullable(true).allOf(List.of(new Schema().$ref(property.get$ref())));
                if (!schema.description().isEmpty()) {
                    marked.setDescription(schema.description());
                }
                return marked;
            }
        }
        return property;
    }

    @SuppressWarnings("rawtypes")
    static void document(OpenAPI api) {
        Map<String, Schema> schemas = api.getComponents().getSchemas();
        if (schemas == null) {
            return;
        }
        schemas.values().forEach(schema -> inlineNullableReferences(schema, schemas));
        Set<String> seen = new HashSet<>();
        api.getPaths()
                .values()
                .forEach(item -> item.readOperations().forEach(operation -> {
                    if (operation.getResponses() != null) {
                        operation.getResponses().forEach((status, response) -> {
                            if (status.startsWith("2") && response.getContent() != null) {
                                response.getContent()
                                        .values()
                                        .forEach(media -> require(media.getSchema(), schemas, seen));
                            }
                        });
                    }
                }));
        dropUnreferenced(api, schemas);
    }

    @SuppressWarnings({"rawtypes", "unchecked"})
    private static void inlineNullableReferences(Schema<?> schema, Map<String, Schema> schemas) {
        if (schema.getProperties() == null) {
            return;
        }
        Map<String, Schema> properties = new LinkedHashMap<>(schema.getProperties());
        properties.replaceAll((name, property) -> {
            if (!Boolean.TRUE.equals(property.getNullable())
                    || property.getAllOf() == null
                    || property.getAllOf().size() != 1) {
                return property;
            }
            String reference = ((Schema<?>) property.getAllOf().get(0)).get$ref();
            Schema<?> target = reference == null ? null : schemas.get(reference.substring(COMPONENT.length()));
            if (target == null) {
                return property;
            }
            Schema copy = new ObjectSchema();
            copy.setNullable(true);
            copy.setDescription(
                    property.getDescription() != null ? property.getDescription() : target.getDescription());
            copy.setProperties(new LinkedHashMap<>(target.getProperties()));
            copy.setRequired(target.getRequired() == null ? null : new ArrayList<>(target.getRequired()));
            return copy;
        });
        schema.setProperties((Map) properties);
    }

    @SuppressWarnings("rawtypes")
    private static void require(Schema<?> schema, Map<String, Schema> schemas, Set<String> seen) {
        if (schema == null) {
            return;
        }
        if (schema.get$ref() != null) {
            String name = schema.get$ref().substring(schema.get$ref().lastIndexOf('/') + 1);
            if (seen.add(name)) {
                require(schemas.get(name), schemas, seen);
            }
            return;
        }
        if (schema.getProperties() != null) {
            if (schema.getRequired() == null || schema.getRequired().isEmpty()) {
                schema.setRequired(new ArrayList<>(schema.getProperties().keySet()));
            }
            schema.getProperties().values().forEach(property -> require(property, schemas, seen));
        }
        require(schema.getItems(), schemas, seen);
        if (schema.getAdditionalProperties() instanceof Schema<?> values) {
            require(values, schemas, seen);
        }
    }

    @SuppressWarnings("rawtypes")
    private static void dropUnreferenced(OpenAPI api, Map<String, Schema> schemas) {
        boolean dropped = true;
        while (dropped) {
            Set<String> referenced = new HashSet<>();
            Matcher matcher = REFERENCE.matcher(Json.pretty(api));
            while (matcher.find()) {
                referenced.add(matcher.group(1));
            }
            dropped = schemas.keySet().removeIf(name -> !referenced.contains(name));
        }
    }
}
