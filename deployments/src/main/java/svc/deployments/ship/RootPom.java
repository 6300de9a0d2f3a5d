package svc.deployments.ship;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.xml.sax.SAXException;
import svc.deployments.DeploymentException;

/**
 * The two facts ship needs from the parent {@code pom.xml}: the core version and the module
 * folders. Read with the JDK's XML parser, external entities off (the file is input).
 *
 * @param version the project's {@code <version>}, e.g. {@code 0.1.0-SNAPSHOT}
 * @param modules the {@code <modules>} entries in file order
 */
public record RootPom(String version, List<String> modules) {

    public RootPom {
        modules = List.copyOf(modules);
    }

    public static RootPom read(Path root) {
        Path pom = root.resolve("pom.xml");
        if (!Files.isRegularFile(pom)) {
            throw new DeploymentException("no pom.xml at " + root + "; --root must be the repository root");
        }
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            factory.setNamespaceAware(true);
            Element project = factory.newDocumentBuilder().parse(pom.toFile()).getDocumentElement();
            String version = null;
            List<String> modules = new ArrayList<>();
            for (Node n = project.getFirstChild(); n != null; n = n.getNextSibling()) {
                if (n instanceof Element e && "version".equals(e.getLocalName())) {
                    version = e.getTextContent().strip();
                } else if (n instanceof Element e && "modules".equals(e.getLocalName())) {
                    for (Node m = e.getFirstChild(); m != null; m = m.getNextSibling()) {
                        if (m instanceof Element module && "module".equals(module.getLocalName())) {
                            modules.add(module.getTextContent().strip());
                        }
                    }
                }
            }
            if (version == null || version.isEmpty()) {
                throw new DeploymentException(pom + " has no <version> of its own; the core version comes from it");
            }
            return new RootPom(version, modules);
        } catch (ParserConfigurationException | SAXException | IOException e) {
            throw new DeploymentException("cannot read " + pom + ": " + e.getMessage(), e);
        }
    }
}
