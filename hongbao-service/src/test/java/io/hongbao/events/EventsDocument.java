package io.hongbao.events;

import com.networknt.schema.Error;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The committed AsyncAPI document of the money events ({@code docs/asyncapi.yaml}): each message's {@code name} is an
 * event's {@code type}, and its {@code payload} the JSON Schema every event of that type must match. YAML anchors
 * share the common fields' schemas, so every payload is whole once parsed (no {@code $ref} to resolve).
 */
final class EventsDocument {

    static final Path COMMITTED = Path.of("..", "docs", "asyncapi.yaml");

    private final Map<String, Schema> payloads;

    private EventsDocument(Map<String, Schema> payloads) {
        this.payloads = payloads;
    }

    @SuppressWarnings("unchecked")
    static EventsDocument load() throws IOException {
        LoaderOptions options = new LoaderOptions();
        // The document shares its fields' schemas by YAML anchors, more than SnakeYAML's default of 50 aliases.
        options.setMaxAliasesForCollections(1000);
        Map<String, Object> document = new Yaml(options).load(Files.readString(COMMITTED));
        if (!"3.0.0".equals(String.valueOf(document.get("asyncapi")))) {
            throw new IllegalStateException("docs/asyncapi.yaml is not an AsyncAPI 3.0.0 document");
        }
        Map<String, Object> messages =
                (Map<String, Object>) ((Map<String, Object>) document.get("components")).get("messages");
        SchemaRegistry registry = SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
        JsonMapper json = JsonMapper.shared();
        Map<String, Schema> payloads = new TreeMap<>();
        for (Object value : messages.values()) {
            Map<String, Object> message = (Map<String, Object>) value;
            JsonNode payload = json.valueToTree(message.get("payload"));
            payloads.put((String) message.get("name"), registry.getSchema(payload));
        }
        return new EventsDocument(payloads);
    }

    Set<String> types() {
        return payloads.keySet();
    }

    /** What is wrong with {@code event} as an event of {@code type}: empty when it matches; a type not documented. */
    List<String> validate(String type, JsonNode event) {
        Schema schema = payloads.get(type);
        if (schema == null) {
            return List.of("the type " + type + " is not in docs/asyncapi.yaml");
        }
        return schema
                .validate(event, context -> context.executionConfig(config -> config.formatAssertionsEnabled(true)))
                .stream()
                .map(Error::toString)
                .toList();
    }
}
