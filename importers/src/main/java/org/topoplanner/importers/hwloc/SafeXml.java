package org.topoplanner.importers.hwloc;

import java.io.IOException;
import java.io.StringReader;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.ParserConfigurationException;
import javax.xml.parsers.SAXParser;
import javax.xml.parsers.SAXParserFactory;
import org.topoplanner.importers.Diagnostics;
import org.xml.sax.Attributes;
import org.xml.sax.InputSource;
import org.xml.sax.Locator;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;
import org.xml.sax.helpers.DefaultHandler;

/**
 * Parses XML without ever reading anything but the given text: no external DTD (hwloc files name
 * {@code hwloc2.dtd}, which must not be fetched), no external entities, no XInclude, and the JDK's
 * secure-processing limits against entity expansion bombs. A malformed file yields the elements read
 * before the fault plus an error at its line and column.
 */
final class SafeXml {
    private static final int MAX_DEPTH = 512;

    private SafeXml() {
    }

    /** The root element, or {@code null} when not even that could be read. */
    static XmlElement parse(String text, Diagnostics diagnostics) {
        TreeHandler handler = new TreeHandler();
        try {
            SAXParser parser = factory().newSAXParser();
            parser.getXMLReader().setEntityResolver((publicId, systemId) -> new InputSource(new StringReader("")));
            parser.parse(new InputSource(new StringReader(text)), handler);
        } catch (SAXParseException e) {
            diagnostics.error(Math.max(e.getLineNumber(), 0), e.getLineNumber() > 0 ? Math.max(e.getColumnNumber(), 1) : 0,
                    "XML is not well-formed: " + e.getMessage());
        } catch (SAXException | IOException | ParserConfigurationException e) {
            diagnostics.error(0, 0, "XML could not be read: " + e.getMessage());
        }
        return handler.root;
    }

    private static SAXParserFactory factory() throws ParserConfigurationException, SAXException {
        SAXParserFactory f = SAXParserFactory.newInstance();
        f.setNamespaceAware(false);
        f.setValidating(false);
        f.setXIncludeAware(false);
        f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
        f.setFeature("http://xml.org/sax/features/external-general-entities", false);
        f.setFeature("http://xml.org/sax/features/external-parameter-entities", false);
        f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
        return f;
    }

    private static final class TreeHandler extends DefaultHandler {
        private final Deque<XmlElement> open = new ArrayDeque<>();
        private XmlElement root;
        private Locator locator;

        @Override
        public void setDocumentLocator(Locator locator) {
            this.locator = locator;
        }

        @Override
        public void startElement(String uri, String localName, String qName, Attributes attributes)
                throws SAXException {
            if (open.size() >= MAX_DEPTH) {
                throw new SAXParseException("elements nested deeper than " + MAX_DEPTH, locator);
            }
            Map<String, String> map = new LinkedHashMap<>();
            for (int i = 0; i < attributes.getLength(); i++) {
                map.put(attributes.getQName(i), attributes.getValue(i));
            }
            int line = locator == null ? 0 : Math.max(locator.getLineNumber(), 0);
            int column = line == 0 ? 0 : Math.max(locator.getColumnNumber(), 1);
            XmlElement element = new XmlElement(qName, map, line, column);
            if (open.isEmpty()) {
                if (root == null) {
                    root = element;
                }
            } else {
                open.peek().children().add(element);
            }
            open.push(element);
        }

        @Override
        public void endElement(String uri, String localName, String qName) {
            open.pop();
        }

        @Override
        public void characters(char[] ch, int start, int length) {
            if (!open.isEmpty()) {
                open.peek().text().append(ch, start, length);
            }
        }
    }
}
