package svc.core.knowledge;

import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.annotation.JsonNaming;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.MalformedInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;
import org.apache.lucene.analysis.Analyzer;
import org.apache.lucene.analysis.en.EnglishAnalyzer;
import org.apache.lucene.document.Document;
import org.apache.lucene.document.Field;
import org.apache.lucene.document.StoredField;
import org.apache.lucene.document.StringField;
import org.apache.lucene.document.TextField;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.IndexWriter;
import org.apache.lucene.index.IndexWriterConfig;
import org.apache.lucene.index.Term;
import org.apache.lucene.queryparser.classic.ParseException;
import org.apache.lucene.queryparser.classic.QueryParser;
import org.apache.lucene.search.BooleanClause;
import org.apache.lucene.search.BooleanQuery;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.Query;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.similarities.BM25Similarity;
import org.apache.lucene.store.ByteBuffersDirectory;

/**
 * The deployment's knowledge bases as one Lucene index, searched with BM25 (Lucene's
 * {@link BM25Similarity}, k1 = 1.2, b = 0.75) over English-analysed text (stemming, stop words).
 *
 * <p>A base is a file or a folder of the deployment directory; its text files ({@code .md},
 * {@code .markdown}, {@code .txt}) are split into passages at Markdown headings and blank lines
 * (about {@value #PASSAGE_CHARS} characters each), and each passage is one Lucene document with
 * its base, file, heading and text. Other files are skipped and counted.
 *
 * <p>In memory, rebuilt at every start ({@link ByteBuffersDirectory}), not kept on disk: the
 * sources ship inside the deployment folder that every node is started with, so each node builds
 * the same index from the same files in the same order (sorted paths, one writer, one segment
 * after {@code forceMerge(1)}) and gives the same ranking and scores; there is no index file for
 * two nodes to lock or to let go stale when the deployment changes. Knowledge bases are policy
 * documents, not corpora: a few megabytes index in well under a second.
 */
public final class KnowledgeIndex implements AutoCloseable {

    /** Text files of a base; others are skipped. */
    static final Set<String> TEXT_SUFFIXES = Set.of(".md", ".markdown", ".txt");

    static final int PASSAGE_CHARS = 1200;
    /** The most passages one search answers. */
    public static final int MAX_LIMIT = 20;

    private static final String KB = "kb";
    private static final String SOURCE = "source";
    private static final String TITLE = "title";
    private static final String TEXT = "text";

    /** One knowledge base as configured: its name, its file or folder, and what it is for. */
    public record Base(String name, Path path, String description) {}

    /** A base as indexed: how many files and passages, and which files were not text. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Summary(String name, String description, int files, int passages, List<String> skipped) {}

    /** One answer: the base, the file (relative to the base's folder), the heading, the passage, its BM25 score. */
    @JsonNaming(PropertyNamingStrategies.SnakeCaseStrategy.class)
    public record Hit(String knowledgeBase, String source, String title, String passage, double score) {}

    private final Map<String, Summary> bases;
    private final ByteBuffersDirectory directory;
    private final DirectoryReader reader;
    private final IndexSearcher searcher;
    private final Analyzer analyzer = new EnglishAnalyzer();

    private KnowledgeIndex(Map<String, Summary> bases, ByteBuffersDirectory directory) throws IOException {
        this.bases = bases;
        this.directory = directory;
        this.reader = DirectoryReader.open(directory);
        this.searcher = new IndexSearcher(reader);
        this.searcher.setSimilarity(new BM25Similarity());
    }

    /** An index of no base (no deployment, or one without knowledge bases). */
    public static KnowledgeIndex empty() {
        return build(List.of());
    }

    /**
     * Indexes {@code bases}. A base whose path cannot be read stops the start: a deployment that
     * promised a knowledge base must not run without it.
     */
    public static KnowledgeIndex build(List<Base> bases) {
        ByteBuffersDirectory dir = new ByteBuffersDirectory();
        Map<String, Summary> summaries = new LinkedHashMap<>();
        IndexWriterConfig config = new IndexWriterConfig(new EnglishAnalyzer()).setSimilarity(new BM25Similarity());
        try (IndexWriter writer = new IndexWriter(dir, config)) {
            for (Base base :
                    bases.stream().sorted(Comparator.comparing(Base::name)).toList()) {
                summaries.put(base.name(), index(writer, base));
            }
            writer.forceMerge(1);
            writer.commit();
            return new KnowledgeIndex(Map.copyOf(summaries), dir);
        } catch (IOException e) {
            throw new UncheckedIOException("could not build the knowledge index: " + e.getMessage(), e);
        }
    }

    private static Summary index(IndexWriter writer, Base base) throws IOException {
        Path root = base.path();
        if (!Files.exists(root)) {
            throw new IOException("knowledge base " + base.name() + ": " + root + " does not exist");
        }
        List<Path> files;
        Path relativeTo = Files.isDirectory(root) ? root : root.getParent();
        try (Stream<Path> walk = Files.walk(root)) {
            files = walk.filter(Files::isRegularFile).sorted().toList();
        }
        int indexed = 0;
        int passages = 0;
        List<String> skipped = new ArrayList<>();
        for (Path file : files) {
            String rel = relativeTo.relativize(file).toString().replace('\\', '/');
            String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
            if (TEXT_SUFFIXES.stream().noneMatch(name::endsWith)) {
                skipped.add(rel);
                continue;
            }
            String text;
            try {
                text = Files.readString(file);
            } catch (MalformedInputException e) {
                skipped.add(rel);
                continue;
            }
            indexed++;
            for (Passages.Passage p : Passages.split(text, PASSAGE_CHARS)) {
                Document doc = new Document();
                doc.add(new StringField(KB, base.name(), Field.Store.YES));
                doc.add(new StoredField(SOURCE, rel));
                doc.add(new TextField(TITLE, p.title(), Field.Store.YES));
                doc.add(new TextField(TEXT, p.text(), Field.Store.YES));
                writer.addDocument(doc);
                passages++;
            }
        }
        return new Summary(base.name(), base.description(), indexed, passages, List.copyOf(skipped));
    }

    /** Every base, by name. */
    public List<Summary> bases() {
        return bases.values().stream()
                .sorted(Comparator.comparing(Summary::name))
                .toList();
    }

    public Optional<Summary> base(String name) {
        return Optional.ofNullable(bases.get(name));
    }

    /**
     * The passages that best match {@code query}, best first (ties: index order). The query is
     * free text: Lucene's query syntax is escaped, so a user's {@code "} or {@code :} is a
     * character, not an operator; heading words count twice.
     *
     * @param knowledgeBase one base, or empty for all
     * @param limit         1..{@value #MAX_LIMIT}
     * @throws IllegalArgumentException on a blank query, an unknown base or a limit out of range
     */
    public List<Hit> search(String query, Optional<String> knowledgeBase, int limit) {
        if (query == null || query.isBlank()) {
            throw new IllegalArgumentException("q: give the words to search for");
        }
        if (limit < 1 || limit > MAX_LIMIT) {
            throw new IllegalArgumentException("limit: must be 1.." + MAX_LIMIT + ", got " + limit);
        }
        knowledgeBase.ifPresent(kb -> {
            if (!bases.containsKey(kb)) {
                throw new IllegalArgumentException("no knowledge base named '" + kb + "'; known: "
                        + (bases.isEmpty()
                                ? "none"
                                : String.join(
                                        ", ",
                                        bases().stream().map(Summary::name).toList())));
            }
        });
        try {
            String escaped = QueryParser.escape(query.strip());
            Query text = new QueryParser(TEXT, analyzer).parse(escaped);
            Query title = new QueryParser(TITLE, analyzer).parse(escaped);
            BooleanQuery.Builder q = new BooleanQuery.Builder()
                    .add(text, BooleanClause.Occur.SHOULD)
                    .add(title, BooleanClause.Occur.SHOULD);
            knowledgeBase.ifPresent(kb -> q.add(new TermQuery(new Term(KB, kb)), BooleanClause.Occur.FILTER));
            List<Hit> hits = new ArrayList<>();
            for (ScoreDoc sd : searcher.search(q.build(), limit).scoreDocs) {
                Document d = searcher.storedFields().document(sd.doc);
                hits.add(new Hit(d.get(KB), d.get(SOURCE), d.get(TITLE), d.get(TEXT), sd.score));
            }
            return hits;
        } catch (ParseException e) {
            // Only stop words, or nothing left after analysis: no term to rank by.
            return List.of();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() {
        try {
            reader.close();
            directory.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
