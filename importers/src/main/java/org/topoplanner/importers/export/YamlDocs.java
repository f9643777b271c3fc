package org.topoplanner.importers.export;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The documents of a multi-document YAML text, each with the line it starts on (for diagnostics). */
record YamlDocs(List<Doc> docs, String problem, int problemLine) {
    private static final YAMLMapper YAML = new YAMLMapper();

    record Doc(JsonNode node, int line) {
    }

    static YamlDocs parse(String text) {
        List<Doc> out = new ArrayList<>();
        try (JsonParser p = YAML.getFactory().createParser(text)) {
            JsonToken t;
            while ((t = p.nextToken()) != null) {
                int line = p.currentTokenLocation().getLineNr();
                if (t == JsonToken.VALUE_NULL) {
                    continue;
                }
                out.add(new Doc(YAML.readTree(p), Math.max(1, line)));
            }
        } catch (IOException e) {
            int line = e instanceof com.fasterxml.jackson.core.JsonProcessingException jp && jp.getLocation() != null
                    ? Math.max(0, jp.getLocation().getLineNr()) : 0;
            return new YamlDocs(out, "not valid YAML: " + e.getMessage().lines().findFirst().orElse(""), line);
        }
        return new YamlDocs(out, null, 0);
    }
}
