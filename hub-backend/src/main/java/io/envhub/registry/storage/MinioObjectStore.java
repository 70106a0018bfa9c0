package io.envhub.registry.storage;

import io.minio.BucketExistsArgs;
import io.minio.GetObjectArgs;
import io.minio.GetPresignedObjectUrlArgs;
import io.minio.MakeBucketArgs;
import io.minio.MinioClient;
import io.minio.PutObjectArgs;
import io.minio.RemoveObjectArgs;
import io.minio.StatObjectArgs;
import io.minio.errors.ErrorResponseException;
import io.minio.http.Method;
import io.quarkus.runtime.Startup;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.InputStream;
import java.time.Duration;
import java.util.Optional;
import org.jboss.logging.Logger;

/** {@link ObjectStore} over the S3 API through the MinIO Java SDK (works against MinIO and S3Proxy). */
@ApplicationScoped
@Startup
public class MinioObjectStore implements ObjectStore {
    private static final Logger LOG = Logger.getLogger(MinioObjectStore.class);
    /**
     * Part size of the SDK's multipart uploads (unknown lengths, odd keys): 16 MiB rather than its 5 MiB minimum, fewer
     * sequential part uploads. Costs one part buffer per upload.
     */
    private static final long PART_SIZE = 16L * 1024 * 1024;

    private final StorageConfig config;
    private final MinioClient client;
    private final MinioClient presigner;
    private final StreamingPut streamingPut;

    public MinioObjectStore(StorageConfig config) {
        this.config = config;
        this.client = MinioClient.builder()
                .endpoint(config.endpoint())
                .credentials(config.accessKey(), config.secretKey())
                .region(config.region())
                .build();
        this.presigner = config.publicEndpoint().filter(e -> !e.isBlank()).map(e -> MinioClient.builder()
                .endpoint(e)
                .credentials(config.accessKey(), config.secretKey())
                .region(config.region())
                .build()).orElse(client);
        this.streamingPut = new StreamingPut(config);
    }

    @PostConstruct
    void ensureBucket() {
        try {
            if (!client.bucketExists(BucketExistsArgs.builder().bucket(config.bucket()).build())) {
                client.makeBucket(MakeBucketArgs.builder().bucket(config.bucket()).build());
                LOG.infof("created bucket %s", config.bucket());
            }
        } catch (Exception e) {
            LOG.warnf("object store at %s not ready yet: %s", config.endpoint(), e.getMessage());
        }
    }

    /**
     * A known length goes as one PutObject streamed while it is read ({@link StreamingPut}: no part buffered, no hash
     * pass before sending); an unknown length through the SDK's multipart upload.
     */
    @Override
    public void put(String key, InputStream data, long size, String contentType) {
        if (streamingPut.accepts(key, size)) {
            streamingPut.put(key, data, size, contentType);
            return;
        }
        try {
            client.putObject(PutObjectArgs.builder().bucket(config.bucket()).object(key)
                    .stream(data, size, PART_SIZE).contentType(contentType).build());
        } catch (Exception e) {
            throw new StorageException("could not store " + key, e);
        }
    }

    @Override
    public InputStream get(String key) {
        try {
            return client.getObject(GetObjectArgs.builder().bucket(config.bucket()).object(key).build());
        } catch (Exception e) {
            throw new StorageException("could not read " + key, e);
        }
    }

    @Override
    public InputStream get(String key, long offset, long length) {
        try {
            return client.getObject(GetObjectArgs.builder().bucket(config.bucket()).object(key).offset(offset).length(length)
                    .build());
        } catch (Exception e) {
            throw new StorageException("could not read " + key + " at " + offset, e);
        }
    }

    @Override
    public Optional<Long> size(String key) {
        try {
            return Optional.of(client.statObject(StatObjectArgs.builder().bucket(config.bucket()).object(key).build()).size());
        } catch (ErrorResponseException e) {
            if ("NoSuchKey".equals(e.errorResponse().code()) || "NoSuchObject".equals(e.errorResponse().code())) {
                return Optional.empty();
            }
            throw new StorageException("could not stat " + key, e);
        } catch (Exception e) {
            throw new StorageException("could not stat " + key, e);
        }
    }

    @Override
    public void delete(String key) {
        try {
            client.removeObject(RemoveObjectArgs.builder().bucket(config.bucket()).object(key).build());
        } catch (Exception e) {
            throw new StorageException("could not delete " + key, e);
        }
    }

    @Override
    public String presignedGet(String key, Duration ttl, String downloadName) {
        try {
            GetPresignedObjectUrlArgs.Builder args = GetPresignedObjectUrlArgs.builder().method(Method.GET)
                    .bucket(config.bucket()).object(key).expiry((int) ttl.toSeconds());
            if (downloadName != null) {
                args.extraQueryParams(java.util.Map.of("response-content-disposition",
                        "attachment; filename=\"" + downloadName.replaceAll("[^A-Za-z0-9._+-]", "_") + "\""));
            }
            return presigner.getPresignedObjectUrl(args.build());
        } catch (Exception e) {
            throw new StorageException("could not presign " + key, e);
        }
    }

    @Override
    public java.util.List<StoredObject> list(String prefix) {
        java.util.List<StoredObject> objects = new java.util.ArrayList<>();
        try {
            for (io.minio.Result<io.minio.messages.Item> result : client.listObjects(io.minio.ListObjectsArgs.builder()
                    .bucket(config.bucket()).prefix(prefix).recursive(true).build())) {
                io.minio.messages.Item item = result.get();
                objects.add(new StoredObject(item.objectName(), item.size(),
                        item.lastModified() == null ? java.time.Instant.EPOCH : item.lastModified().toInstant()));
            }
            return objects;
        } catch (Exception e) {
            throw new StorageException("could not list " + prefix, e);
        }
    }

    @Override
    public boolean isReachable() {
        try {
            return client.bucketExists(BucketExistsArgs.builder().bucket(config.bucket()).build());
        } catch (Exception e) {
            return false;
        }
    }
}
