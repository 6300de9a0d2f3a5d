package svc.http.datasets;

import static org.apache.pekko.http.javadsl.server.Directives.complete;
import static org.apache.pekko.http.javadsl.server.Directives.entity;
import static org.apache.pekko.http.javadsl.server.Directives.extractMaterializer;
import static org.apache.pekko.http.javadsl.server.Directives.extractRequestEntity;
import static org.apache.pekko.http.javadsl.server.Directives.onSuccess;
import static org.apache.pekko.http.javadsl.server.Directives.parameterOptional;
import static org.apache.pekko.http.javadsl.server.Directives.withSizeLimit;
import static svc.http.server.Paging.paging;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.Executor;
import org.apache.pekko.http.javadsl.model.HttpEntity;
import org.apache.pekko.http.javadsl.model.MediaType;
import org.apache.pekko.http.javadsl.model.Multipart;
import org.apache.pekko.http.javadsl.model.StatusCodes;
import org.apache.pekko.http.javadsl.server.Route;
import org.apache.pekko.http.javadsl.unmarshalling.Unmarshaller;
import org.apache.pekko.stream.Materializer;
import org.apache.pekko.stream.javadsl.Sink;
import org.apache.pekko.util.ByteString;
import svc.core.datasets.DatasetService;
import svc.core.datasets.DatasetStore;
import svc.governance.permission.Role;
import svc.http.problem.ApiProblem;
import svc.http.server.Call;
import svc.http.server.Endpoint;
import svc.http.server.Endpoint.Doc;
import svc.http.server.Endpoint.Query;
import svc.http.server.JsonSupport;
import svc.http.server.Page;

/**
 * Datasets: upload, list, detail. An upload is either the raw file ({@code text/csv} or
 * {@code application/x-ndjson}, {@code ?name=} naming it) or a {@code multipart/form-data} form
 * with one file part (and optional {@code name} and {@code consent_doc_ref} fields); both are
 * streamed into the dataset store as they arrive, never held in memory, and cut off with a 413
 * past {@code svc.datasets.max-upload-bytes}. The answer is 201 with the dataset, or 200 with the
 * existing one when the same bytes were uploaded before (the id is taken from the content).
 */
public final class DatasetEndpoints {

    /** Raw upload media types and the dataset format each carries. */
    private static final Map<String, String> FORMATS = Map.of(
            "text/csv", "csv",
            "application/x-ndjson", "jsonl",
            "application/jsonl", "jsonl");

    /** Form fields besides the file are short; a longer one is a client's mistake. */
    private static final int MAX_FIELD_BYTES = 4096;

    /** What a multipart envelope adds to the file (boundaries, part headers, fields). */
    private static final long FORM_OVERHEAD = 64 * 1024;

    private final DatasetService datasets;
    private final Executor callbacks;

    public DatasetEndpoints(DatasetService datasets, Executor callbacks) {
        this.datasets = datasets;
        this.callbacks = callbacks;
    }

    public List<Endpoint> endpoints() {
        return List.of(
                new Endpoint(
                        "POST",
                        "/api/v1/datasets",
                        Role.OPERATOR,
                        "datasets.create",
                        Doc.of(
                                        "datasets",
                                        "Upload a CSV or JSONL dataset (raw body or multipart form, streamed); the same"
                                                + " bytes give the same dataset_id",
                                        "Dataset")
                                .upload("DatasetUploadForm", "application/x-ndjson", "text/csv")
                                .status(201)
                                .query(
                                        new Query("name", "string", "the file's name (raw uploads)"),
                                        new Query(
                                                "consent_doc_ref",
                                                "string",
                                                "the consent document the data was collected under (lineage, erasure)"))
                                .errors(400, 401, 403, 413, 415, 429),
                        this::upload),
                new Endpoint(
                        "GET",
                        "/api/v1/datasets",
                        Role.VIEWER,
                        "datasets.list",
                        Doc.of(
                                        "datasets",
                                        "List datasets (uploaded, and those runs read from a path), newest first",
                                        "DatasetList")
                                .query(Query.LIMIT, Query.OFFSET)
                                .errors(400, 401, 429),
                        this::list),
                new Endpoint(
                        "GET",
                        "/api/v1/datasets/{dataset_id}",
                        Role.VIEWER,
                        "datasets.get",
                        Doc.of(
                                        "datasets",
                                        "One dataset with the runs that read it and the models trained on it",
                                        "DatasetDetail")
                                .errors(401, 404, 429),
                        call -> onSuccess(
                                datasets.get(call.param("dataset_id")),
                                d -> complete(StatusCodes.OK, DatasetDetail.of(d), JsonSupport.json()))));
    }

    private Route list(Call call) {
        return paging(page -> onSuccess(
                datasets.list(page.limit(), page.offset()),
                found -> complete(
                        StatusCodes.OK,
                        Page.mapped(found.items(), DatasetRecord::of, found.total(), found.limit(), found.offset()),
                        JsonSupport.json())));
    }

    private Route upload(Call call) {
        String by = call.caller().subject();
        long limit = datasets.maxUploadBytes();
        return parameterOptional(
                "name",
                name -> parameterOptional(
                        "consent_doc_ref",
                        consent -> extractRequestEntity(declared -> {
                            OptionalLong length = declared.getContentLengthOption();
                            MediaType media = declared.getContentType().mediaType();
                            boolean form =
                                    media.isMultipart() && media.subType().equals("form-data");
                            if (length.isPresent() && length.getAsLong() > limit + (form ? FORM_OVERHEAD : 0)) {
                                throw ApiProblem.payloadTooLarge("the body has " + length.getAsLong()
                                        + " bytes; a dataset may have " + limit + " (svc.datasets.max-upload-bytes)");
                            }
                            if (form) {
                                return withSizeLimit(
                                        limit + FORM_OVERHEAD,
                                        () -> entity(
                                                Unmarshaller.entityToMultipartFormData(),
                                                parts -> extractMaterializer(mat -> answer(fromForm(
                                                        parts, name.orElse(null), consent.orElse(null), by, mat)))));
                            }
                            String format = rawFormat(media);
                            DatasetService.Upload upload =
                                    new DatasetService.Upload(name.orElse(null), format, consent.orElse(null), by);
                            return withSizeLimit(
                                    limit,
                                    () -> extractRequestEntity(body ->
                                            extractMaterializer(mat -> answer(body.getDataBytes()
                                                    .runWith(datasets.receiver(), mat)
                                                    .thenComposeAsync(r -> datasets.register(r, upload), callbacks)))));
                        })));
    }

    private static Route answer(CompletionStage<DatasetService.Uploaded> uploaded) {
        return onSuccess(
                uploaded,
                up -> complete(
                        up.created() ? StatusCodes.CREATED : StatusCodes.OK,
                        DatasetRecord.of(up.dataset()),
                        JsonSupport.json()));
    }

    private static String rawFormat(MediaType media) {
        String type = media.mainType() + "/" + media.subType();
        String format = FORMATS.get(type.toLowerCase(Locale.ROOT));
        if (format == null) {
            throw ApiProblem.unsupportedMediaType("a dataset upload is text/csv, application/x-ndjson or"
                    + " multipart/form-data with a file part; got " + type);
        }
        return format;
    }

    // ---- multipart ----------------------------------------------------------------------------

    /** What the form carried: its one file, received into the store, and its fields. */
    private static final class Form {
        final List<DatasetStore.Received> files = new ArrayList<>();
        String fileName;
        String format;
        String name;
        String consent;
    }

    /**
     * Reads the parts in order: the file part (the one with a file name, or named {@code file})
     * streams into the store; {@code name} and {@code consent_doc_ref} are short fields; anything
     * else, a second file or no file is a 400, and whatever was received is deleted.
     */
    private CompletionStage<DatasetService.Uploaded> fromForm(
            Multipart.FormData parts, String queryName, String queryConsent, String by, Materializer mat) {
        Form form = new Form();
        return parts.getParts()
                .mapAsync(1, part -> part(part, form, mat))
                .runWith(Sink.ignore(), mat)
                .thenComposeAsync(
                        done -> {
                            if (form.files.size() != 1) {
                                throw ApiProblem.badRequest(
                                        form.files.isEmpty()
                                                ? "file: the form needs one file part (named file)"
                                                : "file: the form has " + form.files.size() + " file parts; send one");
                            }
                            String name = form.name != null ? form.name : queryName != null ? queryName : form.fileName;
                            String consent = form.consent != null ? form.consent : queryConsent;
                            return datasets.register(
                                    form.files.get(0), new DatasetService.Upload(name, form.format, consent, by));
                        },
                        callbacks)
                .whenCompleteAsync(
                        (ok, failure) -> {
                            if (failure != null) {
                                form.files.forEach(datasets::discard);
                            }
                        },
                        callbacks);
    }

    private CompletionStage<Object> part(Multipart.FormData.BodyPart part, Form form, Materializer mat) {
        Optional<String> fileName = part.getFilename();
        if (fileName.isPresent() || part.getName().equals("file")) {
            form.fileName = fileName.orElse(null);
            form.format = partFormat(part, form.fileName);
            return part.getEntity()
                    .getDataBytes()
                    .runWith(datasets.receiver(), mat)
                    .thenApplyAsync(
                            received -> {
                                form.files.add(received);
                                return (Object) received;
                            },
                            callbacks);
        }
        if (!part.getName().equals("name") && !part.getName().equals("consent_doc_ref")) {
            part.getEntity().discardBytes(mat);
            return CompletableFuture.failedFuture(ApiProblem.badRequest(
                    part.getName() + ": not a field of a dataset upload (file, name, consent_doc_ref)"));
        }
        return part.getEntity()
                .getDataBytes()
                .limitWeighted(MAX_FIELD_BYTES, chunk -> (long) chunk.size())
                .runFold(ByteString.emptyByteString(), ByteString::concat, mat)
                .handleAsync(
                        (bytes, failure) -> {
                            if (failure != null) {
                                throw ApiProblem.badRequest(
                                        part.getName() + ": a form field may have " + MAX_FIELD_BYTES + " bytes");
                            }
                            String value = bytes.utf8String().strip();
                            if (part.getName().equals("name")) {
                                form.name = value;
                            } else {
                                form.consent = value;
                            }
                            return (Object) value;
                        },
                        callbacks);
    }

    /** The file part's format: its content type when it names one, else its file name's extension, else sniffed. */
    private static String partFormat(Multipart.FormData.BodyPart part, String fileName) {
        HttpEntity entity = part.getEntity();
        MediaType media = entity.getContentType().mediaType();
        String byType = FORMATS.get((media.mainType() + "/" + media.subType()).toLowerCase(Locale.ROOT));
        if (byType != null) {
            return byType;
        }
        String lower = fileName == null ? "" : fileName.toLowerCase(Locale.ROOT);
        if (lower.endsWith(".csv")) {
            return "csv";
        }
        if (lower.endsWith(".jsonl") || lower.endsWith(".ndjson")) {
            return "jsonl";
        }
        return null;
    }
}
